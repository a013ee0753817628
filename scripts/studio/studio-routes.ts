// The studio as routes of a Fastify app, the same in `npm run studio` and inside `npm start`: the
// studio page, its API, and the preview's data (each window's unsaved edit, else the saved site).
// The studio's code and the rest of the preview come from Vite's middleware on the laptop, where
// developers change that code, and from the prebuilt bundle on the server (preview-files.ts).
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
import { studioErrorHandler } from './api-errors.ts';
import { previewFiles } from './preview-files.ts';
import type { StudioBundle } from './studio-bundle.ts';
import type { StudioState } from './studio-state.ts';

/** Where the studio's code and the preview's pages come from: Vite's dev server, or the prebuilt bundle. */
export type StudioCode = { vite: () => Promise<ViteDevServer> } | { bundle: () => Promise<StudioBundle> };

export interface StudioRoutesOptions extends Omit<StudioApiOptions, 'authenticate'> {
  state: StudioState;
  /** The secret the studio page holds and every API request carries. */
  token: string;
  code: StudioCode;
  /** Where the preview is served: `/` on the laptop, previewPath inside `npm start`. */
  previewBase: string;
  /** Refuses a request for the studio page that must not have it (on the laptop: another address). */
  checkPage: (request: IncomingMessage) => void;
  /** Refuses an API request that is not the studio page's own (its key; on the laptop its address too). */
  authenticate: (request: IncomingMessage) => void;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const studioHtml = (token: string, code: string) => `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="${tokenMeta}" content="${token}" />
    <title>Studio</title>
    ${code}
  </head>
  <body>
    <div id="studio"></div>
  </body>
</html>
`;

/**
 * The studio page's own tags: its entry as Vite serves it (with the site's icon, from Vite's
 * plugins), or the bundle's script, its imports and its CSS, and the site's icon from the preview.
 */
async function studioPage(options: StudioRoutesOptions, url: string): Promise<string> {
  const { code, token, state, previewBase } = options;
  if ('vite' in code)
    return (await code.vite()).transformIndexHtml(
      url,
      studioHtml(token, '<script type="module" src="/src/studio/main.tsx"></script>'),
    );
  const [{ studio }, saved] = await Promise.all([code.bundle(), state.savedPreview()]);
  const favicon = saved?.shells.get(shellDataUrl())?.settings.favicon;
  const icon = favicon?.startsWith('/') ? previewBase.slice(0, -1) + favicon : favicon;
  const tags = [
    ...(icon ? [`<link rel="icon" href="${escapeAttribute(icon)}" />`] : []),
    ...studio.styles.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}" />`),
    ...studio.preloads.map((href) => `<link rel="modulepreload" href="${escapeAttribute(href)}" />`),
    `<script type="module" src="${escapeAttribute(studio.script)}"></script>`,
  ];
  return studioHtml(token, tags.join('\n    '));
}

export async function studioRoutes(app: FastifyInstance, options: StudioRoutesOptions) {
  const { state, code, previewBase } = options;
  // What writes killed mid-way left (hidden .name.<pid>-<random>.tmp files) goes first.
  await cleanTemporaryFiles(siteFiles(state.root));

  await app.register(studioApi, { ...options, prefix: studioApiPath.slice(0, -1) });

  await app.register(async (pages) => {
    pages.setErrorHandler(studioErrorHandler);

    pages.get(studioPath, async (request, reply) => {
      options.checkPage(request.raw);
      const html = await studioPage(options, request.url);
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

    // The preview's data: this window's unsaved edit where it has one, else the saved site's (the
    // last version that compiled while the files have problems).
    const dataPath = path.posix.join(previewBase, '_data');
    pages.get(`${dataPath}/*`, async (request, reply) => {
      const preview = state.preview(previewWindow(request)) ?? (await state.savedPreview());
      const url = request.url.split('?')[0].slice(previewBase.length - 1);
      reply.header('cache-control', 'no-store');
      if (!preview) return reply.code(404).send({ error: 'The site has problems to fix before it can be shown.' });
      const shell = preview.shells.get(url);
      if (shell) return reply.send(shell);
      return reply.code(preview.routes.has(url) ? 200 : 404).send(preview.routes.get(url) ?? { kind: 'not-found' });
    });

    if ('bundle' in code) await pages.register(previewFiles, { state, bundle: code.bundle, previewBase });
    else await pages.register(viteRoutes, { vite: code.vite, previewBase });
  });
}

/** Everything else of the laptop's preview is Vite's; its bodies (a form sent in the preview) stay unread. */
async function viteRoutes(app: FastifyInstance, options: { vite: () => Promise<ViteDevServer>; previewBase: string }) {
  const { previewBase } = options;
  /** Vite answers: with the preview's base taken off, as its plugins answer the paths at the root. */
  const toVite = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith(studioApiPath))
      return reply.code(404).send({ error: `No such studio request: ${request.method} ${request.url.split('?')[0]}.` });
    const server = await options.vite();
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
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.all(previewBase === '/' ? '/*' : `${previewBase}*`, toVite);
}
