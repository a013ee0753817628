// The build cache (.cache/build in the project): what a build made that the next build of the same
// inputs can take instead of making it again.
// - bundles/<key>/: both Vite bundles (the browser's, with its manifest and index.html, and the
//   prerenderer's), kept under a hash of every input that reaches them (bundleInputsKey). Stored
//   into a hidden temporary folder, with a list of each file's checksum written last, then renamed
//   into place in one step; a bundle whose files no longer match the list is removed and built
//   again. The four most recently used are kept.
// - pages/: each route's prerendered HTML and each file's .br/.gz, a MediaCache (media-cache.ts:
//   content-addressed, atomic, verified on read, pruned least recently used first to BUILD_CACHE_MAX_MB).
// It lives inside the project, because the prerender bundle imports React and the rest from the
// project's node_modules, found from the bundle's own folder.
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheKey, cacheLimitFromEnv } from './media-cache.ts';
import { processAlive } from '../../shared/process-alive.ts';

/** The cache folder: the build's option (relative to the project), else .cache/build in the project. */
export function buildCacheDir(projectRoot: string, option?: string): string {
  return path.resolve(projectRoot, option ?? path.join('.cache', 'build'));
}

/** The size the pages cache is pruned to after a build: BUILD_CACHE_MAX_MB, 1 GB unless set. */
export function buildCacheLimit(): number {
  return cacheLimitFromEnv('BUILD_CACHE_MAX_MB', 1024);
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** Every file under the project's `items` (files or folders), by path, in a stable order. */
async function filesOf(projectRoot: string, items: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const item of items) {
    const full = path.join(projectRoot, item);
    const facts = await stat(full).catch(() => undefined);
    if (facts?.isFile()) found.push(item);
    else if (facts?.isDirectory())
      for (const entry of await readdir(full, { recursive: true, withFileTypes: true }))
        if (entry.isFile()) found.push(path.relative(projectRoot, path.join(entry.parentPath, entry.name)));
  }
  return found.sort();
}

/**
 * Everything that reaches the Vite bundles or the prerendered HTML besides the content: the
 * browser code and the prerenderer (src/, shared/, the build's own scripts), the schema, the HTML
 * template, Vite's configuration and .env files, the exact dependencies, and the Node version.
 * Wider than strictly needed (a change to the feed's code builds the bundles again), never narrower.
 */
export const bundleSources = [
  'src',
  'shared',
  'schema',
  'public',
  'scripts/site-build',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

export interface BundleInputs {
  projectRoot: string;
  /** The site shell `virtual:site` embeds (settings, forms), as JSON: the content's part of the bundles. */
  shell: string;
  mode: string;
  includeDrafts: boolean;
}

/** The key of the bundles: a hash of every input file's path and bytes and of the build's settings. */
export async function bundleInputsKey({ projectRoot, shell, mode, includeDrafts }: BundleInputs): Promise<string> {
  const envFiles = (await readdir(projectRoot)).filter((name) => name.startsWith('.env'));
  const files = await filesOf(projectRoot, [...bundleSources, ...envFiles]);
  const parts: string[] = [];
  for (const file of files) parts.push(file, sha256(await readFile(path.join(projectRoot, file))));
  // Vite puts VITE_* variables in the bundle, and NODE_ENV decides React's build.
  const env = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_') || name === 'NODE_ENV')
    .sort(([a], [b]) => a.localeCompare(b));
  return cacheKey('bundles-v1', process.version, mode, String(includeDrafts), JSON.stringify(env), shell, ...parts);
}

/** A stored pair of bundles, as the build uses them. */
export interface Bundles {
  /** The browser bundle exactly as Vite wrote it into the output folder (index.html and .vite/ included). */
  clientDir: string;
  /** The prerender bundle's entry. */
  ssrEntry: string;
  /** A hash of every stored file's bytes: what the bundles are, whatever made them. */
  outputHash: string;
}

interface FileList {
  files: Record<string, string>;
}

export class BundleCache {
  readonly stats = { reused: 0, built: 0, damaged: 0 };
  readonly dir: string;
  constructor(cacheDir: string) {
    this.dir = path.join(cacheDir, 'bundles');
  }

  private bundles(folder: string, list: string): Bundles {
    return {
      clientDir: path.join(folder, 'client'),
      ssrEntry: path.join(folder, 'ssr', 'entry-server.js'),
      outputHash: sha256(list),
    };
  }

  /** The bundles stored under the key, verified file by file; undefined when none (or damaged, now removed). */
  async get(key: string): Promise<Bundles | undefined> {
    const folder = path.join(this.dir, key);
    const listFile = path.join(folder, 'files.json');
    const list = await readFile(listFile, 'utf8').catch(() => undefined);
    if (list === undefined) return undefined;
    const intact = await (async () => {
      const { files } = JSON.parse(list) as FileList;
      for (const [file, sum] of Object.entries(files)) {
        const bytes = await readFile(path.join(folder, file)).catch(() => undefined);
        if (!bytes || sha256(bytes) !== sum) return false;
      }
      return Object.keys(files).length > 0;
    })().catch(() => false);
    if (!intact) {
      this.stats.damaged++;
      await rm(folder, { recursive: true, force: true });
      return undefined;
    }
    const now = new Date();
    await utimes(listFile, now, now).catch(() => undefined);
    this.stats.reused++;
    return this.bundles(folder, list);
  }

  /**
   * Stores bundles under the key: `build(temporary)` makes `client/` and `ssr/` in a hidden folder of
   * the cache, whose list of checksums is written last and which is then renamed into place.
   */
  async put(key: string, build: (folder: string) => Promise<void>): Promise<Bundles> {
    await mkdir(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `.${key}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
    try {
      await build(temporary);
      const files: Record<string, string> = {};
      for (const file of await filesOf(temporary, ['client', 'ssr']))
        files[file.split(path.sep).join('/')] = sha256(await readFile(path.join(temporary, file)));
      await writeFile(path.join(temporary, 'files.json'), JSON.stringify({ files } satisfies FileList));
      const folder = path.join(this.dir, key);
      // Another build of the same inputs stored them first: theirs is kept, and as good as ours.
      await rename(temporary, folder).catch(async () => {
        if (!(await stat(path.join(folder, 'files.json')).catch(() => undefined)))
          throw new Error(`cannot store ${key}`);
      });
      this.stats.built++;
      return this.bundles(folder, await readFile(path.join(folder, 'files.json'), 'utf8'));
    } finally {
      await rm(temporary, { recursive: true, force: true });
    }
  }

  /** Copies the browser bundle into the emptied output folder, as Vite's emptyOutDir build leaves it. */
  static async restore(bundles: Bundles, outDir: string): Promise<void> {
    await rm(outDir, { recursive: true, force: true });
    await cp(bundles.clientDir, outDir, { recursive: true });
  }

  /** Keeps the `keep` most recently used bundles, and removes temporary folders no running build owns. */
  async prune(keep = 4): Promise<number> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const used: { folder: string; time: number }[] = [];
    for (const name of names) {
      const folder = path.join(this.dir, name);
      const temporary = /^\.[0-9a-f]+\.(\d+)-[0-9a-f]+\.tmp$/.exec(name);
      if (temporary) {
        if (!processAlive(Number(temporary[1]))) await rm(folder, { recursive: true, force: true });
        continue;
      }
      const facts = await stat(path.join(folder, 'files.json')).catch(() => undefined);
      // A folder without its list is a bundle half removed: nothing uses it.
      if (!facts) await rm(folder, { recursive: true, force: true });
      else used.push({ folder, time: facts.mtimeMs });
    }
    const old = used.sort((a, b) => b.time - a.time).slice(keep);
    for (const { folder } of old) await rm(folder, { recursive: true, force: true });
    return old.length;
  }
}
