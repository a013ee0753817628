// `npm run studio`: the studio on this machine, one Fastify app holding the studio's routes and the
// preview's Vite server as middleware (scripts/studio/studio-routes.ts). Prints one line, the
// studio's address; PORT and HOST as for `npm run dev`, loopback unless HOST is set.
import Fastify, { type FastifyReply } from 'fastify';
import path from 'node:path';
import { createServer } from 'vite';
import { configFromEnv } from '../server/config.ts';
import { studioPath } from '../shared/studio-protocol.ts';
import { projectRoot } from './dev.ts';
import { devLeadsPlugin } from './preview/dev-leads.ts';
import { allowedHosts, checkAddress, checkRequest, newToken } from './studio/guard.ts';
import { StudioState } from './studio/studio-state.ts';
import { studioRoutes } from './studio/studio-routes.ts';
import { previewHeaders } from './studio/preview-files.ts';
import { studioVitePlugin } from './studio/vite-studio.ts';

const host = process.env.HOST || 'localhost';
if (!['localhost', '127.0.0.1', '::1'].includes(host))
  console.warn(
    `Warning: HOST=${host} lets other machines on your network open the studio, and the studio changes the files in site/. Use it only on a network you trust, and unset HOST when you are done.`,
  );

const state = new StudioState(process.env.SITE_ROOT ?? projectRoot);
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
const vite = await createServer({
  root: projectRoot,
  configFile: path.join(projectRoot, 'vite.config.ts'),
  plugins: [devLeadsPlugin(configFromEnv(process.env, projectRoot)), studioVitePlugin(state)],
  logLevel: 'warn',
  server: { middlewareMode: true, ws: { server: app.server } },
});
// Before the server closes, not after: the server's close waits for every open socket, and Vite's
// websockets (the open studio pages' and previews') end only when Vite closes.
app.addHook('preClose', () => vite.close());

const port = () => {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : 0;
};
await app.register(studioRoutes, {
  state,
  token,
  code: { vite: async () => vite },
  previewBase: '/',
  checkPage: (request) => checkAddress(request, { hosts, port: port() }),
  authenticate: (request) => checkRequest(request, { token, hosts, port: port() }),
});

for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    app.close().finally(() => process.exit(0));
  });
await app.listen({ port: Number(process.env.PORT ?? 5173), host });
console.log(`Studio: http://localhost:${port()}${studioPath}`);
