// What the compiler knows of each file under site/ between two compiles, so that the studio's check
// of an edit (and the dev server's rebuild after a save) costs what changed, not the whole site.
// One entry per file on disk: its stamp (inode, size, times), its bytes' hash and bytes, its
// answer from compile-file.ts and, for a picture, its facts. A file whose stamp is unchanged is not
// read again; one whose stamp changed (a save, git pull, publish) is read and, when its bytes
// differ, compiled anew; one that is gone is dropped. A stamp taken within a moment of the file's
// last change is not trusted (a second write in the same clock tick could keep it): such a file is
// read and hashed again next time, as git does with "racily clean" files.
import { createHash } from 'node:crypto';
import { lstatSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { ConfinedFileError, readConfined, realRoot, siteFiles, type Confinement } from '../../shared/confined-files.ts';
import { listFiles } from '../../shared/confined-listing.ts';
import { compileFile, siteFileKind, type FileFacts } from './compile-file.ts';
import { inspectImage, type ImageFacts } from './image-content.ts';

/** One file under site/, as read from disk (or, in the studio, from an editor's buffer). */
export interface SiteFile {
  /** Path inside site/, with forward slashes: `pages/home.yaml`. */
  relative: string;
  bytes: Uint8Array;
  /** Why the file was not read (a link leading out, any link in site/images, a pipe): an error at the file. */
  refused?: string;
}

/** A picture's facts, or why it could not be read. */
export type PictureFacts = ImageFacts | { bytes: 0; refused: string };

interface Stamp {
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
}

interface FileEntry {
  stamp: Stamp;
  /** The read() that took the stamp: a picture's stamp from the current read is not taken again. */
  read: number;
  /** The stamp was taken long enough after the file's last change to be trusted. */
  settled: boolean;
  /** Pictures are not read for the listing: no bytes, no hash. */
  bytes?: Uint8Array;
  hash?: string;
  facts?: FileFacts;
  picture?: Promise<PictureFacts>;
}

/** Writes closer than this to the moment a stamp is taken may not show in it. */
const SETTLE_NS = 2_000_000_000n;
/** Edited texts not on disk whose answers are kept (the studio checks the same text again on Save). */
const KEPT_EDITS = 8;
/** Roots whose memo is kept (tests compile several copies of a site in one process). */
const KEPT_ROOTS = 4;

const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64');
const sameStamp = (a: Stamp, b: Stamp) =>
  a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

export class SiteMemo {
  readonly site: Confinement;
  /** By path under site/: only files that were there at the last listing. */
  private readonly files = new Map<string, FileEntry>();
  /** Answers for texts not on disk, by path and hash, the most recent last. */
  private readonly edits = new Map<string, FileFacts>();
  /** The hash of bytes this memo handed out or was given, so an unchanged file is not hashed again. */
  private readonly hashes = new WeakMap<Uint8Array, string>();

  constructor(root: string) {
    this.site = siteFiles(root);
  }

  /** Texts read from disk since the memo began (a file unchanged since the last read is not read again). */
  private textsRead = 0;
  /** Counts read() calls: what a compile lists is stamped by the read that listed it. */
  private reads = 0;

  /**
   * What is remembered (for tests): entries for files, never more than there are files; answers for
   * edited texts not on disk; entries whose stamp is trusted; and how many texts were read so far.
   */
  get size(): { files: number; edits: number; settled: number; reads: number } {
    const settled = [...this.files.values()].filter((entry) => entry.settled).length;
    return { files: this.files.size, edits: this.edits.size, settled, reads: this.textsRead };
  }

  /**
   * Every file under site/, as readSiteFiles in load-site.ts gives them, sorted; pictures without
   * their bytes (their facts come from `picture`). Reads only what changed since the last call.
   */
  async read(): Promise<SiteFile[]> {
    const listing = await listFiles(this.site).catch(() => ({ files: [], refused: [] }));
    const real = await realRoot(this.site).catch(() => undefined);
    const refusal = (error: ConfinedFileError): SiteFile => ({
      relative: error.relative,
      bytes: new Uint8Array(),
      refused: error.reason,
    });
    const read = ++this.reads;
    const seen = new Set(listing.files);
    for (const relative of this.files.keys()) if (!seen.has(relative)) this.files.delete(relative);
    const files = await Promise.all(
      listing.files.map((relative) =>
        this.readOne(real, relative, read).then(
          (file) => file,
          (error: unknown) => {
            this.files.delete(relative);
            return error instanceof ConfinedFileError && error.code !== 'missing' ? refusal(error) : undefined;
          },
        ),
      ),
    );
    return [...files.filter((f) => f !== undefined), ...listing.refused.map(refusal)].sort((a, b) =>
      a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0,
    );
  }

  private async readOne(real: string | undefined, relative: string, read: number): Promise<SiteFile> {
    const picture = siteFileKind(relative) === 'image';
    // Only a regular file is judged by its stamp; a link (allowed outside site/images) is read each time.
    const stats = real ? lstatOf(path.join(real, ...relative.split('/'))) : undefined;
    const stamp = stats?.isFile() ? stampOf(stats) : undefined;
    const known = this.files.get(relative);
    if (stamp && known?.settled && sameStamp(known.stamp, stamp)) {
      known.read = read;
      return { relative, bytes: known.bytes ?? new Uint8Array() };
    }
    if (picture) {
      // Pictures are judged by their stamp alone: hashing megabytes of photos is what this avoids.
      // A picture changed within the same clock tick is inspected again while it is unsettled.
      if (stamp) this.files.set(relative, { stamp, read, settled: isSettled(stats!) });
      else this.files.delete(relative);
      if (!stamp) await readConfined(this.site, relative);
      return { relative, bytes: new Uint8Array() };
    }
    const bytes = await readConfined(this.site, relative);
    this.textsRead++;
    const hash = hashOf(bytes);
    this.hashes.set(bytes, hash);
    if (!stamp) {
      this.files.delete(relative);
      return { relative, bytes };
    }
    // The same bytes as before (a touch, a checkout of the same text): the answer stands.
    const facts = known?.hash === hash ? known.facts : undefined;
    this.files.set(relative, { stamp, read, settled: isSettled(stats!), bytes, hash, facts });
    return { relative, bytes };
  }

  /** The file's answer: remembered when its bytes are those on disk or of a recent edit, else made. */
  facts(relative: string, bytes: Uint8Array): FileFacts {
    let hash = this.hashes.get(bytes);
    if (hash === undefined) this.hashes.set(bytes, (hash = hashOf(bytes)));
    const known = this.files.get(relative);
    if (known?.hash === hash) return (known.facts ??= compileFile(relative, bytes));
    // An edit not on disk (the studio's check, a planned move): kept apart, the file's entry stays.
    const key = `${relative}\0${hash}`;
    let facts = this.edits.get(key);
    if (facts) this.edits.delete(key);
    else facts = compileFile(relative, bytes);
    this.edits.set(key, facts);
    for (const oldest of this.edits.keys()) {
      if (this.edits.size <= KEPT_EDITS) break;
      this.edits.delete(oldest);
    }
    return facts;
  }

  /**
   * A picture's facts (`src`: /images/…), inspected again only when the file changed: its stamp is
   * taken again here, so facts are never older than the file, whoever gave the list of files.
   */
  picture(src: string): Promise<PictureFacts> {
    const relative = src.replace(/^\//, '');
    const inspect = () =>
      readConfined(this.site, relative).then(
        (bytes) => inspectImage(src, bytes),
        (error: unknown) => {
          if (error instanceof ConfinedFileError) return { bytes: 0 as const, refused: error.reason };
          throw error;
        },
      );
    const known = this.pictureEntry(relative);
    if (!known) return inspect();
    if (!known.picture) {
      const inspecting = inspect();
      known.picture = inspecting;
      // A failure is not kept: the next check tries again.
      inspecting.catch(() => {
        if (known.picture === inspecting) known.picture = undefined;
      });
    }
    return known.picture;
  }

  /**
   * A listed picture's entry with its stamp taken again now, emptied of what was learnt of it when
   * the file changed since (or its stamp is too recent to trust); undefined for anything else.
   */
  private pictureEntry(relative: string): FileEntry | undefined {
    const known = this.files.get(relative);
    if (!known || known.bytes) return undefined;
    // Stamped by the latest read (the one that listed the files being compiled) and trusted.
    if (known.read === this.reads && known.settled) return known;
    const stats = lstatOf(path.join(this.site.dir, ...relative.split('/')));
    if (!stats?.isFile()) return undefined;
    const stamp = stampOf(stats);
    if (!known.settled || !sameStamp(known.stamp, stamp))
      Object.assign(known, {
        stamp,
        read: this.reads,
        settled: isSettled(stats),
        picture: undefined,
      });
    return known;
  }
}

function lstatOf(full: string): BigIntStats | undefined {
  try {
    return lstatSync(full, { bigint: true });
  } catch {
    return undefined;
  }
}

const stampOf = (stats: BigIntStats): Stamp => ({
  ino: stats.ino,
  size: stats.size,
  mtimeNs: stats.mtimeNs,
  ctimeNs: stats.ctimeNs,
});

function isSettled(stats: BigIntStats): boolean {
  const now = BigInt(Date.now()) * 1_000_000n;
  const latest = stats.mtimeNs > stats.ctimeNs ? stats.mtimeNs : stats.ctimeNs;
  return now - latest > SETTLE_NS;
}

const memos = new Map<string, SiteMemo>();

/** The memo of the site under `root` (a folder holding site/); the least recently used root is forgotten. */
export function memoOf(root: string): SiteMemo {
  const key = path.resolve(root);
  let memo = memos.get(key);
  if (memo) memos.delete(key);
  else memo = new SiteMemo(key);
  memos.set(key, memo);
  for (const oldest of memos.keys()) {
    if (memos.size <= KEPT_ROOTS) break;
    memos.delete(oldest);
  }
  return memo;
}

/** Forgets every memo (tests compare a compile from scratch with one that reuses answers). */
export function forgetMemos(): void {
  memos.clear();
}
