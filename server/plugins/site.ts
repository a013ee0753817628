// Serves the live build (server/releases/live.ts): each declared route → 200 with its prerendered
// HTML, each redirect → 301, any other path → 404 with the not-found page. Files are streamed from
// disk by @fastify/static (precompressed variants, ETags, ranges); build-files.ts decides which files
// may be sent. The routes are looked up per request in the build that request started with, so a
// switch to another release changes every answer at once and fails none in flight.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfinedFileError, pathFromUrl } from '../../shared/confined-files.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { redirectCacheControl } from '../public-files.ts';
import { headersForMediaType } from '../security-headers.ts';
import type { LiveSite } from '../releases/live.ts';
import { notFoundFile, pageFile, publicFile, refuseLinks, type Build, type ServedFile } from './build-files.ts';

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

// Files with content-hashed names: an old page still open in a browser asks for them after a
// switch, so they are also looked for in the previous kept releases.
const keptAcrossReleases = ['assets/', 'images/'];

// Returns nothing: the handlers below are synchronous and @fastify/static sends the reply (a reply
// returned from a handler is awaited once more, another pair of listeners on the response).
function send(reply: FastifyReply, build: Build, file: ServedFile, status = 200): void {
  sentTypes.set(reply, file.type);
  reply.header('Content-Type', file.type).header('Cache-Control', file.cacheControl);
  // An SVG gets its sandboxing policy in place of the pages' (security-headers.ts).
  reply.headers(headersForMediaType(file.type));
  if (status === 200) {
    reply.sendFile(file.file, build.root);
    return;
  }
  // The not-found page is an answer, not a resource: no validator and no range, so a conditional
  // or range request (If-None-Match: *, If-Match) gets the page too, never a 304, 412 or 206.
  for (const name of conditionalHeaders) delete reply.request.raw.headers[name];
  reply.code(status).sendFile(file.file, build.root, { etag: false, acceptRanges: false });
}

export async function site(app: FastifyInstance, options: { live: LiveSite }) {
  const { live } = options;
  await app.register(fastifyStatic, {
    root: live.current.build.root,
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

  // Every GET goes through here: a route of the live build, one of its redirects, or one of its
  // public files (public-files.ts) by exact name, decoded once and judged by
  // shared/confined-files.ts (no `..`, no hidden name, no control character); a page only at its
  // route, never as /route/index.html, so each has one address.
  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const { build, routes, redirects, manifest } = live.current;
    const { languages } = manifest.site;
    const pathname = request.url.split('?')[0];
    if (routes.has(pathname)) return send(reply, build, pageFile(pathname));
    const to = redirects.get(pathname);
    if (to !== undefined) {
      reply.header('Cache-Control', redirectCacheControl).redirect(to, 301);
      return;
    }
    let relative: string | undefined;
    try {
      relative = pathFromUrl(build.confinement, pathname);
    } catch (error) {
      if (!(error instanceof ConfinedFileError)) throw error;
    }
    if (relative !== undefined) {
      const file = publicFile(build, relative, languages);
      if (file) return send(reply, build, file);
      if (keptAcrossReleases.some((folder) => relative.startsWith(folder))) {
        for (const previous of live.previous) {
          const kept = publicFile(previous, relative, languages);
          if (kept) return send(reply, previous, kept);
        }
      }
    }
    reply.callNotFound();
  };
  app.get('/', answer);
  app.get('/*', answer);

  app.setNotFoundHandler((request, reply) => {
    const { build, routes, manifest } = live.current;
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
    send(reply, build, notFoundFile(url.pathname, manifest.site.languages), 404);
  });
}
