// The preview (`npm run dev`) and the studio answer only what the site serves, with the production
// security headers on every response, Vite's own included. Vite serves any file under the project
// for its module graph (`/package.json`, `/var/outbox/….json?raw`, `/@fs/<any path>`), and opens
// files in an editor at /__open-in-editor: this plugin stands in front of all of it. A request is let
// through only when it names the app's modules (src/, shared/, node_modules), Vite's own paths, or
// one of the site's public addresses; never a hidden name, never the data folder (leads and mail).
import { existsSync, realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { headersForMediaType } from '../../server/security-headers.ts';

export interface DevGuardOptions {
  /** The project (Vite's root): index.html, src/, shared/, node_modules. */
  root: string;
  /** DATA_DIR, absolute or under the project: the lead spool and the mail outbox; never served. */
  dataDir: string;
}

/** Folders of the project whose files the browser loads as modules. */
const moduleFolders = ['src', 'shared', 'node_modules'];
/** Vite's own addresses (its client, ids of virtual modules, files by absolute path). */
const vitePaths = ['/@vite/', '/@id/', '/@fs/'];
/** The site's public addresses with a dot in them, beside pages (no dot in the last step). */
const sitePrefixes = ['/_data/', '/images/', '/_site/', '/_studio/'];

export type Verdict = { allowed: true } | { allowed: false; reason: string };
const refused = (reason: string): Verdict => ({ allowed: false, reason });

const inside = (dir: string, file: string) =>
  file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

/** The real path of a file, or of the nearest folder above it that exists (a missing file still has a place). */
async function realPlace(file: string): Promise<string> {
  const missing: string[] = [];
  for (let at = file; ; at = path.dirname(at)) {
    const real = await realpath(at).catch(() => undefined);
    if (real) return path.join(real, ...missing.reverse());
    if (path.dirname(at) === at) return file;
    missing.push(path.basename(at));
  }
}

/** The real places the verdicts compare with, found once per server. */
export interface GuardPlaces {
  root: string;
  dataDir: string;
  moduleDirs: string[];
}

export async function guardPlaces(options: DevGuardOptions): Promise<GuardPlaces> {
  const root = await realPlace(path.resolve(options.root));
  return {
    root,
    dataDir: await realPlace(path.resolve(options.root, options.dataDir)),
    moduleDirs: await Promise.all(moduleFolders.map((folder) => realPlace(path.join(root, folder)))),
  };
}

/**
 * Whether the preview may answer a request for `rawPath` (the URL's path, still %-encoded). Judged
 * on the decoded path, as Vite reads it, and on the real place of any file it names.
 */
export async function judgeDevRequest(rawPath: string, places: GuardPlaces): Promise<Verdict> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return refused('its %-encoding is broken');
  }
  if (!decoded.startsWith('/') || /[\\\p{Cc}]/u.test(decoded)) return refused('not a plain path');
  const steps = decoded.split('/').slice(1);
  if (steps.some((step) => step === '..' || step === '.')) return refused('a "." or ".." step');
  // Hidden names (.env, .git) are never served; Vite's dependency cache lives in node_modules/.vite.
  const hidden = steps.some(
    (step, i) => step.startsWith('.') && !(step === '.vite' && steps[i - 1] === 'node_modules'),
  );
  if (hidden) return refused('a hidden name');
  // Vite's tools (/__open-in-editor opens any file in an editor) are no address of the site.
  if (steps[0].startsWith('__')) return refused("a development tool's address");

  if (decoded.startsWith('/@fs/')) {
    const file = await realPlace(decoded.slice('/@fs'.length));
    if (inside(places.dataDir, file)) return refused('the data folder');
    return places.moduleDirs.some((dir) => inside(dir, file))
      ? { allowed: true }
      : refused("outside the app's modules");
  }
  // /@id/ names a virtual module or an installed package; Vite would read anything else as a
  // path under the project (/@id/package.json?raw).
  if (decoded.startsWith('/@id/')) {
    const id = decoded.slice('/@id/'.length);
    if (id.startsWith('__x00__')) return { allowed: true };
    const name = id
      .split('/')
      .slice(0, id.startsWith('@') ? 2 : 1)
      .join('/');
    if (!/^(@[^/]+\/)?[^/]+$/.test(name)) return refused('not a module id');
    const installed = await realpath(path.join(places.root, 'node_modules', name)).catch(() => undefined);
    return installed && places.moduleDirs.some((dir) => inside(dir, installed))
      ? { allowed: true }
      : refused('not a module id');
  }
  if (vitePaths.some((prefix) => decoded.startsWith(prefix))) return { allowed: true };

  const file = await realPlace(path.join(places.root, ...steps));
  if (inside(places.dataDir, file)) return refused('the data folder');
  if (places.moduleDirs.some((dir) => inside(dir, file))) return { allowed: true };
  if (decoded === '/index.html' || sitePrefixes.some((prefix) => decoded.startsWith(prefix))) return { allowed: true };
  // A page: the site's routes have no dot in their last step (the lead endpoints neither).
  if (!steps[steps.length - 1].includes('.')) return { allowed: true };
  return refused("not one of the site's addresses");
}

/** Sets `headers` on every response, and a media type's own (an SVG's sandbox) once its type is known. */
function sendHeaders(res: ServerResponse, headers: () => Record<string, string>) {
  for (const [name, value] of Object.entries(headers())) res.setHeader(name, value);
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const given = args.find(
      (arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null && !Array.isArray(arg),
    );
    const typeName = given && Object.keys(given).find((name) => name.toLowerCase() === 'content-type');
    const type = typeName ? given[typeName] : res.getHeader('content-type');
    for (const [name, value] of Object.entries(headersForMediaType(typeof type === 'string' ? type : undefined))) {
      res.setHeader(name, value);
      const same = given && Object.keys(given).find((key) => key.toLowerCase() === name.toLowerCase());
      if (same) given[same] = value;
    }
    return writeHead.apply(this, args as Parameters<ServerResponse['writeHead']>);
  } as ServerResponse['writeHead'];
}

/** `dataDir` as the server reads DATA_DIR: absolute, or under the project. */
export function devGuard({ dataDir }: { dataDir: string }): Plugin {
  return {
    name: 'dev-guard',
    apply: 'serve',
    enforce: 'pre',
    config(userConfig) {
      // Vite's own file checks, as a second line: /@fs and ?raw only inside the app's folders.
      const root = path.resolve(userConfig.root ?? process.cwd());
      // Allowed by real path too: node_modules may be a link (a project copy's is).
      const real = (dir: string) => (existsSync(dir) ? realpathSync(dir) : dir);
      return {
        server: {
          fs: {
            strict: true,
            allow: [
              ...moduleFolders.flatMap((folder) => [path.join(root, folder), real(path.join(root, folder))]),
              path.join(root, 'index.html'),
            ],
            deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', `${path.resolve(root, dataDir)}/**`],
          },
        },
      };
    },
    configureServer(server: ViteDevServer) {
      // The headers go on before any middleware runs, Vite's own first ones (bad requests, hosts) included.
      const headers = () => server.config.server.headers as Record<string, string>;
      // In middleware mode (the studio inside `npm start`) there is no server of Vite's own: the
      // first middleware sets them.
      if (server.httpServer)
        server.httpServer.prependListener('request', (_req: IncomingMessage, res: ServerResponse) =>
          sendHeaders(res, headers),
        );
      else
        server.middlewares.use((_req, res, next) => {
          sendHeaders(res, headers);
          next();
        });
      const places = guardPlaces({ root: server.config.root, dataDir });
      server.middlewares.use((req, res, next) => {
        const rawPath = (req.url ?? '/').split('?')[0];
        places
          .then((found) => judgeDevRequest(rawPath, found))
          .then((verdict) => {
            if (verdict.allowed) return next();
            res.statusCode = 404;
            res.setHeader('Content-Type', 'text/plain; charset=utf-8');
            res.setHeader('Cache-Control', 'no-store');
            res.end('Not found: the preview serves only the site.\n');
          }, next);
      });
    },
  };
}
