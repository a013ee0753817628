// Vite plugin: serves the compiled site to the browser. `virtual:site` is the site shell (settings
// and forms); /_data/<path>.json is each route's content; /images/* comes from site/images. In dev
// it watches site/**, recompiles on every change, and reloads the page only when the data changed;
// a content error shows in the browser with the same file:line:col message as `npm run validate`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { formatError, type ContentError } from '../content/errors.ts';
import { loadSite } from '../content/load-site.ts';
import { codeFrame } from './code-frame.ts';
import { routeData, siteShell } from './model-to-routes.ts';
import { inlineSmallImages } from './inline-image.ts';
import { routeDataUrl, type RouteData, type SiteShell } from '../../src/browser-data.ts';
import { mediaType } from '../../server/media-types.ts';

const virtualId = 'virtual:site';
const resolvedId = `\0${virtualId}`;

interface State {
  shell?: SiteShell;
  routes: Map<string, RouteData>;
  errors: ContentError[];
  fingerprint: string;
}

export function sitePlugin(options: { root: string; includeDrafts: boolean }): Plugin {
  let state: State = { routes: new Map(), errors: [], fingerprint: '' };

  async function compile(): Promise<State> {
    const result = await loadSite({ root: options.root, includeDrafts: options.includeDrafts });
    if (!result.model) return { ...state, errors: result.errors };
    const shell = siteShell(result.model);
    const routes = routeData(result.model, inlineSmallImages(options.root));
    return { shell, routes, errors: [], fingerprint: JSON.stringify([shell, [...routes]]) };
  }

  async function showErrors(server: ViteDevServer, errors: ContentError[]) {
    const first = errors[0];
    const frame = await readFile(path.join(options.root, first.file), 'utf8').then((text) => codeFrame(text, first.line, first.col)).catch(() => '');
    server.config.logger.error(errors.map(formatError).join('\n'), { timestamp: true });
    server.ws.send({
      type: 'error',
      err: {
        message: `${errors.length} content error${errors.length === 1 ? '' : 's'} in site/:\n\n${errors.map(formatError).join('\n')}`,
        stack: '',
        id: path.join(options.root, first.file),
        frame,
        loc: { file: first.file, line: first.line, column: first.col },
        plugin: 'site',
      },
    });
  }

  return {
    name: 'site',
    async buildStart() {
      state = await compile();
      if (state.errors.length && !this.meta.watchMode) this.error(`Content errors:\n${state.errors.map(formatError).join('\n')}`);
    },
    transformIndexHtml() {
      const favicon = state.shell?.settings.favicon;
      return favicon ? [{ tag: 'link', attrs: { rel: 'icon', href: favicon }, injectTo: 'head' }] : [];
    },
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      if (!state.shell) throw new Error(`site/ has errors:\n${state.errors.map(formatError).join('\n')}`);
      return `export default ${JSON.stringify(state.shell)};`;
    },
    configureServer(server) {
      const siteDir = path.join(options.root, 'site');
      server.watcher.add(siteDir);
      const onChange = async (file: string) => {
        if (!file.startsWith(siteDir)) return;
        server.config.logger.info(`Reloading ${path.relative(options.root, file)}`, { timestamp: true });
        const next = await compile();
        if (next.errors.length) {
          state = { ...state, errors: next.errors };
          return showErrors(server, next.errors);
        }
        // Reload when the data changed, or to clear an error the browser is still showing.
        const changed = next.fingerprint !== state.fingerprint || state.errors.length > 0;
        state = next;
        if (!changed) return;
        const module = server.moduleGraph.getModuleById(resolvedId);
        if (module) server.moduleGraph.invalidateModule(module);
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('change', onChange).on('add', onChange).on('unlink', onChange);
      // Route data and images, answered the way the production server answers them.
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (url.pathname.startsWith('/_data/')) {
          if (state.errors.length) {
            void showErrors(server, state.errors);
            res.statusCode = 500;
            return res.end(JSON.stringify({ error: 'content errors', messages: state.errors.map(formatError) }));
          }
          const route = [...state.routes.values()].find((r) => routeDataUrl(r.path) === url.pathname);
          res.setHeader('Content-Type', 'application/json');
          res.statusCode = route ? 200 : 404;
          return res.end(JSON.stringify(route ?? { kind: 'not-found', path: url.pathname }));
        }
        if (url.pathname.startsWith('/images/') && !url.pathname.includes('..')) {
          const file = path.join(siteDir, decodeURIComponent(url.pathname));
          return readFile(file).then(
            (body) => {
              res.setHeader('Content-Type', mediaType(file) ?? 'application/octet-stream');
              res.end(body);
            },
            () => next(),
          );
        }
        next();
      });
      server.httpServer?.once('listening', () => {
        if (state.errors.length) server.config.logger.error(state.errors.map(formatError).join('\n'));
      });
    },
  };
}
