// The studio inside `npm start`: the same routes as `npm run studio` (studio-routes.ts), registered
// behind the sign-in gate, serving the studio and its preview from the prebuilt bundle
// (studio-bundle.ts: built by `npm run build`, else at the first start, and kept in the build
// cache) rather than a dev server: no Vite runs in the server, nothing is compiled at a visit, and
// no websocket is open (the studio page tells its own preview of each edit:
// src/studio/preview-updates.ts).
// The site's root belongs to the published site, so the preview lives under previewPath.
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { AddOn } from '../../server/main.ts';
import { readEditors } from '../../server/studio-access/editors.ts';
import { mailerFor } from '../../server/leads/mailer.ts';
import { projectRoot } from '../dev.ts';
import { previewPath } from '../../shared/studio-protocol.ts';
import { SaveCommits, type Person } from './commit-save.ts';
import { checkToken, newToken } from './guard.ts';
import { StudioState } from './studio-state.ts';
import { studioRoutes } from './studio-routes.ts';
import { studioBundle, type StudioBundle } from './studio-bundle.ts';

/** A write's hidden temporary file (.name.<pid>-<random>.tmp), never a file of the site. */
const temporaryFile = /(^|\/)\.[^/]*\.tmp$/;

/** Tells `state` of every file under site/ that changes (a save, a git pull, another editor). */
function watchSite(state: StudioState): FSWatcher {
  const siteDir = path.join(state.root, 'site');
  return watch(siteDir, { recursive: true }, (_event, name) => {
    const file = name?.split(path.sep).join('/');
    if (file && !temporaryFile.test(file)) state.fileChanged(file);
  });
}

export interface StudioOnServer {
  /** For server/main.ts's serve(): the studio's routes for buildApp, and its close once the app is built. */
  addOn: AddOn;
  /** Whether the studio has started: its bundle ready, site/ watched. */
  running(): boolean;
}

/**
 * `npm start`'s studio, of the checkout at `root`, each save a commit by its editor
 * (commit-save.ts). Its routes are always there, behind the gate; the bundle is made ready and
 * site/ watched with the server when DATA_DIR/editors.json lists someone, else at the first request
 * that needs them (the gate reads the list at each request, so an editor the owner adds later needs
 * no restart).
 */
export function studioOnServer(
  root: string,
  options: { commits?: boolean; committer?: Person } = { commits: true },
): StudioOnServer {
  const state = new StudioState(root);
  let started: Promise<StudioBundle> | undefined;
  let watcher: FSWatcher | undefined;
  const start = () => {
    if (started) return started;
    const starting = studioBundle(projectRoot).then((bundle) => {
      watcher ??= watchSite(state);
      // The saved site compiled now rather than at the first editor's visit, which needs it at once.
      state.savedPreview().catch(() => undefined);
      return bundle;
    });
    // A start that failed is tried again by the next request, not kept.
    starting.catch((error: unknown) => {
      console.error(`The studio could not start: ${(error as Error).stack ?? String(error)}`);
      if (started === starting) started = undefined;
    });
    return (started = starting);
  };
  const addOn: AddOn = async (config) => {
    const commits = options.commits ? new SaveCommits(root, options.committer, config.dataDir) : undefined;
    if (commits) {
      SaveCommits.ensureGit();
      const problem = await commits.problem();
      if (problem) console.warn(`studio: ${problem}`);
    }
    if ((await readEditors(config.dataDir)).length > 0) await start();
    const token = newToken();
    const routes: FastifyPluginAsync = (app) =>
      studioRoutes(app, {
        state,
        token,
        code: { bundle: start },
        previewBase: previewPath,
        commits,
        onServer: true,
        // Publishing (publish-routes.ts) builds into the releases folder this server serves.
        publishing: {
          dataDir: config.dataDir,
          releasesDir: config.releasesDir,
          distDir: config.distDir,
          push: config.publishPush,
          publicUrl: config.publicUrl,
          approvalRequired: config.approvalRequired,
          // A scheduled release whose build fails is mailed to its publisher, and a review asked of
          // the publishers, as sign-in links are.
          mail: { mailer: mailerFor(config), from: config.mailFrom },
        },
        draftsDir: path.join(config.dataDir, 'drafts'),
        // Behind the gate, which has checked the session and refused other origins; the page's
        // key stays, as a second factor.
        checkPage: () => undefined,
        authenticate: (request) =>
          checkToken(request, token, 'Reload the studio page: the server has restarted since it opened.'),
      });
    return {
      options: { studio: { routes } },
      built(app) {
        app.addHook('onClose', async () => watcher?.close());
      },
    };
  };
  return { addOn, running: () => started !== undefined };
}
