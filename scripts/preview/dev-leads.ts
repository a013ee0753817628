// The lead endpoints inside `npm run dev`: the same Fastify app as production (validation, spool,
// outbox or SMTP), built from the forms as they are now and rebuilt when a form changes. Requests
// are handed to it in-process, so the browser's own Host and Origin reach the same-site check,
// which stays as strict as in production.
import type { FastifyInstance } from 'fastify';
import type { Plugin } from 'vite';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import { manifest } from '../site-build/site-files.ts';
import type { SiteApi } from '../site-build/vite-plugin-site.ts';

export function devLeadsPlugin(config: ServerConfig): Plugin {
  let current: { key: string; app: Promise<FastifyInstance> } | undefined;
  return {
    name: 'site-dev-leads',
    apply: 'serve',
    configureServer(server) {
      const site = server.config.plugins.find((plugin) => plugin.name === 'site')?.api as SiteApi | undefined;
      if (!site) throw new Error('devLeadsPlugin needs the site plugin.');
      const appFor = (model: NonNullable<ReturnType<SiteApi['model']>>) => {
        const forms = manifest(model);
        const key = JSON.stringify([forms.forms, forms.site]);
        if (current?.key !== key) {
          const previous = current?.app;
          const app = (async () => {
            await previous?.then((old) => old.close()).catch(() => undefined);
            const app = await buildApp({ config, manifest: forms, serveSite: false, logger: { level: 'warn' } });
            await app.ready();
            return app;
          })();
          current = { key, app };
        }
        return current.app;
      };
      server.middlewares.use((req, res, next) => {
        const model = site.model();
        const pathname = (req.url ?? '/').split('?')[0];
        if (!model || !model.forms.some((form) => form.endpoint === pathname)) return next();
        appFor(model).then((app) => app.routing(req, res), next);
      });
      server.httpServer?.once('close', () => void current?.app.then((app) => app.close()).catch(() => undefined));
    },
  };
}
