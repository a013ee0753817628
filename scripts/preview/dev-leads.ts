// The lead endpoints of a preview (`npm run dev`, `npm run studio`): the same Fastify app as
// production (validation, spool, outbox or SMTP), built from the forms as they are now and rebuilt
// when a form changes. Requests are handed to it in-process, so the browser's own Host and Origin
// reach the same-site check, which stays as strict as in production.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Plugin } from 'vite';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import type { SiteModel } from '../content/model.ts';
import { manifest } from '../site-build/site-files.ts';
import type { SiteApi } from '../site-build/vite-plugin-site.ts';

export interface PreviewLeads {
  /** Answers `req` when its address is a form's endpoint of `model`; false when it is not one. */
  handle: (model: SiteModel, req: IncomingMessage, res: ServerResponse) => boolean;
  close: () => Promise<void>;
}

export function previewLeads(config: ServerConfig): PreviewLeads {
  let current: { key: string; app: Promise<FastifyInstance> } | undefined;
  const appFor = (model: SiteModel) => {
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
  return {
    handle(model, req, res) {
      const pathname = (req.url ?? '/').split('?')[0];
      if (!model.forms.some((form) => form.endpoint === pathname)) return false;
      void appFor(model).then(
        (app) => app.routing(req, res),
        () => res.writeHead(503).end(),
      );
      return true;
    },
    close: async () => void (await current?.app.then((app) => app.close()).catch(() => undefined)),
  };
}

/** The lead endpoints as middleware of the preview's Vite server. */
export function devLeadsPlugin(config: ServerConfig): Plugin {
  return {
    name: 'site-dev-leads',
    apply: 'serve',
    configureServer(server) {
      const site = server.config.plugins.find((plugin) => plugin.name === 'site')?.api as SiteApi | undefined;
      if (!site) throw new Error('devLeadsPlugin needs the site plugin.');
      const leads = previewLeads(config);
      server.middlewares.use((req, res, next) => {
        const model = site.model();
        if (!model || !leads.handle(model, req, res)) next();
      });
      server.httpServer?.once('close', () => void leads.close());
    },
  };
}
