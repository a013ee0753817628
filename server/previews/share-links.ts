// Shared previews: a link to the unpublished site at one commit for people without an account.
// The link carries a token of 32 random bytes; the server keeps only its SHA-256, as the name of a
// small record under DATA_DIR/previews/links/ (who made it, when, which commit and page, until
// when). The record outlives its expiry and its revocation by a while, so the link then says in
// words that it ended (410) instead of not existing. The build it shows is one folder per commit
// under DATA_DIR/previews/builds/, shared by every link to that commit and never changed once there.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { writeDurably } from '../leads/durable-file.ts';
import { isSecret, newSecret } from '../studio-access/secret-records.ts';

/** Where shared previews are served: /_preview/<token>/<page>. */
export const PREVIEW_PATH = '/_preview';

/** A link lasts this long unless its maker says otherwise. */
export const DEFAULT_SHARE_MS = 7 * 24 * 3600_000;
/** And never longer than this: a forgotten link should not last for ever. */
export const MAX_SHARE_MS = 90 * 24 * 3600_000;
/** An ended link still answers "this link has ended" this long, then it is forgotten (404). */
export const ENDED_KEPT_MS = 30 * 24 * 3600_000;

export interface ShareRecord {
  /** Names the link in lists and for `revoke`: the start of the token's hash, which opens nothing. */
  id: string;
  /** The full hash of the commit shown. */
  commit: string;
  /** One page of the site ("/services"); the whole site when absent. */
  page?: string;
  /** Who made it (an e-mail address, or "owner" from the command line). */
  by: string;
  /** When it was made and until when it works (ms since the epoch). */
  created: number;
  expires: number;
  revoked?: { at: number; by: string };
}

export type ShareState = 'active' | 'expired' | 'revoked';

export const shareState = (record: ShareRecord, now: number): ShareState =>
  record.revoked ? 'revoked' : record.expires <= now ? 'expired' : 'active';

const isRecord = (value: unknown): value is ShareRecord => {
  const v = value as Partial<ShareRecord> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.commit === 'string' &&
    /^[0-9a-f]{40,64}$/.test(v.commit) &&
    typeof v.by === 'string' &&
    typeof v.created === 'number' &&
    typeof v.expires === 'number' &&
    (v.page === undefined || typeof v.page === 'string')
  );
};

export const previewsDir = (dataDir: string) => path.join(dataDir, 'previews');
export const shareBuildsDir = (dataDir: string) => path.join(previewsDir(dataDir), 'builds');
const linksDir = (dataDir: string) => path.join(previewsDir(dataDir), 'links');

/** The folder holding the build of `commit` (a full hash, checked by the caller). */
export const shareBuildDir = (dataDir: string, commit: string) => path.join(shareBuildsDir(dataDir), commit);

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const idLength = 12;

/** The address of a shared preview, on the site's own address. */
export const shareUrl = (origin: string, token: string, page = '/') => `${origin}${PREVIEW_PATH}/${token}${page}`;

/** The token inside a preview link (or a bare token); undefined when there is none. */
export function tokenOfLink(text: string): string | undefined {
  const match = new RegExp(`${PREVIEW_PATH}/([A-Za-z0-9_-]{43})(?:[/?#]|$)`).exec(text);
  const token = match ? match[1] : text;
  return isSecret(token) ? token : undefined;
}

export class ShareLinks {
  readonly dir: string;
  readonly #now: () => number;

  constructor(dataDir: string, now: () => number = Date.now) {
    this.dir = linksDir(dataDir);
    this.#now = now;
  }

  #file = (hash: string) => path.join(this.dir, `${hash}.json`);

  /** Keeps a new link's record and returns its token; only the token's hash is written. */
  async create(fields: Omit<ShareRecord, 'id' | 'created'>): Promise<{ token: string; record: ShareRecord }> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const token = newSecret();
    const hash = hashOf(token);
    const record: ShareRecord = { id: hash.slice(0, idLength), created: this.#now(), ...fields };
    await writeDurably(this.#file(hash), JSON.stringify(record));
    return { token, record };
  }

  /**
   * The record of a token, whatever its state; undefined for anything that is not one. The file is
   * found by the token's hash, so how long a miss takes says nothing about any token that exists.
   */
  async read(token: unknown): Promise<ShareRecord | undefined> {
    if (!isSecret(token)) return undefined;
    return this.#load(this.#file(hashOf(token)));
  }

  /** Every record, newest first, with the name of its file; those forgotten (ended long ago) are removed. */
  async #all(): Promise<{ hash: string; record: ShareRecord }[]> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const found: { hash: string; record: ShareRecord }[] = [];
    for (const name of names) {
      const match = /^([0-9a-f]{64})\.json$/.exec(name);
      if (!match) continue;
      const record = await this.#load(this.#file(match[1]));
      const ended = record && (record.revoked?.at ?? record.expires);
      if (!record || (ended !== undefined && ended + ENDED_KEPT_MS <= this.#now()))
        await unlink(this.#file(match[1])).catch(() => undefined);
      else found.push({ hash: match[1], record });
    }
    return found.sort((a, b) => b.record.created - a.record.created);
  }

  async list(): Promise<ShareRecord[]> {
    return (await this.#all()).map(({ record }) => record);
  }

  /**
   * Ends a link at once, named by its id or by the link (or token) itself; returns its record, or
   * undefined when none matches.
   */
  async revoke(idOrLink: string, by: string): Promise<ShareRecord | undefined> {
    const token = tokenOfLink(idOrLink.trim());
    const wanted = token ? hashOf(token) : undefined;
    const id = idOrLink.trim().toLowerCase();
    const found = (await this.#all()).find(({ hash, record }) => hash === wanted || (!token && record.id === id));
    if (!found) return undefined;
    if (found.record.revoked) return found.record;
    const record: ShareRecord = { ...found.record, revoked: { at: this.#now(), by } };
    await writeDurably(this.#file(found.hash), JSON.stringify(record));
    return record;
  }

  /**
   * Removes the builds no working link shows any more. A build made in the last hour stays: its
   * link may be being written now (the build comes first), or it may still be building.
   */
  async removeUnusedBuilds(dataDir: string): Promise<void> {
    const now = this.#now();
    const shown = new Set(
      (await this.#all())
        .filter(({ record }) => shareState(record, now) === 'active')
        .map(({ record }) => record.commit),
    );
    const builds = shareBuildsDir(dataDir);
    for (const name of await readdir(builds).catch(() => [])) {
      if (shown.has(name)) continue;
      const made = await stat(path.join(builds, name)).then(
        (s) => s.mtimeMs,
        () => Date.now(),
      );
      if (made < Date.now() - 3600_000) await rm(path.join(builds, name), { recursive: true, force: true });
    }
  }

  async #load(file: string): Promise<ShareRecord | undefined> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      const data: unknown = JSON.parse(text);
      return isRecord(data) ? data : undefined;
    } catch {
      return undefined;
    }
  }
}
