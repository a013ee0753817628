// The preview's pages as the production server answers them (redirects 301, unknown addresses the
// not-found page with 404), and its error screen: content errors reach the browser as a custom
// event that src/dev/error-screen.ts shows in the project's own words. Dev only: nothing here is
// part of a build.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import type { ContentError } from '../content/errors.ts';
import type { SiteModel } from '../content/model.ts';
import { codeFrame } from '../site-build/code-frame.ts';
import { readConfined, siteFiles } from '../../shared/confined-files.ts';

export const errorScreenEvent = 'site:errors';
/** Where the browser asks for the errors of the moment when a page (re)loads. */
export const errorsUrl = '/_site/errors';
export const errorScreenModule = '/src/dev/error-screen.ts';

export interface ErrorReport {
  errors: (ContentError & { frame: string })[];
}

export async function contentErrorReport(root: string, errors: ContentError[]): Promise<ErrorReport> {
  const texts = new Map<string, Promise<string>>();
  // A file of site/ is read through the module that refuses links leading out: an error at such a
  // link must not show the lines of what it points to (a key, /etc/passwd) in the browser.
  const load = (file: string) =>
    file.startsWith('site/')
      ? readConfined(siteFiles(root), file.slice('site/'.length)).then((bytes) => bytes.toString('utf8'))
      : readFile(path.join(root, file), 'utf8');
  const text = (file: string) => {
    if (!texts.has(file))
      texts.set(
        file,
        load(file).catch(() => ''),
      );
    return texts.get(file)!;
  };
  return {
    errors: await Promise.all(
      errors.map(async (error) => ({ ...error, frame: codeFrame(await text(error.file), error.line, error.col) })),
    ),
  };
}

interface PageState {
  model?: SiteModel;
  routes: Map<string, unknown>;
  errors: ContentError[];
}

const isPageRequest = (method: string | undefined, accept: string | undefined, pathname: string) =>
  (method === 'GET' || method === 'HEAD') &&
  (accept ?? '').includes('text/html') &&
  !/^\/(?:@|_|src\/|node_modules\/|images\/)/.test(pathname) &&
  !path.posix.basename(pathname).includes('.');

// A site that has never compiled has no app to show: this page holds only the error screen and
// reloads (through Vite's client) once the files are fixed.
const errorOnlyPage = (
  base: string,
) => `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Content errors</title>
<script type="module" src="${base}/@vite/client"></script><script type="module" src="${base}${errorScreenModule}"></script></head><body></body></html>`;

export function devPages(server: ViteDevServer, options: { root: string; state: () => PageState }) {
  // Vite's base without its last slash: "" but in the studio on the server (its preview's address).
  const base = server.config.base.slice(0, -1);
  server.middlewares.use(async (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const state = options.state();
    if (url.pathname === errorsUrl) {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      return res.end(JSON.stringify(await contentErrorReport(options.root, state.errors)));
    }
    if (!isPageRequest(req.method, req.headers.accept, url.pathname)) return next();
    if (!state.model) {
      res.statusCode = 500;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      return res.end(errorOnlyPage(base));
    }
    const redirect = state.model.redirects.find((r) => r.from === url.pathname);
    const trimmed = url.pathname.replace(/\/+$/, '') || '/';
    const location = redirect
      ? redirect.to
      : trimmed !== url.pathname && state.routes.has(trimmed)
        ? `${trimmed}${url.search}`
        : undefined;
    if (location) {
      res.statusCode = 301;
      res.setHeader('Location', location.startsWith('/') ? base + location : location);
      return res.end();
    }
    if (state.routes.has(url.pathname)) return next();
    // The app renders the not-found page for any address it has no data for; the status says so too.
    const html = await server.transformIndexHtml(
      req.url ?? '/',
      await readFile(path.join(server.config.root, 'index.html'), 'utf8'),
    );
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(req.method === 'HEAD' ? undefined : html);
  });
}
