// Serves shared previews (share-links.ts) at /_preview/<token>/<page>: to anyone holding a working
// link, the pages of the build of its commit and the files they use (assets/, images/), rewritten
// as previews (preview-html.ts). Nothing else of the build is reachable (no route data, feeds,
// sitemap or robots.txt). Every answer says noindex (X-Robots-Tag), is kept by no shared cache, and
// sends no Referer onward, so the token in the address leaves the browser only to this server,
// whose request log leaves it out (request-log.ts). A form is never received: any request other
// than a read is refused before its body is read. An unknown token is told so (404), an expired or
// revoked one that it has ended (410), each in words.
import { createReadStream } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConfinedFileError, pathFromUrl } from '../../shared/confined-files.ts';
import { notFoundFile, pageFile, publicFile, type ServedFile } from '../plugins/build-files.ts';
import { openLiveBuild, type LiveBuild } from '../releases/live.ts';
import { headersForMediaType } from '../security-headers.ts';
import { html } from '../studio-access/pages.ts';
import { FORM_NOT_SENT, previewHtml, rewriteCss } from './preview-html.ts';
import { PREVIEW_PATH, shareBuildDir, ShareLinks, shareState, type ShareRecord } from './share-links.ts';

export interface SharedPreviewOptions {
  dataDir: string;
  siteName: () => string;
  /** The clock (ms since the epoch); tests move it past a link's end. */
  now?: () => number;
}

export const previewHeaders: Readonly<Record<string, string>> = Object.freeze({
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private, no-store',
});

// Only the files a page uses: scripts and styles, pictures.
const previewFolders = ['assets/', 'images/'];

const until = (ms: number) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(ms)} UTC`;

function wordsPage(reply: FastifyReply, status: number, siteName: string, title: string, text: string): FastifyReply {
  const body = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title} · ${siteName}</title>
      </head>
      <body style="font: 1.05rem/1.5 system-ui, sans-serif; max-width: 34rem; margin: 4rem auto; padding: 0 1rem">
        <h1 style="font-size: 1.5rem">${title}</h1>
        <p>${text}</p>
      </body>
    </html>`;
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').send(body.text);
}

export async function sharedPreviews(app: FastifyInstance, options: SharedPreviewOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const links = new ShareLinks(options.dataDir, now);
  // A preview's build never changes once it is there: each is opened (its files listed) once.
  const opened = new Map<string, Promise<LiveBuild>>();
  const openBuild = (commit: string) => {
    let build = opened.get(commit);
    if (!build) {
      build = openLiveBuild(shareBuildDir(options.dataDir, commit), undefined);
      build.catch(() => opened.delete(commit));
      opened.set(commit, build);
    }
    return build;
  };
  const words = (reply: FastifyReply, status: number, title: string, text: string) =>
    wordsPage(reply, status, options.siteName(), title, text);
  const notHere = (reply: FastifyReply) =>
    words(
      reply,
      404,
      'There is no preview at this address',
      'Check that the link you were sent is complete, or ask the person who sent it for a new one.',
    );

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(previewHeaders);
    if (request.method === 'GET' || request.method === 'HEAD') return;
    return words(
      reply.header('allow', 'GET, HEAD'),
      405,
      'Not sent',
      `${FORM_NOT_SENT} Nothing you typed has left this page or reached anyone.`,
    );
  });

  async function send(reply: FastifyReply, build: LiveBuild, file: ServedFile, base: string, status = 200) {
    const full = path.join(build.build.root, file.file);
    // The build has no links; one made since is not followed.
    if ((await realpath(full)) !== full) return notHere(reply);
    reply.code(status).header('content-type', file.type).headers(headersForMediaType(file.type));
    if (file.type.startsWith('text/css')) return reply.send(rewriteCss(await readFile(full, 'utf8'), base));
    if (!/\.(js|mjs)$/.test(file.file)) reply.header('cache-control', 'private, max-age=3600');
    return reply.send(createReadStream(full));
  }

  async function page(
    reply: FastifyReply,
    build: LiveBuild,
    file: ServedFile,
    record: ShareRecord,
    base: string,
    status = 200,
  ) {
    const text = await readFile(path.join(build.build.root, file.file), 'utf8');
    const pageUrl = `${base}${reply.request.url.slice(base.length).split('?')[0]}`;
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .send(previewHtml(text, { base, pageUrl, until: until(record.expires) }));
  }

  async function answer(request: FastifyRequest<{ Params: { token: string; '*'?: string } }>, reply: FastifyReply) {
    const { token } = request.params;
    const record = await links.read(token);
    if (!record) return notHere(reply);
    const state = shareState(record, now());
    if (state !== 'active')
      return words(
        reply,
        410,
        'This preview has ended',
        state === 'revoked'
          ? 'The person who shared this preview has withdrawn it. Ask them for a new link if you still need to see it.'
          : `This preview link worked until ${until(record.expires)}. Ask the person who sent it for a new one.`,
      );
    const base = `${PREVIEW_PATH}/${token}`;
    const wanted = request.params['*'];
    if (wanted === undefined) return reply.redirect(`${base}${record.page ?? '/'}`, 302);
    const pathname = `/${wanted}`;
    const build = await openBuild(record.commit).catch((error: unknown) => {
      request.log.error(`Shared preview ${record.id}: its build cannot be opened: ${(error as Error).message}`);
      return undefined;
    });
    if (!build)
      return words(
        reply,
        503,
        'This preview cannot be shown just now',
        'Please try again later, or ask the person who sent it.',
      );
    const isPage = build.routes.has(pathname);
    if (isPage && (!record.page || record.page === pathname))
      return page(reply, build, pageFile(pathname), record, base);
    const to = build.redirects.get(pathname);
    if (to !== undefined && !record.page) return reply.redirect(`${base}${to}`, 302);
    let relative: string | undefined;
    try {
      relative = pathFromUrl(build.build.confinement, pathname);
    } catch (error) {
      if (!(error instanceof ConfinedFileError)) throw error;
    }
    const file =
      relative !== undefined && previewFolders.some((folder) => relative.startsWith(folder))
        ? publicFile(build.build, relative, build.manifest.site.languages)
        : undefined;
    if (file) return send(reply, build, file, base);
    return page(reply, build, notFoundFile(pathname, build.manifest.site.languages), record, base, 404);
  }

  app.get(`${PREVIEW_PATH}/:token`, answer);
  app.get(`${PREVIEW_PATH}/:token/*`, answer);
  app.get(PREVIEW_PATH, (_request, reply) => notHere(reply));
  app.get(`${PREVIEW_PATH}/`, (_request, reply) => notHere(reply));
  // Not a read: refused by the hook above before any body is read.
  for (const url of [PREVIEW_PATH, `${PREVIEW_PATH}/*`])
    app.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE'], url, handler: () => undefined });
}
