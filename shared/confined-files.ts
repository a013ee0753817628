// One way to read the files under a root (confinement.ts): site/ for the compiler, the preview, the
// studio and the build; dist/ for the production server. Every file is judged by what was actually
// opened (the real path of the open descriptor), not by a check made before opening, which a swapped
// folder could outrun. The root and its rules are re-exported here for the many callers; listing
// lives in confined-listing.ts, writing in confined-writes.ts; all refuse with a ConfinedFileError.
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  type Stats,
} from 'node:fs';
import { lstat, open, readlink, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import {
  isInside,
  judgeLink,
  kindOfStats,
  linkRule,
  linksRefused,
  realRoot,
  refuse,
  relativePath,
  type Confinement,
} from './confinement.ts';

export {
  ConfinedFileError,
  confine,
  distFiles,
  isInside,
  linksRefused,
  pathFromUrl,
  realRoot,
  relativePath,
  siteFiles,
  type Confinement,
  type RefusalCode,
} from './confinement.ts';

const procFds = existsSync('/proc/self/fd');
/** The real path of what a descriptor points at (Linux: /proc), else the real path of `fallback`. */
export async function openedPath(handle: FileHandle, fallback: string): Promise<string> {
  return procFds ? readlink(`/proc/self/fd/${handle.fd}`) : realpath(fallback);
}

export interface OpenedFile {
  handle: FileHandle;
  /** The real path of the opened file. */
  real: string;
  stats: Stats;
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Opens a regular file under the root for reading, or refuses: a path outside the root, a link
 * leading out (any link where links are refused), a folder, a FIFO or device, a missing file.
 * The caller closes the handle.
 */
export async function openFile(c: Confinement, relative: string): Promise<OpenedFile> {
  relativePath(c, relative);
  const root = await realRoot(c);
  const full = path.join(root, ...relative.split('/'));
  const strict = linksRefused(c, relative);
  // Judged before opening too: opening a device (a link to /dev/…) can itself have effects. The
  // judgement after opening is the one that counts; this one only keeps such files unopened.
  const refusal = await judgeBeforeOpening(c, root, relative, full, strict);
  if (refusal) throw refusal;
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below as not a file.
    handle = await open(full, constants.O_RDONLY | constants.O_NONBLOCK | (strict ? constants.O_NOFOLLOW : 0));
  } catch (error) {
    if (code(error) === 'ELOOP') throw refuse(c, 'link', relative, `is a symbolic link; ${linkRule(c, relative)}`);
    if (code(error) === 'ENOENT' || code(error) === 'ENOTDIR') throw refuse(c, 'missing', relative, 'does not exist.');
    throw error;
  }
  try {
    const stats = await handle.stat();
    const real = await openedPath(handle, full);
    if (!isInside(root, real))
      throw refuse(
        c,
        'outside',
        relative,
        `leads outside ${c.label}/ through a symbolic link; only files inside ${c.label}/ are read.`,
      );
    if (strict && real !== full)
      throw refuse(c, 'link', relative, `is reached through a symbolic link; ${linkRule(c, relative)}`);
    if (!stats.isFile()) throw refuse(c, 'not-a-file', relative, `is ${kindOfStats(stats)}, not a regular file.`);
    return { handle, real, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function judgeBeforeOpening(c: Confinement, root: string, relative: string, full: string, strict: boolean) {
  const seen = await lstat(full).catch(() => undefined);
  if (!seen) return undefined; // Missing (or a folder on the way is missing): open says so.
  if (seen.isSymbolicLink())
    return strict
      ? refuse(c, 'link', relative, `is a symbolic link; ${linkRule(c, relative)}`)
      : judgeLink(c, root, relative);
  if (!seen.isFile()) return refuse(c, 'not-a-file', relative, `is ${kindOfStats(seen)}, not a regular file.`);
  const real = await realpath(full).catch(() => full);
  return isInside(root, real)
    ? undefined
    : refuse(
        c,
        'outside',
        relative,
        `leads outside ${c.label}/ through a symbolic link; only files inside ${c.label}/ are read.`,
      );
}

/** The bytes of a regular file under the root (see openFile for what is refused). */
export async function readConfined(c: Confinement, relative: string): Promise<Buffer> {
  const { handle } = await openFile(c, relative);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * The synchronous twin of readConfined, for callers that cannot wait (the route data's inline-image
 * callback): the same refusals, judged on the opened descriptor. Undefined when the file is larger
 * than `maxBytes`, which is then not read.
 */
export function readConfinedSync(c: Confinement, relative: string, maxBytes = Infinity): Buffer | undefined {
  relativePath(c, relative);
  const root = realpathSync(c.dir);
  const full = path.join(root, ...relative.split('/'));
  const strict = linksRefused(c, relative);
  const before = (() => {
    try {
      return realpathSync(full);
    } catch {
      throw refuse(c, 'missing', relative, 'does not exist.');
    }
  })();
  if (!isInside(root, before))
    throw refuse(
      c,
      'outside',
      relative,
      `is a symbolic link leading outside ${c.label}/; only files inside ${c.label}/ are read.`,
    );
  if (strict && before !== full)
    throw refuse(c, 'link', relative, `is reached through a symbolic link; ${linkRule(c, relative)}`);
  let fd: number;
  try {
    fd = openSync(full, constants.O_RDONLY | constants.O_NONBLOCK | (strict ? constants.O_NOFOLLOW : 0));
  } catch (error) {
    if (code(error) === 'ELOOP') throw refuse(c, 'link', relative, `is a symbolic link; ${linkRule(c, relative)}`);
    throw refuse(c, 'missing', relative, 'does not exist.');
  }
  try {
    const stats = fstatSync(fd);
    const real = procFds ? readlinkSync(`/proc/self/fd/${fd}`) : realpathSync(full);
    if (!isInside(root, real) || (strict && real !== full))
      throw refuse(c, 'link', relative, `changed into a symbolic link while it was read; ${linkRule(c, relative)}`);
    if (!stats.isFile()) throw refuse(c, 'not-a-file', relative, `is ${kindOfStats(stats)}, not a regular file.`);
    return stats.size > maxBytes ? undefined : readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
