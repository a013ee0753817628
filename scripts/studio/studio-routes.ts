// The studio as routes of a Fastify app, the same in `npm run studio` and inside `npm start`: the
// studio page, its API, the preview's data of each window's unsaved edit, and everything else of
// the preview (the site's pages, the app's modules) handed to Vite's middleware, which runs inside
// the app rather than as a server of its own.
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { ViteDevServer } from 'vite';
import { securityHeaders } from '../../server/security-headers.ts';
import { cleanTemporaryFiles } from '../../shared/confined-writes.ts';
import { siteFiles } from '../../shared/confined-files.ts';
import { shellDataUrl } from '../../shared/route-data.ts';
import { keyRoute, studioApiPath, studioPath, tokenMeta } from '../../shared/studio-protocol.ts';
import { studioApi, type StudioApiOptions } from './api.ts';
import { previewWindow } from './api-schemas.ts';
import { siteShell } from '../site-build/model-to-routes.ts';
import { studioErrorHandler } from './api-errors.ts';
import type { StudioState } from './studio-state.ts';

export interface StudioRoutesOptions extends Omit<StudioApiOptions, 'authenticate'> {
  state: StudioState;
  /** The secret the studio page holds and every API request carries. */
  token: string;
  /** The preview's Vite server (on the server started at the first request that needs it). */
  vite: () => Promise<ViteDevServer>;
  /** Where the preview is served: `/` on the laptop, previewPath inside `npm start`. */
  previewBase: string;
  /** Refuses a request for the studio page that must not have it (on the laptop: another address). */
  checkPage: (request: IncomingMessage) => void;
  /** Refuses an API request that is not the studio page's own (its key; on the laptop its address too). */
  authenticate: (request: IncomingMessage) => void;
}

const studioHtml = (token: string) => `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="${tokenMeta}" content="${token}" />
    <title>Studio</title>
  </head>
  <body>
    <div id="studio"></div>
    <script type="module" src="/src/studio/main.tsx"></script>
  </body>
</html>
`;

export async function studioRoutes(app: FastifyInstance, options: StudioRoutesOptions) {
  const { state, vite, previewBase } = options;
  // What writes killed mid-way left (hidden .name.<pid>-<random>.tmp files) goes first.
  await cleanTemporaryFiles(siteFiles(state.root));

  await app.register(studioApi, { ...options, prefix: studioApiPath.slice(0, -1) });

  /** Vite answers: with the preview's base taken off, as its plugins answer the paths of `npm run studio`. */
  const toVite = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith(studioApiPath))
      return reply.code(404).send({ error: `No such studio request: ${request.method} ${request.url.split('?')[0]}.` });
    const server = await vite();
    if (previewBase !== '/' && request.raw.url?.startsWith(previewBase))
      request.raw.url = request.raw.url.slice(previewBase.length - 1);
    // The headers set so far (security headers, no-store) go along; Vite may replace them.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    server.middlewares(request.raw, reply.raw, () => {
      if (reply.raw.headersSent) return reply.raw.end();
      reply.raw.statusCode = 404;
      reply.raw.setHeader('content-type', 'application/json; charset=utf-8');
      reply.raw.end(JSON.stringify({ error: 'Nothing in the studio here.' }));
    });
  };

  await app.register(async (pages) => {
    pages.setErrorHandler(studioErrorHandler);

    pages.get(studioPath, async (request, reply) => {
      options.checkPage(request.raw);
      const html = await (await vite()).transformIndexHtml(request.url, studioHtml(options.token));
      // The site's headers as they are, frame-ancestors 'none' included: another page must not
      // frame the studio and trick a click on Delete or Save (only the preview may be framed).
      return reply
        .headers(securityHeaders)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    });

    // The current key, for a studio page opened before the server restarted (it made a new key).
    // It asks without the old key, so this answers under the studio page's own rules (the page
    // holds the key in its HTML): on the laptop its address, on the server the gate's session.
    // Only a same-origin script can read the answer; a browser that says the request comes from
    // elsewhere is refused outright.
    pages.get(`${studioApiPath}${keyRoute}`, async (request, reply) => {
      options.checkPage(request.raw);
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin')
        return reply.code(403).send({ error: 'Refused: the studio gives its key to its own pages only.' });
      return reply.header('cache-control', 'no-store').send({ key: options.token });
    });

    // The preview's data: this window's unsaved edit where it has one, else the saved site's.
    const dataPath = path.posix.join(previewBase, '_data');
    pages.get(`${dataPath}/*`, async (request, reply) => {
      const preview = state.preview(previewWindow(request));
      const url = request.url.split('?')[0].slice(previewBase.length - 1);
      if (url === shellDataUrl) {
        if (preview) return reply.header('cache-control', 'no-store').send(preview.shell);
        const { model } = await state.savedSite();
        if (!model) return reply.code(404).send({ error: 'The site has problems to fix before it can be shown.' });
        return reply.header('cache-control', 'no-store').send(siteShell(model));
      }
      const route = preview?.routes.get(url);
      if (route) return reply.header('cache-control', 'no-store').send(route);
      return toVite(request, reply);
    });

    // Everything else of the preview is Vite's; its bodies (a form sent in the preview) stay unread.
    await pages.register(async (rest) => {
      rest.removeAllContentTypeParsers();
      rest.addContentTypeParser('*', (_request, _payload, done) => done(null));
      rest.all(previewBase === '/' ? '/*' : `${previewBase}*`, toVite);
    });
  });
}
