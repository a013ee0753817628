// `npm run dev`: the live preview. Vite serves the app with the site model as a virtual module and
// reloads the page on every YAML or Markdown change; content errors appear in the browser with the
// same file:line:col message as `npm run validate`. The lead endpoints run inside it (the production
// app, writing to DATA_DIR), so forms send from the preview as they do on the site.
// `npm run studio` starts the same server with its own plugin added (startDev's `plugins`).
import { createServer, type PluginOption, type ViteDevServer } from 'vite';
import path from 'node:path';
import { configFromEnv } from '../server/config.ts';
import { devLeadsPlugin } from './preview/dev-leads.ts';

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

  const server = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    plugins: [devLeadsPlugin(config), ...(options.plugins ?? [])],
    logLevel: options.quiet ? 'warn' : undefined,
    server: { port, host: process.env.HOST ?? 'localhost' },
  });
  await server.listen();
  if (!options.quiet) {
    server.printUrls();
    console.log(
      `Editing site/ reloads the page. Leads from the preview go to ${path.join(config.dataDir, 'outbox')} unless SMTP_URL is set.`,
    );
  }
  return server;
}

if (import.meta.main) await startDev();
