// Serves the build: each declared route → 200 with its prerendered HTML, each redirect → 301,
// any other path → 404 with the not-found page. Files come from memory (see build-files.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { publicPath, redirectCacheControl } from '../public-files.ts';
import { headersForMediaType } from '../security-headers.ts';
import { loadBuildFiles, pickEncoding, type BuildFile } from './build-files.ts';

export async function readManifest(distDir: string): Promise<SiteManifest> {
  try {
    return JSON.parse(await readFile(path.join(distDir, '_site.json'), 'utf8'));
  } catch {
    throw new Error(`No build in ${distDir}: run \`npm run build\` first (or \`npm start\`, which builds when needed).`);
  }
}

function send(request: FastifyRequest, reply: FastifyReply, file: BuildFile, status = 200) {
  reply.header('Content-Type', file.type).header('Cache-Control', file.cacheControl).header('ETag', file.etag).header('Vary', 'Accept-Encoding');
  // An SVG gets its sandboxing policy in place of the pages' (security-headers.ts).
  reply.headers(headersForMediaType(file.type));
  if (status === 200 && request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const { body, encoding } = pickEncoding(file, request.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.code(status).send(body);
}

export async function site(app: FastifyInstance, options: { distDir: string; manifest: SiteManifest }) {
  const { distDir, manifest } = options;
  const files = await loadBuildFiles(distDir);
  const notFoundPage = files.get('/404.html');
  if (!notFoundPage) throw new Error(`${distDir} has no 404.html: rebuild with \`npm run build\`.`);

  for (const route of manifest.routes) {
    const file = files.get(route === '/' ? '/index.html' : `${route}/index.html`);
    if (!file) throw new Error(`The build lists ${route} but has no HTML for it: rebuild with \`npm run build\`.`);
    app.get(route, (request, reply) => send(request, reply, file));
  }
  for (const { from, to } of manifest.redirects) {
    app.get(from, (_request, reply) => reply.header('Cache-Control', redirectCacheControl).redirect(to, 301));
  }
  // The public files (public-files.ts), by exact name; a page only at its route, never as
  // /route/index.html, so each has one address.
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0];
    const file = publicPath(url) && files.get(url);
    return file ? send(request, reply, file) : reply.callNotFound();
  });

  const routes = new Set(manifest.routes);
  app.setNotFoundHandler((request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    const trimmed = url.pathname.replace(/\/+$/, '');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // /services/ is /services: one canonical address per page.
    if (isRead && trimmed !== url.pathname && routes.has(trimmed || '/')) return reply.redirect(`${trimmed || '/'}${url.search}`, 301);
    if (!isRead) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No route ${request.method} ${url.pathname}` });
    return send(request, reply, notFoundPage, 404);
  });
}
