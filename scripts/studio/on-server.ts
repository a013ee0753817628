// The studio of `npm start`, inside its own process (studio-child.ts; studio-process.ts forks it and
// the visitors' server forwards /_studio/* to it): the same routes as `npm run studio`
// (studio-routes.ts), serving the studio and its preview from the prebuilt bundle (studio-bundle.ts:
// built by `npm run build`, else at the first start, and kept in the build cache) rather than a dev
// server: no Vite runs, nothing is compiled at a visit, and no websocket is open (the studio page
// tells its own preview of each edit: src/studio/preview-updates.ts).
// The site's root belongs to the published site, so the preview lives under previewPath.
import type { FSWatcher } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerConfig } from '../../server/config.ts';
import { mailerFor } from '../../server/leads/mailer.ts';
import { previewPath } from '../../shared/studio-protocol.ts';
import { SaveCommits, type Person } from './commit-save.ts';
import { checkToken, newToken } from './guard.ts';
import { StudioState } from './studio-state.ts';
import { studioRoutes } from './studio-routes.ts';
import { studioBundle } from './studio-bundle.ts';
import { watchSite } from './watch-site.ts';

/** This checkout's code, whose studio bundle is served (scripts/dev.ts says the same, with Vite loaded). */
const projectRoot = path.join(import.meta.dirname, '..', '..');

export interface StudioOnServerOptions {
  /** Each save a commit by its editor (commit-save.ts). Default: true. */
  commits?: boolean;
  committer?: Person;
}

export interface StudioOnServer {
  /** The studio's routes, for a scope behind the gate's checks. */
  routes: FastifyPluginAsync;
  /** Makes the bundle ready, watches site/ and compiles the saved site: done before the first editor comes. */
  start(): Promise<void>;
  close(): void;
}

/** The studio of the checkout at `root`, as the server's configuration sets its publishing and drafts. */
export async function studioOnServer(
  root: string,
  config: ServerConfig,
  options: StudioOnServerOptions = {},
): Promise<StudioOnServer> {
  const state = new StudioState(root);
  const commits = options.commits === false ? undefined : new SaveCommits(root, options.committer, config.dataDir);
  if (commits) {
    SaveCommits.ensureGit();
    const problem = await commits.problem();
    if (problem) console.warn(`studio: ${problem}`);
  }
  let watcher: FSWatcher | undefined;
  const bundle = studioBundle(projectRoot);
  const token = newToken();
  const routes: FastifyPluginAsync = (app) =>
    studioRoutes(app, {
      state,
      token,
      code: { bundle: () => bundle },
      previewBase: previewPath,
      commits,
      onServer: true,
      // Publishing (publish-routes.ts) builds into the releases folder the visitors' server serves.
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
    routes,
    async start() {
      await bundle;
      watcher ??= watchSite(state);
      // The saved site compiled now rather than at the first editor's visit, which needs it at once.
      await state.savedPreview().catch(() => undefined);
    },
    close: () => watcher?.close(),
  };
}
