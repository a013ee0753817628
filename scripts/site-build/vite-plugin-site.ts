// Vite plugin: serves the compiled site to the browser. `virtual:site` is the site shell (settings
// and forms); /_data/<path>.json is each route's content, in every language, and
// /_data/_shell.json (_shell.<code>.json) the shell in each language; /images/* comes from site/images. In dev
// it watches site/**, recompiles on every change, and reloads the page only when the data changed;
// a content error shows on the preview's own error screen (dev-screen.ts) with the same messages as
// `npm run validate`, in front of the last version of the page that worked.
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { formatError, type ContentError } from '../content/errors.ts';
import { withSiteLanguage } from './html-language.ts';
import { loadSite } from '../content/load-site.ts';
import type { SiteModel } from '../content/model.ts';
import { contentErrorReport, devPages, errorScreenEvent, errorScreenModule } from '../preview/dev-screen.ts';
import { inlineSmallImages } from './inline-image.ts';
import {
  routeDataUrl,
  shellDataUrl,
  siteChangedEvent,
  type RouteData,
  type SiteShell,
} from '../../shared/route-data.ts';
import { everyLanguage } from './language-sites.ts';
import { mediaType } from '../../server/media-types.ts';
import { pathFromUrl, readConfined, siteFiles } from '../../shared/confined-files.ts';

const virtualId = 'virtual:site';
const resolvedId = `\0${virtualId}`;

interface State {
  model?: SiteModel;
  shell?: SiteShell;
  /** The shell in each language, by its data address. */
  shells: Map<string, SiteShell>;
  routes: Map<string, RouteData>;
  errors: ContentError[];
  fingerprint: string;
}

/** What the site plugin tells other dev plugins (the lead endpoints, the studio), through `api`. */
export interface SiteApi {
  /** The last site model that compiled without errors. */
  model(): SiteModel | undefined;
  /** The content errors of the files as they are now (empty when the last compile succeeded). */
  errors(): ContentError[];
}

export function sitePlugin(options: { root: string; includeDrafts: boolean }): Plugin<SiteApi> {
  let state: State = { routes: new Map(), shells: new Map(), errors: [], fingerprint: '' };

  async function compile(): Promise<State> {
    const result = await loadSite({ root: options.root, includeDrafts: options.includeDrafts });
    if (!result.model) return { ...state, errors: result.errors };
    const every = everyLanguage(result.model, inlineSmallImages(options.root));
    const shell = every.shells.get(shellDataUrl())!;
    const { shells } = every;
    const routes = new Map(every.routes.map((route) => [route.path, route]));
    return {
      model: result.model,
      shell,
      shells,
      routes,
      errors: [],
      fingerprint: JSON.stringify([shell, [...shells], [...routes]]),
    };
  }

  async function showErrors(server: ViteDevServer, errors: ContentError[]) {
    server.config.logger.error(errors.map(formatError).join('\n'), { timestamp: true });
    server.ws.send({ type: 'custom', event: errorScreenEvent, data: await contentErrorReport(options.root, errors) });
  }

  return {
    name: 'site',
    api: { model: () => state.model, errors: () => state.errors },
    async buildStart() {
      state = await compile();
      if (state.errors.length && !this.meta.watchMode)
        this.error(`Content errors:\n${state.errors.map(formatError).join('\n')}`);
    },
    transformIndexHtml(html, context) {
      const favicon = state.shell?.settings.favicon;
      // Tags added here are not given Vite's base: under the studio on the server it is the preview's address.
      const base = (context.server?.config.base ?? '/').slice(0, -1);
      const href = favicon?.startsWith('/') ? base + favicon : favicon;
      return {
        // A build's template stays as it is: the prerenderer gives each page its language.
        html: context.server && state.shell ? withSiteLanguage(html, state.shell.language) : html,
        tags: [
          ...(href ? [{ tag: 'link', attrs: { rel: 'icon', href }, injectTo: 'head' as const }] : []),
          // The error screen exists only in the preview: a build never includes it.
          ...(context.server
            ? [{ tag: 'script', attrs: { type: 'module', src: base + errorScreenModule }, injectTo: 'body' as const }]
            : []),
        ],
      };
    },
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      // In dev, a site that never compiled gets the error screen's own page instead (dev-screen.ts).
      if (!state.shell) throw new Error(`site/ has errors:\n${state.errors.map(formatError).join('\n')}`);
      return `export default ${JSON.stringify(state.shell)};`;
    },
    configureServer(server) {
      const siteDir = path.join(options.root, 'site');
      server.watcher.add(siteDir);
      const recompile = async () => {
        const next = await compile();
        if (next.errors.length) {
          state = { ...state, errors: next.errors };
          return showErrors(server, next.errors);
        }
        // Reload when the data changed, or when the browser still shows an error (or nothing).
        const changed = next.fingerprint !== state.fingerprint || state.errors.length > 0;
        state = next;
        if (!changed) return;
        server.ws.send({ type: 'custom', event: errorScreenEvent, data: { errors: [] } });
        const module = server.moduleGraph.getModuleById(resolvedId);
        if (module) server.moduleGraph.invalidateModule(module);
        server.ws.send({ type: 'custom', event: siteChangedEvent });
      };
      // Saves come in bursts (an editor writes, a tool rewrites), and the watcher may report only
      // the first of several quick writes: compile a moment after the last report, one compile at
      // a time, and once more when files changed meanwhile, so the screen shows the files as they are.
      let running: Promise<void> | undefined;
      let again = false;
      const onChange = (file: string) => {
        if (!file.startsWith(siteDir)) return;
        server.config.logger.info(`Reloading ${path.relative(options.root, file)}`, { timestamp: true });
        again = true;
        running ??= (async () => {
          while (again) {
            again = false;
            await new Promise((resolve) => setTimeout(resolve, 60));
            await recompile().catch((error: unknown) =>
              server.config.logger.error(String((error as Error).stack ?? error)),
            );
          }
          running = undefined;
        })();
      };
      server.watcher.on('change', onChange).on('add', onChange).on('unlink', onChange);
      // Route data and images, answered the way the production server answers them.
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        // While site/ has errors, the last version that worked is served: the error screen
        // stands in front of it, and the page behind is never a 404.
        if (url.pathname.startsWith('/_data/')) {
          const shell = state.shells.get(url.pathname);
          if (shell) {
            res.setHeader('Content-Type', 'application/json');
            return res.end(JSON.stringify(shell));
          }
          const route = [...state.routes.values()].find((r) => routeDataUrl(r.path) === url.pathname);
          res.setHeader('Content-Type', 'application/json');
          res.statusCode = route ? 200 : 404;
          return res.end(JSON.stringify(route ?? { kind: 'not-found', path: url.pathname }));
        }
        if (url.pathname.startsWith('/images/')) {
          // Decoded before it is judged, and read only as a real file inside site/images: a path
          // that leads elsewhere (%2e%2e%2f…), a link or a missing file is a 404, never passed on.
          const site = siteFiles(options.root);
          const read = async () => {
            const file = pathFromUrl(site, url.pathname);
            if (!file.startsWith('images/')) throw new Error(`${file} is not under images/`);
            return { file, body: await readConfined(site, file) };
          };
          return read().then(
            ({ file, body }) => {
              res.setHeader('Content-Type', mediaType(file) ?? 'application/octet-stream');
              res.end(body);
            },
            () => {
              res.statusCode = 404;
              res.setHeader('Content-Type', 'text/plain; charset=utf-8');
              res.end('Not found');
            },
          );
        }
        next();
      });
      devPages(server, { root: options.root, state: () => state });
      server.httpServer?.once('listening', () => {
        if (state.errors.length) server.config.logger.error(state.errors.map(formatError).join('\n'));
      });
    },
  };
}
