// The studio inside `npm start`: the same Vite server and studio plugin as `npm run studio`, run in
// middleware mode and handed to the Fastify app, which mounts it behind the sign-in gate for
// /_studio/*. The site's root belongs to the published site there, so Vite's `base` is the
// preview's address (previewPath): the preview's pages, their data and images, the app's modules
// and Vite's client all live under it. Requests under it reach Vite with the base taken off, so
// every plugin answers the paths it answers in `npm run studio`; Vite's own URLs (module imports,
// the client, its websocket) carry the base. The preview's live updates (an unsaved edit shown as it
// is typed) ride on Vite's websocket, attached to the app's server here: an upgrade never passes
// Fastify's hooks, so it is let through only when the gate lets the same request through.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createServer, type ViteDevServer } from 'vite';
import type { AddOn } from '../../server/main.ts';
import type { ServerConfig } from '../../server/config.ts';
import { readEditors } from '../../server/studio-access/editors.ts';
import { projectRoot } from '../dev.ts';
import { siteViteConfig } from '../site-build/vite-config.ts';
import { previewPath, studioApiPath, studioPath } from '../../shared/studio-protocol.ts';
import { studioPlugin, type StudioOptions } from './plugin.ts';

export interface ServerStudioOptions {
  /** The folder that holds site/: the server's checkout. */
  root: string;
  /** DATA_DIR, never served by the preview. */
  dataDir: string;
  /** More of the studio plugin's options (`commits`: every save a commit). */
  studio?: Omit<StudioOptions, 'root' | 'onServer'>;
  /** Folders Vite's watcher leaves alone (DATA_DIR, the releases, the build). */
  notWatched?: string[];
  /** Where Vite hears the websocket upgrades the gate let through (takeUpgrades). */
  upgrades: EventEmitter;
}

export interface ServerStudio {
  /** For every request under /_studio/ that passed the gate (buildApp's `studio.handler`). */
  handler(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  close(): Promise<void>;
}

/** Which requests under /_studio/ are the studio's: its page, its API, and the preview. */
function studioRequest(url: string): 'preview' | 'studio' | undefined {
  const pathname = url.split('?')[0];
  if (pathname.startsWith(previewPath)) return 'preview';
  if (pathname === studioPath || pathname.startsWith(studioApiPath)) return 'studio';
  return undefined;
}

export async function startServerStudio(options: ServerStudioOptions): Promise<ServerStudio> {
  const site = siteViteConfig({ contentRoot: options.root, includeDrafts: true, dataDir: options.dataDir });
  // The studio is a development server: its page runs the preview in edit mode (import.meta.env.DEV)
  // with React's checks. Vite decides that from NODE_ENV, which `npm start` has set to production
  // (scripts/build.ts, or the operator's unit file): development while Vite reads it, and stated
  // for the code it transforms and bundles later; the server keeps its own NODE_ENV.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  const development = { 'process.env.NODE_ENV': '"development"' };
  const vite: ViteDevServer = await createServer({
    ...site,
    mode: 'development',
    define: development,
    optimizeDeps: { rolldownOptions: { transform: { define: development } } },
    root: projectRoot,
    configFile: false,
    base: previewPath,
    appType: 'spa',
    logLevel: 'warn',
    plugins: [...(site.plugins ?? []), studioPlugin({ ...options.studio, root: options.root, onServer: true })],
    server: {
      ...site.server,
      middlewareMode: true,
      // Any host: the app in front answers for the public address (and PUBLIC_URL's host).
      allowedHosts: true,
      // Vite listens for upgrades on this stand-in, and hears only the ones the gate let through.
      ws: { server: options.upgrades as Server },
      // Not the data folder, the releases or the build: a publish writes whole sites of HTML there,
      // and a changed HTML file would reload every open studio page.
      watch: { ignored: (options.notWatched ?? []).map((dir) => `${path.resolve(projectRoot, dir)}/**`) },
    },
  }).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });
  return {
    handler(req, res, next) {
      const kind = studioRequest(req.url ?? '/');
      if (!kind) return next();
      // The preview's paths as `npm run studio` serves them; Vite lets a path outside its base through.
      if (kind === 'preview') req.url = (req.url ?? '/').slice(previewPath.length - 1);
      vite.middlewares(req, res, next);
    },
    close: () => vite.close(),
  };
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
  /** For server/main.ts's serve(): the studio's handler for buildApp, and its websocket once the app is built. */
  addOn: AddOn;
  /** Whether Vite has been started. */
  running(): boolean;
}

/**
 * `npm start`'s studio, of the checkout at `root`, each save a commit by its editor
 * (commit-save.ts). Vite starts with the server when DATA_DIR/editors.json lists someone, else at
 * the first request the gate lets through (the gate reads the list at each request, so an editor
 * the owner adds later needs no restart); while nobody is on the list, nothing of it runs.
 */
export function studioOnServer(
  root: string,
  studio: ServerStudioOptions['studio'] = { commits: true },
): StudioOnServer {
  const upgrades = new EventEmitter();
  let started: Promise<ServerStudio> | undefined;
  const start = (config: ServerConfig) => {
    if (started) return started;
    // Publishing (publish-routes.ts) builds into the releases folder this server serves.
    const publishing = { dataDir: config.dataDir, releasesDir: config.releasesDir, push: config.publishPush };
    const notWatched = [config.dataDir, config.releasesDir, config.distDir].filter((dir) => dir !== undefined);
    const starting = startServerStudio({
      root,
      dataDir: config.dataDir,
      studio: { ...studio, publishing, auditDir: config.dataDir, draftsDir: path.join(config.dataDir, 'drafts') },
      upgrades,
      notWatched,
    });
    // A start that failed is tried again by the next request, not kept.
    starting.catch(() => {
      if (started === starting) started = undefined;
    });
    return (started = starting);
  };
  const addOn: AddOn = async (config) => {
    if ((await readEditors(config.dataDir)).length > 0) await start(config);
    return {
      options: {
        studio: {
          handler(req, res, next) {
            start(config).then(
              (studio) => studio.handler(req, res, next),
              (error: unknown) => {
                console.error(`The studio could not start: ${(error as Error).stack ?? String(error)}`);
                res.statusCode = 500;
                res.setHeader('content-type', 'text/plain; charset=utf-8');
                res.end('The studio could not start. The server’s log says why.');
              },
            );
          },
        },
      },
      built(app) {
        const gate = gateAllows(app, config.publicUrl);
        // Vite must be there to take the websocket it is handed.
        const allowed = async (req: IncomingMessage) => (await gate(req)) && (await start(config), true);
        takeUpgrades(app.server, allowed, upgrades);
        app.addHook('onClose', async () => {
          await (await started?.catch(() => undefined))?.close();
        });
      },
    };
  };
  return { addOn, running: () => started !== undefined };
}
