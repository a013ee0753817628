// `npm run studio`: the studio on this machine, one Fastify app holding the studio's routes
// (scripts/studio/studio-routes.ts) and its code: Vite's dev server as middleware, which compiles
// the studio's and the site's code as developers change it, or with `--built` the prebuilt bundle
// the studio on the server serves (scripts/studio/studio-bundle.ts), which opens faster and holds
// no compiler, for whoever only edits content. Prints one line, the studio's address; PORT and
// HOST as for `npm run dev`, loopback unless HOST is set.
import Fastify, { type FastifyReply } from 'fastify';
import path from 'node:path';
import { configFromEnv } from '../server/config.ts';
import { previewPath, studioPath } from '../shared/studio-protocol.ts';
import { projectRoot } from './dev.ts';
import { devLeadsPlugin, previewLeads } from './preview/dev-leads.ts';
import { allowedHosts, checkAddress, checkRequest, newToken } from './studio/guard.ts';
import { StudioState } from './studio/studio-state.ts';
import { studioRoutes, type StudioCode } from './studio/studio-routes.ts';
import { studioBundle } from './studio/studio-bundle.ts';
import { previewHeaders } from './studio/preview-files.ts';
import { studioVitePlugin } from './studio/vite-studio.ts';
import { watchSite } from './studio/watch-site.ts';

const host = process.env.HOST || 'localhost';
if (!['localhost', '127.0.0.1', '::1'].includes(host))
  console.warn(
    `Warning: HOST=${host} lets other machines on your network open the studio, and the studio changes the files in site/. Use it only on a network you trust, and unset HOST when you are done.`,
  );

const built = process.argv.includes('--built');
const state = new StudioState(process.env.SITE_ROOT ?? projectRoot);
const serverConfig = configFromEnv(process.env, projectRoot);
const token = newToken();
const hosts = allowedHosts(process.env.HOST);
// Every answer carries the preview's headers, the studio page its own stricter ones; so does the
// refusal of an address Fastify cannot read, which no hook sees.
const app = Fastify({
  forceCloseConnections: true,
  frameworkErrors: (_error, _request, reply: FastifyReply) =>
    reply.headers(previewHeaders).code(400).send({ error: 'This address cannot be read.' }),
});
app.addHook('onRequest', async (_request, reply) => {
  reply.headers(previewHeaders);
});

async function viteCode(): Promise<StudioCode> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: projectRoot,
    configFile: path.join(projectRoot, 'vite.config.ts'),
    plugins: [devLeadsPlugin(serverConfig), studioVitePlugin(state)],
    logLevel: 'warn',
    server: { middlewareMode: true, ws: { server: app.server } },
  });
  // Before the server closes, not after: the server's close waits for every open socket, and Vite's
  // websockets (the open studio pages' and previews') end only when Vite closes.
  app.addHook('preClose', () => vite.close());
  return { vite: async () => vite };
}

/** The bundle's code; a form sent in the preview reaches the lead endpoints of the saved site's forms. */
async function builtCode(): Promise<StudioCode> {
  const bundle = await studioBundle(projectRoot);
  const watcher = watchSite(state);
  const leads = previewLeads(serverConfig);
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(studioPath)) return;
    const { model } = await state.savedSite();
    if (model && leads.handle(model, request.raw, reply.raw)) reply.hijack();
  });
  app.addHook('onClose', async () => {
    watcher.close();
    await leads.close();
  });
  return { bundle: async () => bundle };
}

const port = () => {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : 0;
};
await app.register(studioRoutes, {
  state,
  token,
  code: built ? await builtCode() : await viteCode(),
  previewBase: built ? previewPath : '/',
  checkPage: (request) => checkAddress(request, { hosts, port: port() }),
  authenticate: (request) => checkRequest(request, { token, hosts, port: port() }),
});

for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    app.close().finally(() => process.exit(0));
  });
await app.listen({ port: Number(process.env.PORT ?? 5173), host });
console.log(`Studio: http://localhost:${port()}${studioPath}`);
