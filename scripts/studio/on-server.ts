// The studio inside `npm start`: the same routes as `npm run studio` (studio-routes.ts), registered
// behind the sign-in gate, with the preview's Vite server in middleware mode. The site's root
// belongs to the published site there, so Vite's `base` is the preview's address (previewPath):
// the preview's pages, their data and images, the app's modules and Vite's client all live under
// it, and reach Vite with the base taken off, so every plugin answers the paths it answers in
// `npm run studio`. The preview's live updates ride on Vite's websocket, attached to the app's
// server here: an upgrade never passes Fastify's hooks, so it is let through only when the gate
// lets the same request through.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { createServer, type ViteDevServer } from 'vite';
import type { AddOn } from '../../server/main.ts';
import { readEditors } from '../../server/studio-access/editors.ts';
import { projectRoot } from '../dev.ts';
import { siteViteConfig } from '../site-build/vite-config.ts';
import { previewPath, studioPath } from '../../shared/studio-protocol.ts';
import { SaveCommits, type Person } from './commit-save.ts';
import { checkToken, newToken } from './guard.ts';
import { StudioState } from './studio-state.ts';
import { studioRoutes } from './studio-routes.ts';
import { studioVitePlugin } from './vite-studio.ts';

/** Starts the preview's Vite server for the studio on the server, in middleware mode. */
async function startPreview(
  root: string,
  dataDir: string,
  state: StudioState,
  options: { notWatched: string[]; upgrades: EventEmitter },
): Promise<ViteDevServer> {
  const site = siteViteConfig({ contentRoot: root, includeDrafts: true, dataDir });
  // The studio is a development server: its page runs the preview in edit mode (import.meta.env.DEV)
  // with React's checks. Vite decides that from NODE_ENV, which `npm start` has set to production
  // (scripts/build.ts, or the operator's unit file): development while Vite reads it, and stated
  // for the code it transforms and bundles later; the server keeps its own NODE_ENV.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  const development = { 'process.env.NODE_ENV': '"development"' };
  return createServer({
    ...site,
    mode: 'development',
    define: development,
    optimizeDeps: { rolldownOptions: { transform: { define: development } } },
    root: projectRoot,
    configFile: false,
    base: previewPath,
    appType: 'spa',
    logLevel: 'warn',
    plugins: [...(site.plugins ?? []), studioVitePlugin(state)],
    server: {
      ...site.server,
      middlewareMode: true,
      // Any host: the app in front answers for the public address (and PUBLIC_URL's host).
      allowedHosts: true,
      // Vite listens for upgrades on this stand-in, and hears only the ones the gate let through.
      ws: { server: options.upgrades as Server },
      // Not the data folder, the releases or the build: a publish writes whole sites of HTML there,
      // and a changed HTML file would reload every open studio page.
      watch: { ignored: options.notWatched.map((dir) => `${path.resolve(projectRoot, dir)}/**`) },
    },
  }).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });
}

/**
 * Takes the websocket upgrades on `server`: the preview's address, when `allowed` says the gate
 * lets the request through, goes on to `upgrades`; anything else is closed (the site has none).
 */
export function takeUpgrades(
  server: Server,
  allowed: (req: IncomingMessage) => Promise<boolean>,
  upgrades: EventEmitter,
): void {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((req.url ?? '/').split('?')[0] !== previewPath) return socket.destroy();
    allowed(req).then(
      (yes) => (yes ? upgrades.emit('upgrade', req, socket, head) : socket.destroy()),
      () => socket.destroy(),
    );
  });
}

/** Headers of an upgrade that are about the websocket, not about who asks. */
const upgradeOnly = /^(connection|upgrade|sec-websocket-.*)$/;

/**
 * Whether the gate would let the websocket's request through: asked of the app itself, as a read
 * of the studio page with the same cookie and addresses, so the rule is the gate's own. And it must
 * come from the studio's own pages (browsers always send Origin with a websocket).
 */
export function gateAllows(app: FastifyInstance, publicUrl?: string): (req: IncomingMessage) => Promise<boolean> {
  return async (req) => {
    const origin = req.headers.origin;
    if (!origin) return false;
    const from = URL.canParse(origin) ? new URL(origin) : undefined;
    if (!from || (from.host !== req.headers.host && (!publicUrl || from.origin !== new URL(publicUrl).origin)))
      return false;
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name, value]) => !upgradeOnly.test(name) && typeof value === 'string'),
    ) as Record<string, string>;
    const answer = await app.inject({
      method: 'GET',
      url: studioPath,
      headers: { ...headers, accept: 'application/json' },
    });
    return answer.statusCode === 200;
  };
}

export interface StudioOnServer {
  /** For server/main.ts's serve(): the studio's routes for buildApp, and its websocket once the app is built. */
  addOn: AddOn;
  /** Whether Vite has been started. */
  running(): boolean;
}

/**
 * `npm start`'s studio, of the checkout at `root`, each save a commit by its editor
 * (commit-save.ts). Its routes are always there, behind the gate; the preview's Vite server starts
 * with the server when DATA_DIR/editors.json lists someone, else at the first request that needs
 * it (the gate reads the list at each request, so an editor the owner adds later needs no restart).
 */
export function studioOnServer(
  root: string,
  options: { commits?: boolean; committer?: Person } = { commits: true },
): StudioOnServer {
  const upgrades = new EventEmitter();
  const state = new StudioState(root);
  let started: Promise<ViteDevServer> | undefined;
  const addOn: AddOn = async (config) => {
    const notWatched = [config.dataDir, config.releasesDir, config.distDir].filter((dir) => dir !== undefined);
    const vite = () => {
      if (started) return started;
      const starting = startPreview(root, config.dataDir, state, { notWatched, upgrades });
      // A start that failed is tried again by the next request, not kept.
      starting.catch((error: unknown) => {
        console.error(`The studio could not start: ${(error as Error).stack ?? String(error)}`);
        if (started === starting) started = undefined;
      });
      return (started = starting);
    };
    const commits = options.commits ? new SaveCommits(root, options.committer, config.dataDir) : undefined;
    if (commits) {
      SaveCommits.ensureGit();
      const problem = await commits.problem();
      if (problem) console.warn(`studio: ${problem}`);
    }
    if ((await readEditors(config.dataDir)).length > 0) await vite();
    const token = newToken();
    const routes: FastifyPluginAsync = (app) =>
      studioRoutes(app, {
        state,
        token,
        vite,
        previewBase: previewPath,
        commits,
        onServer: true,
        // Publishing (publish-routes.ts) builds into the releases folder this server serves.
        publishing: { dataDir: config.dataDir, releasesDir: config.releasesDir, push: config.publishPush },
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
        const gate = gateAllows(app, config.publicUrl);
        // Vite must be there to take the websocket it is handed.
        const allowed = async (req: IncomingMessage) => (await gate(req)) && (await vite(), true);
        takeUpgrades(app.server, allowed, upgrades);
        // Before the server's close, which waits for every socket: Vite's websockets end with Vite.
        app.addHook('preClose', async () => {
          await (await started?.catch(() => undefined))?.close();
        });
      },
    };
  };
  return { addOn, running: () => started !== undefined };
}
