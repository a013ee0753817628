// The studio as a Vite plugin on the dev server (`npm run studio`): the studio page at /_studio/,
// its API under /_studio/api/, and the preview of unsaved edits (the edited route data answers
// /_data/ while a draft is open). Nothing here is part of the build: vite.config.ts never loads it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { inlineSmallImages } from '../site-build/inline-image.ts';
import { memoOf } from '../content/site-memo.ts';
import { routeData, siteShell } from '../site-build/model-to-routes.ts';
import { loadSite, type LoadResult } from '../content/load-site.ts';
import { composedSchemas, sectionTypes } from '../content/schemas.ts';
import { routeDataEvent, routeDataUrl, shellDataUrl, type RouteData, type SiteShell } from '../../shared/route-data.ts';
import { securityHeaders } from '../../server/security-headers.ts';
import { siteChanges } from './changes.ts';
import { sendCommittedImage } from './committed-image.ts';
import { discard } from './discard.ts';
import type { DiscardRequest } from '../../shared/review.ts';
import { editedText, judge, editableEntryKind, listEntries, readEntry, saveEntry } from './entries.ts';
import type { EntryEdit } from '../../shared/studio-protocol.ts';
import { checkedPath, readVersioned, StudioError } from './files.ts';
import { siteFiles } from '../../shared/confined-files.ts';
import { cleanTemporaryFiles } from '../../shared/confined-writes.ts';
import { allowedHosts, checkAddress, checkRequest, checkToken, newToken } from './guard.ts';
import { createRoutes } from './create-routes.ts';
import { recorderFor, SaveCommits, turnFor, type Person } from './commit-save.ts';
import { publishRoutes, type PublishingOptions } from './publish-routes.ts';
import { judgedAsMove, renameRoutes } from './rename-routes.ts';
import { historyRoutes } from './history-routes.ts';
import { readJson, send, type FeatureRoutes } from './http.ts';
import { draftRoutes } from './draft-routes.ts';
import { presenceRoutes } from './presence-routes.ts';
import { studioApiPath, studioPath, tokenMeta } from '../../shared/studio-protocol.ts';

export interface StudioOptions {
  /** The folder that holds site/. */
  root: string;
  /** The secret the studio page holds; a new one for every run. */
  token?: string;
  /**
   * On the server (`npm start`): every write is a commit by the signed-in editor (commit-save.ts),
   * and a write without one is refused. The laptop studio leaves it off: Changes shows what is not committed.
   */
  commits?: boolean;
  /** Who commits on the server (the editor is the author); "Studio <studio@localhost>" unless given. */
  committer?: Person;
  /** DATA_DIR on the server: each committed save is a line of its audit log (server/studio-access/audit.ts). */
  auditDir?: string;
  /**
   * Inside `npm start` (scripts/studio/on-server.ts), behind the sign-in gate (server/studio-access),
   * which has checked the session and refused other origins: the loopback address check of
   * `npm run studio` does not apply there. The page's key stays, as a second factor.
   */
  onServer?: boolean;
  /** On the server: what is unpublished, publish, releases and roll back (publish-routes.ts). */
  publishing?: PublishingOptions;
  /** On the server: DATA_DIR/drafts, where each editor's unsaved drafts are kept (draft-routes.ts). */
  draftsDir?: string;
}

const studioHtml = (token: string) => `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="${tokenMeta}" content="${token}" />
    <title>Studio</title>
  </head>
  <body>
    <div id="studio"></div>
    <script type="module" src="/src/studio/main.tsx"></script>
  </body>
</html>
`;

export function studioPlugin(options: StudioOptions): Plugin {
  const token = options.token ?? newToken();
  const root = options.root;
  const siteDir = path.join(root, 'site');
  const site = siteFiles(root);
  const commits = options.commits ? new SaveCommits(root, options.committer, options.auditDir) : undefined;
  let port = 0;
  let hosts = allowedHosts(process.env.HOST);
  /** The preview of an unsaved edit: route data by data URL, while one is open. */
  let draft: Map<string, RouteData> | undefined;
  /** The site shell (settings, forms) of that edit, which every page shows. */
  let draftShell: SiteShell | undefined;
  const listeners = new Set<ServerResponse>();
  let devServer: ViteDevServer | undefined;
  /** The features with requests of their own, asked in turn before the core requests below. */
  const features: FeatureRoutes[] = [
    ...(options.publishing ? [publishRoutes(root, options.publishing)] : []),
    // Moves, renames and deletions: after one, the site on disk and the preview are read anew.
    renameRoutes(root, commits, () => (onDisk = draft = draftShell = undefined)),
    historyRoutes(root, commits),
    draftRoutes({ root, dir: options.draftsDir }),
    presenceRoutes({ root, onServer: options.onServer, commits }),
    // New pages, articles and uploads: after one, the site on disk is read anew.
    createRoutes(root, commits, () => (onDisk = undefined)),
  ];
  /**
   * The site as it is on disk, compiled once per change on disk: the lists the pickers offer, and
   * the problems other files already had, which the live check leaves out as Save does (so the check
   * shows exactly what Save would refuse).
   */
  let onDisk: Promise<LoadResult> | undefined;
  const siteOnDisk = (): Promise<LoadResult> => {
    if (onDisk) return onDisk;
    const loading = loadSite({ root, includeDrafts: true });
    // A compile that failed is tried again by the next request, not kept.
    loading.catch(() => {
      if (onDisk === loading) onDisk = undefined;
    });
    return (onDisk = loading);
  };

  // A small cover travels in the preview's data as a data: address, read again only when its file changes.
  const inlineImage = inlineSmallImages(root);
  const inlineCovers = (src: string) => memoOf(root).remembered(src, () => inlineImage(src));

  const routes = (result: Awaited<ReturnType<typeof loadSite>>) => {
    const model = result.model;
    if (!model) return { routes: [] as string[], images: [] as string[] };
    const anchors = model.pages.flatMap((page) => page.sections.flatMap((s) => (s.id ? [`${page.path}#${s.id}`] : [])));
    return {
      routes: [...model.pages.map((p) => p.path), ...model.articles.map((a) => a.path), ...anchors].sort(),
      images: model.images,
    };
  };

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (options.onServer) checkToken(req, token, 'Reload the studio page: the server has restarted since it opened.');
    else checkRequest(req, { token, hosts, port });
    const route = `${req.method} ${url.pathname.slice(studioApiPath.length - 1)}`;
    const file = url.searchParams.get('file') ?? '';
    for (const feature of features) {
      const answer = await feature(req, route, url, () => readJson(req));
      if (answer) return send(res, answer.status, answer.body);
    }
    switch (route) {
      case 'GET /entries':
        return send(res, 200, await listEntries(site));
      case 'GET /entry':
        return send(res, 200, await readEntry(site, file));
      case 'GET /schema': {
        const result = await siteOnDisk();
        return send(res, 200, {
          schemas: Object.fromEntries(composedSchemas()),
          sectionTypes: sectionTypes(),
          ...routes(result),
        });
      }
      // The addresses and images to pick from, as they are on disk now (after a new page, a save, an upload).
      case 'GET /lists':
        return send(res, 200, routes(await siteOnDisk()));
      case 'POST /check': {
        checkedPath(site, file);
        const kind = editableEntryKind(file);
        if (!kind) throw new StudioError(404, `site/${file} is not a content file the studio edits.`);
        const edit = await readJson<EntryEdit>(req);
        const current = await readVersioned(site, file);
        const text = editedText(kind, current.text, edit);
        const verdict = await judgedAsMove(root, file, edit, await judge(root, file, text, await siteOnDisk()));
        // A valid edit becomes the preview; an edit equal to the file ends it. Either way the open
        // pages hear at once that their data changed and re-render in place (src/dev/route-updates.ts).
        const before = draft;
        if (text === current.text) draft = draftShell = undefined;
        else if (verdict.result.model) {
          draft = new Map(
            [...routeData(verdict.result.model, inlineCovers).values()].map((r) => [routeDataUrl(r.path), r]),
          );
          draftShell = siteShell(verdict.result.model);
        }
        if (draft !== before) devServer?.ws.send({ type: 'custom', event: routeDataEvent });
        return send(res, 200, {
          errors: verdict.errors,
          elsewhere: verdict.elsewhere,
          text,
          previewing: draft !== undefined,
        });
      }
      case 'POST /save': {
        const record = recorderFor(req, commits);
        const { version, ...edit } = await readJson<EntryEdit & { version: string }>(req);
        const saved = await saveEntry(root, file, version, edit, record);
        draft = draftShell = undefined;
        onDisk = undefined;
        return send(res, 200, saved);
      }
      case 'GET /changes':
        return send(res, 200, await siteChanges(root));
      // The review's discards: a whole file back as committed, or single changes put back.
      case 'POST /discard': {
        const inTurn = turnFor(req, commits);
        const request = await readJson<DiscardRequest>(req);
        return send(res, 200, await inTurn(() => discard(root, request)));
      }
      case 'GET /committed-image':
        return sendCommittedImage(res, root, file);
      case 'GET /events': {
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.write('\n');
        listeners.add(res);
        req.on('close', () => listeners.delete(res));
        return;
      }
      default:
        throw new StudioError(404, `No such studio request: ${route}.`);
    }
  }

  return {
    name: 'studio',
    enforce: 'pre',
    apply: 'serve',
    config() {
      // The preview shows site pages in a frame of the studio page: same origin only.
      const csp = securityHeaders['Content-Security-Policy'].replace(
        "frame-ancestors 'none'",
        "frame-ancestors 'self'",
      );
      return {
        // (No CORS either, as for every preview: scripts/site-build/vite-config.ts.)
        server: { headers: { ...securityHeaders, 'Content-Security-Policy': csp } },
        // The studio's dependencies are bundled at start, not discovered (and reloaded for) later.
        optimizeDeps: { entries: ['index.html', 'src/studio/main.tsx'] },
      };
    },
    async configureServer(server: ViteDevServer) {
      devServer = server;
      // What writes killed mid-way left (hidden .name.<pid>-<random>.tmp files) goes first.
      await cleanTemporaryFiles(site);
      if (commits) {
        SaveCommits.ensureGit();
        const problem = await commits.problem();
        if (problem) server.config.logger.warn(`studio: ${problem}`);
      }
      server.httpServer?.once('listening', () => {
        const address = server.httpServer?.address();
        if (address && typeof address === 'object') port = address.port;
      });
      hosts = allowedHosts(
        typeof server.config.server.host === 'string' ? server.config.server.host : process.env.HOST,
      );
      server.watcher.on('all', (_event, changed) => {
        if (!changed.startsWith(siteDir + path.sep)) return;
        const file = path.relative(siteDir, changed).split(path.sep).join('/');
        onDisk = undefined;
        for (const listener of listeners) listener.write(`${JSON.stringify({ file })}\n`);
      });
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (url.pathname.startsWith(studioApiPath)) {
          api(req, res, url).catch(async (error: unknown) => {
            // A refused body is read to its end and dropped, so the client hears the answer.
            if (!req.readableEnded)
              await new Promise((resolve) => req.on('end', resolve).on('close', resolve).resume());
            if (error instanceof StudioError)
              return send(res, error.status, { error: error.message, ...(error.details as object) });
            server.config.logger.error(`studio: ${(error as Error).stack ?? String(error)}`);
            send(res, 500, { error: `The studio failed: ${(error as Error).message}` });
          });
          return;
        }
        if (url.pathname === studioPath || url.pathname === studioPath.slice(0, -1)) {
          try {
            if (!options.onServer) checkAddress(req, { hosts, port });
          } catch (error) {
            return send(res, 403, { error: (error as Error).message });
          }
          server.transformIndexHtml(req.url ?? studioPath, studioHtml(token)).then((html) => {
            // The site's headers as they are, frame-ancestors 'none' included: another page must not
            // frame the studio and trick a click on Delete or Save (only the preview may be framed).
            for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.setHeader('Cache-Control', 'no-store');
            res.end(html);
          }, next);
          return;
        }
        const preview = draft?.get(url.pathname);
        if (preview) return send(res, 200, preview);
        // The shell of the edit previewed, else of the files on disk (src/dev/shell-updates.ts).
        if (url.pathname === shellDataUrl) {
          if (draftShell) return send(res, 200, draftShell);
          siteOnDisk().then(
            ({ model }) => (model ? send(res, 200, siteShell(model)) : send(res, 404, { error: 'site/ has errors' })),
            next,
          );
          return;
        }
        next();
      });
    },
  };
}
