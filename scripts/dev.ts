// `npm run dev`: the live preview. Vite serves the app with the site model as a virtual module and
// reloads the page on every YAML or Markdown change; content errors appear in the browser with the
// same file:line:col message as `npm run validate`. The lead endpoints run beside it (in-process,
// writing to DATA_DIR as in production) and Vite forwards form submissions to them.
import { createServer } from 'vite';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { formatError } from './content/errors.ts';
import { loadSite } from './content/load-site.ts';
import { manifest } from './build/site-files.ts';

const root = path.join(import.meta.dirname, '..');
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
  server: { port, host: process.env.HOST ?? 'localhost', proxy: leadsTarget ? { '/email/api': leadsTarget } : undefined },
});
await server.listen();
server.printUrls();
console.log(`Editing site/ reloads the page. Leads from the preview go to ${path.join(config.dataDir, 'outbox')} unless SMTP_URL is set.`);
