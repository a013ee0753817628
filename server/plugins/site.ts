// Serves the build: each declared route → 200 with its prerendered HTML, each redirect → 301,
// any other path → 404 with the not-found page. Files are streamed from disk by @fastify/static
// (precompressed variants, ETags, ranges); build-files.ts decides which files may be sent.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfinedFileError, pathFromUrl } from '../../shared/confined-files.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { redirectCacheControl } from '../public-files.ts';
import { headersForMediaType } from '../security-headers.ts';
import { notFoundFile, openBuild, pageFile, publicFile, refuseLinks, type ServedFile } from './build-files.ts';

export async function readManifest(distDir: string): Promise<SiteManifest> {
  try {
    return JSON.parse(await readFile(path.join(distDir, '_site.json'), 'utf8'));
  } catch {
    throw new Error(
      `No build in ${distDir}: run \`npm run build\` first (or \`npm start\`, which builds when needed).`,
    );
  }
}

// The media type each reply was given: @fastify/static names the type itself when it sends a
// precompressed variant, and media-types.ts is the one table of types (onSend below restores it).
const sentTypes = new WeakMap<FastifyReply, string>();

const conditionalHeaders = [
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'if-range',
  'range',
];

// Returns nothing: the handlers below are synchronous and @fastify/static sends the reply (a reply
// returned from a handler is awaited once more, another pair of listeners on the response).
function send(reply: FastifyReply, file: ServedFile, status = 200): void {
  sentTypes.set(reply, file.type);
  reply.header('Content-Type', file.type).header('Cache-Control', file.cacheControl);
  // An SVG gets its sandboxing policy in place of the pages' (security-headers.ts).
  reply.headers(headersForMediaType(file.type));
  if (status === 200) {
    reply.sendFile(file.file);
    return;
  }
  // The not-found page is an answer, not a resource: no validator and no range, so a conditional
  // or range request (If-None-Match: *, If-Match) gets the page too, never a 304, 412 or 206.
  for (const name of conditionalHeaders) delete reply.request.raw.headers[name];
  reply.code(status).sendFile(file.file, { etag: false, acceptRanges: false });
}

export async function site(app: FastifyInstance, options: { distDir: string; manifest: SiteManifest }) {
  const { distDir, manifest } = options;
  const build = await openBuild(distDir);
  if (!build.files.has(notFoundFile.file))
    throw new Error(`${distDir} has no 404.html: rebuild with \`npm run build\`.`);

  await app.register(fastifyStatic, {
    root: build.root,
    // No route of its own: the routes below choose each file, so nothing else of dist/ is reachable.
    serve: false,
    preCompressed: true,
    index: false,
    dotfiles: 'deny',
    // Cache-Control and Content-Type come from public-files.ts and media-types.ts.
    cacheControl: false,
    contentType: false,
    lastModified: false,
    onFile: refuseLinks,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = sentTypes.get(reply);
    if (type && reply.hasHeader('content-type')) reply.header('Content-Type', type);
    return payload;
  });

  for (const route of manifest.routes) {
    const file = pageFile(route);
    if (!build.files.has(file.file))
      throw new Error(`The build lists ${route} but has no HTML for it: rebuild with \`npm run build\`.`);
    app.get(route, (_request, reply) => send(reply, file));
  }
  for (const { from, to } of manifest.redirects) {
    app.get(from, (_request, reply) => reply.header('Cache-Control', redirectCacheControl).redirect(to, 301));
  }
  // The public files (public-files.ts), by exact name, decoded once and judged by
  // shared/confined-files.ts (no `..`, no hidden name, no control character); a page only at its
  // route, never as /route/index.html, so each has one address.
  app.get('/*', (request, reply) => {
    let file: ServedFile | undefined;
    try {
      file = publicFile(build, pathFromUrl(build.confinement, request.url.split('?')[0]));
    } catch (error) {
      if (!(error instanceof ConfinedFileError)) throw error;
    }
    if (file) send(reply, file);
    else reply.callNotFound();
  });

  const routes = new Set(manifest.routes);
  app.setNotFoundHandler((request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    const trimmed = url.pathname.replace(/\/+$/, '');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // /services/ is /services: one canonical address per page.
    if (isRead && trimmed !== url.pathname && routes.has(trimmed || '/'))
      return reply.redirect(`${trimmed || '/'}${url.search}`, 301);
    if (!isRead)
      return reply
        .code(404)
        .send({ statusCode: 404, error: 'Not Found', message: `No route ${request.method} ${url.pathname}` });
    send(reply, notFoundFile, 404);
  });
}
