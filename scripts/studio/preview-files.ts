// The studio on the server's code and preview as files of its prebuilt bundle (studio-bundle.ts),
// under previewPath: the bundle's assets (content-hashed, so kept by the browser), the site's
// images from the checkout, and the preview's page for each address of the saved site, answered
// as the production server answers (a redirect 301, an unknown address the page with 404). No dev
// server: nothing is compiled at a visit, and nothing but these files and site/images is reachable.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { mediaType } from '../../server/media-types.ts';
import { headersForMediaType, securityHeaders } from '../../server/security-headers.ts';
import { pathFromUrl, readConfined, siteFiles } from '../../shared/confined-files.ts';
import type { StudioBundle } from './studio-bundle.ts';
import type { StudioState } from './studio-state.ts';

/** The preview shows site pages in a frame of the studio page: same origin only. */
export const previewHeaders: Readonly<Record<string, string>> = {
  ...securityHeaders,
  'Content-Security-Policy': securityHeaders['Content-Security-Policy'].replace(
    "frame-ancestors 'none'",
    "frame-ancestors 'self'",
  ),
};

/** A file name of the bundle's assets folder: no folder, no leading dot. */
const assetName = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

const nothingHere = (reply: FastifyReply) =>
  reply.code(404).header('cache-control', 'no-store').send({ error: 'Nothing in the studio here.' });

export async function previewFiles(
  app: FastifyInstance,
  options: { state: StudioState; bundle: () => Promise<StudioBundle>; previewBase: string },
) {
  const { state, previewBase } = options;
  const site = siteFiles(state.root);

  app.get(`${previewBase}assets/:name`, async (request, reply) => {
    const { name } = request.params as { name: string };
    const type = mediaType(name);
    if (!assetName.test(name) || !type) return nothingHere(reply);
    const body = await readFile(path.join((await options.bundle()).dir, 'assets', name)).catch(() => undefined);
    if (!body) return nothingHere(reply);
    return reply
      .headers(previewHeaders)
      .headers(headersForMediaType(type))
      .type(type)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(body);
  });

  // Decoded before it is judged, and read only as a real file inside site/images: a path that
  // leads elsewhere (%2e%2e%2f…), a link or a missing file is a 404.
  app.get(`${previewBase}images/*`, async (request, reply) => {
    const file = (() => {
      try {
        return pathFromUrl(site, request.url.split('?')[0].slice(previewBase.length - 1));
      } catch {
        return undefined;
      }
    })();
    const type = file && mediaType(file);
    const body = file?.startsWith('images/') && type && (await readConfined(site, file).catch(() => undefined));
    if (!body || !type) return nothingHere(reply);
    return reply
      .headers(previewHeaders)
      .headers(headersForMediaType(type))
      .type(type)
      .header('cache-control', 'no-cache')
      .send(body);
  });

  // Every other address under the preview's is a page of the site (a request with a body, a file
  // or a hidden address is nothing here).
  app.get(`${previewBase}*`, async (request, reply) => {
    const url = request.url.split('?')[0];
    const pathname = url.slice(previewBase.length - 1);
    if (/^\/(?:_|@|src\/|node_modules\/)/.test(pathname) || path.posix.basename(pathname).includes('.'))
      return nothingHere(reply);
    const [{ previewHtml }, saved] = await Promise.all([options.bundle(), state.savedPreview()]);
    const base = previewBase.slice(0, -1);
    const { model } = await state.savedSite();
    const redirect = model?.redirects.find((r) => r.from === pathname);
    if (redirect)
      return reply
        .code(301)
        .header('location', redirect.to.startsWith('/') ? base + redirect.to : redirect.to)
        .send();
    const trimmed = pathname.replace(/\/+$/, '') || '/';
    const known = (address: string) => [...(saved?.routes.values() ?? [])].some((route) => route.path === address);
    if (trimmed !== pathname && known(trimmed))
      return reply
        .code(301)
        .header('location', base + trimmed)
        .send();
    return reply
      .code(known(pathname) ? 200 : 404)
      .headers(previewHeaders)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(previewHtml);
  });

  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: `${previewBase}*`,
    handler: async (_request, reply) => nothingHere(reply),
  });
}
