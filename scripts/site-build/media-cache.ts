// The build's content-addressed cache of encoded media (photo variants, social cards): one folder
// that every build, CI run and publish reuses. An entry is named by its key (a hash of the source
// bytes, the encoder settings and the recipe's version, made by the caller) and by a checksum of
// its own bytes: `<key>-<check>.<ext>`. So
// - a write is atomic: the bytes go to a hidden temporary file, are fsynced, then renamed to the
//   entry's name; a crash leaves only the temporary file (removed by the next build), never an
//   entry a build would use;
// - concurrent builds do not corrupt it: each writes its own temporary file, and a rename replaces
//   a name in one step;
// - an entry damaged after it was written (truncated, overwritten) no longer matches its checksum:
//   it is removed and made again.
// Each use sets the entry's time, and `prune` removes the least recently used entries beyond a size.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import { syncFolder } from '../../shared/sync-folder.ts';
import { processAlive } from '../../shared/process-alive.ts';

/** The cache folder: the build's option, else MEDIA_CACHE_DIR, else .cache/media in the project. */
export function mediaCacheDir(projectRoot: string, option?: string): string {
  return path.resolve(projectRoot, option ?? process.env.MEDIA_CACHE_DIR ?? path.join('.cache', 'media'));
}

/** A cache's size limit in bytes from the environment variable `name` (megabytes), `fallback` MB unless set. */
export function cacheLimitFromEnv(name: string, fallback: number): number {
  const megabytes = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(megabytes) || megabytes <= 0)
    throw new Error(`${name} must be a number of megabytes above 0, not "${process.env[name]}".`);
  return megabytes * 1024 * 1024;
}

/** The size the cache is pruned to after a build: MEDIA_CACHE_MAX_MB, 2 GB unless set. */
export function mediaCacheLimit(): number {
  return cacheLimitFromEnv('MEDIA_CACHE_MAX_MB', 2048);
}

/** A key for an entry: the hash of its parts (settings and versions as text, source bytes as they are). */
export function cacheKey(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(typeof part === 'string' ? `${part.length}:${part}` : part).update('\0');
  return hash.digest('hex').slice(0, 32);
}

const checksum = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const ENTRY = /^([0-9a-f]{32})-([0-9a-f]{16})\.([a-z0-9]+)$/;
const TEMPORARY = /^\.[0-9a-f]{32}\.(\d+)-[0-9a-f]+\.tmp$/;
const DAY = 24 * 60 * 60 * 1000;

export interface CacheStats {
  /** Entries read and verified. */
  hits: number;
  /** Entries written. */
  writes: number;
  /** Entries found damaged, removed and made again. */
  damaged: number;
}

export class MediaCache {
  readonly stats: CacheStats = { hits: 0, writes: 0, damaged: 0 };
  readonly dir: string;
  private readonly entries: Map<string, string>;
  private constructor(dir: string, entries: Map<string, string>) {
    this.dir = dir;
    this.entries = entries;
  }

  /** Opens (creates) the folder, lists its entries, and removes temporary files no running build owns. */
  static async open(dir: string): Promise<MediaCache> {
    await mkdir(dir, { recursive: true });
    const entries = new Map<string, string>();
    for (const name of await readdir(dir)) {
      const entry = ENTRY.exec(name);
      if (entry) entries.set(`${entry[1]}.${entry[3]}`, name);
      const temporary = TEMPORARY.exec(name);
      if (temporary && !processAlive(Number(temporary[1]))) await unlink(path.join(dir, name)).catch(() => undefined);
      else if (temporary) {
        // A process id can be reused: a day-old temporary file is nobody's write in progress.
        const { mtimeMs } = await stat(path.join(dir, name)).catch(() => ({ mtimeMs: Date.now() }));
        if (Date.now() - mtimeMs > DAY) await unlink(path.join(dir, name)).catch(() => undefined);
      }
    }
    return new MediaCache(dir, entries);
  }

  /** The entry's bytes, or undefined when there is none (or it was damaged, and is now removed). */
  async get(key: string, ext: string): Promise<Buffer | undefined> {
    const name = this.entries.get(`${key}.${ext}`);
    if (!name) return undefined;
    const file = path.join(this.dir, name);
    // Removed by another build's prune since the listing: simply not cached.
    const bytes = await readFile(file).catch(() => undefined);
    if (!bytes) return undefined;
    if (checksum(bytes) !== ENTRY.exec(name)?.[2]) {
      this.stats.damaged++;
      this.entries.delete(`${key}.${ext}`);
      await unlink(file).catch(() => undefined);
      return undefined;
    }
    this.stats.hits++;
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return bytes;
  }

  /** Stores the bytes under the key: written whole and synced before the entry's name exists. */
  async put(key: string, ext: string, bytes: Buffer): Promise<void> {
    const name = `${key}-${checksum(bytes)}.${ext}`;
    const temporary = path.join(this.dir, `.${key}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path.join(this.dir, name));
    await syncFolder(this.dir).catch(() => undefined);
    this.entries.set(`${key}.${ext}`, name);
    this.stats.writes++;
  }

  /**
   * Removes the least recently used entries until the folder holds at most `limit` bytes. An entry
   * used since `keepSince` (by this build) is never removed.
   */
  async prune(limit: number, keepSince: number): Promise<{ removed: number; bytes: number }> {
    const files: { file: string; size: number; used: number }[] = [];
    for (const name of await readdir(this.dir)) {
      if (!ENTRY.test(name)) continue;
      const file = path.join(this.dir, name);
      const facts = await stat(file).catch(() => undefined);
      if (facts) files.push({ file, size: facts.size, used: facts.mtimeMs });
    }
    let bytes = files.reduce((sum, f) => sum + f.size, 0);
    let removed = 0;
    for (const f of files.sort((a, b) => a.used - b.used)) {
      if (bytes <= limit || f.used >= keepSince) break;
      await unlink(f.file).catch(() => undefined);
      bytes -= f.size;
      removed++;
    }
    return { removed, bytes };
  }
}
