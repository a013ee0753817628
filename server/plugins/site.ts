// Serves the build: each declared route → 200 with its prerendered HTML, each redirect → 301,
// anything else → 404 with the not-found page. Only the build's public folders are reachable;
// the manifest and anything outside dist/ are not.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteManifest } from '../../scripts/build/site-files.ts';

const publicFile = /^\/(assets|images|_data)\/[A-Za-z0-9/_.-]+$|^\/(sitemap\.xml|robots\.txt)$/;
const htmlFile = /^\/?([a-z0-9-]+\/)*index\.html$|^\/?404\.html$/;

function cacheControl(reply: FastifyReply, file: string) {
  if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  else if (file.includes(`${path.sep}images${path.sep}`)) reply.header('Cache-Control', 'public, max-age=86400');
  else reply.header('Cache-Control', 'no-cache');
}

export async function readManifest(distDir: string): Promise<SiteManifest> {
  try {
    return JSON.parse(await readFile(path.join(distDir, '_site.json'), 'utf8'));
  } catch {
    throw new Error(`No build in ${distDir}: run \`npm run build\` first (or \`npm start\`, which builds when needed).`);
  }
}

export async function site(app: FastifyInstance, options: { distDir: string; manifest: SiteManifest }) {
  const { distDir, manifest } = options;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    redirect: false,
    allowedPath: (pathName) => publicFile.test(pathName) || htmlFile.test(pathName),
    setHeaders: (reply, file) => cacheControl(reply as unknown as FastifyReply, file),
  });

  const sendPage = (reply: FastifyReply, file: string, status = 200) => reply.code(status).type('text/html; charset=utf-8').sendFile(file);
  for (const route of manifest.routes) {
    const file = route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
    app.get(route, (_request, reply) => sendPage(reply, file));
  }
  for (const { from, to } of manifest.redirects) {
    app.get(from, (_request, reply) => reply.header('Cache-Control', 'public, max-age=3600').redirect(to, 301));
  }
  const routes = new Set(manifest.routes);
  app.setNotFoundHandler((request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    const trimmed = url.pathname.replace(/\/+$/, '');
    // /services/ is /services: one canonical address per page.
    if ((request.method === 'GET' || request.method === 'HEAD') && trimmed !== url.pathname && routes.has(trimmed || '/')) {
      return reply.redirect(`${trimmed || '/'}${url.search}`, 301);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No route ${request.method} ${url.pathname}` });
    return sendPage(reply, '404.html', 404);
  });
}
