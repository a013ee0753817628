// `npm run dev`: the live preview. Vite serves the app with the site model as a virtual module and
// reloads the page on every YAML or Markdown change; content errors appear in the browser with the
// same file:line:col message as `npm run validate`. The lead endpoints run beside it (in-process,
// writing to DATA_DIR as in production) and Vite forwards form submissions to them.
// `npm run studio` starts the same server with its own plugin added (startDev's `plugins`).
import { createServer, type PluginOption, type ViteDevServer } from 'vite';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { formatError } from './content/errors.ts';
import { loadSite } from './content/load-site.ts';
import { manifest } from './build/site-files.ts';

export const projectRoot = path.join(import.meta.dirname, '..');

export interface DevOptions {
  /** Extra Vite plugins (the studio's). */
  plugins?: PluginOption[];
  /** Print only warnings and errors: the caller prints its own address line. */
  quiet?: boolean;
}

export async function startDev(options: DevOptions = {}): Promise<ViteDevServer> {
  const root = projectRoot;
  const config = configFromEnv(process.env, root);
  const port = Number(process.env.PORT ?? 5173);

  const initial = await loadSite({ root: process.env.SITE_ROOT ?? root, includeDrafts: true });
  if (!initial.model) console.error(`site/ has errors (the preview shows them until they are fixed):\n${initial.errors.map(formatError).join('\n')}`);
  const forms = initial.model ? manifest(initial.model) : undefined;
  let leadsTarget: string | undefined;
  if (forms) {
    const leads = await buildApp({ config, manifest: forms, serveSite: false, logger: { level: 'warn' } });
    leadsTarget = await leads.listen({ port: 0, host: '127.0.0.1' });
  }

  const server = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    plugins: options.plugins,
    logLevel: options.quiet ? 'warn' : undefined,
    server: { port, host: process.env.HOST ?? 'localhost', proxy: leadsTarget ? { '/email/api': leadsTarget } : undefined },
  });
  await server.listen();
  if (!options.quiet) {
    server.printUrls();
    console.log(`Editing site/ reloads the page. Leads from the preview go to ${path.join(config.dataDir, 'outbox')} unless SMTP_URL is set.`);
  }
  return server;
}

if (import.meta.main) await startDev();
