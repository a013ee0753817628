// One way to touch the files under a root: site/ for the compiler, the preview, the studio and the
// build; dist/ for the production server. Every path that comes in is untrusted, so it is decoded
// before it is judged, and every file is judged by what was actually opened (the real path of the
// open descriptor), not by a check made before opening, which a swapped folder could outrun.
// Writing lives in confined-writes.ts; both refuse with a ConfinedFileError naming file and reason.
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
import { lstat, mkdir, open, readdir, readlink, realpath, stat, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

export type RefusalCode = 'bad-path' | 'outside' | 'link' | 'not-a-file' | 'missing' | 'exists';

/** A refusal: `file` is the file as people know it ("site/images/logo.png"), the message says why. */
export class ConfinedFileError extends Error {
  readonly code: RefusalCode;
  readonly file: string;
  /** The path under the root ('/'-separated), or '' when the given path could not be read as one. */
  readonly relative: string;
  /** The message without the file's name in front ("is a symbolic link; …"), for reports that name it already. */
  readonly reason: string;
  constructor(code: RefusalCode, file: string, relative: string, why: string) {
    super(`${file} ${why}`);
    this.name = 'ConfinedFileError';
    this.code = code;
    this.file = file;
    this.relative = relative;
    this.reason = why;
  }
}

/** A root and its rules. Make one with `confine`, `siteFiles` or `distFiles`. */
export interface Confinement {
  /** The root folder (absolute). */
  readonly dir: string;
  /** Its name in messages: "site". */
  readonly label: string;
  /** Folders under the root ('' for all of it) where no symbolic link is accepted at all. */
  readonly noLinksUnder: readonly string[];
}

export function confine(dir: string, options: { label?: string; noLinksUnder?: readonly string[] } = {}): Confinement {
  return {
    dir: path.resolve(dir),
    label: options.label ?? path.basename(dir),
    noLinksUnder: options.noLinksUnder ?? [],
  };
}

/** site/ of a project: links inside site/ are followed while they stay inside; in site/images, none. */
export const siteFiles = (projectRoot: string) =>
  confine(path.join(projectRoot, 'site'), { label: 'site', noLinksUnder: ['images'] });

/** A build: dist/ is written by the build alone, so any link in it is refused. */
export const distFiles = (distDir: string) => confine(distDir, { label: 'dist', noLinksUnder: [''] });

const shown = (c: Confinement, relative: string) => `${c.label}/${relative}`;
const refuse = (c: Confinement, code: RefusalCode, relative: string, why: string) =>
  new ConfinedFileError(code, relative ? shown(c, relative) : `${c.label}/`, relative, why);

/**
 * A path under the root as given by a person or a program ("pages/home.yaml"), checked: no
 * absolute path, no `.` or `..` step, no empty step, no backslash, NUL or other control character,
 * and no hidden name (temporary and lock files start with a dot). Returns it unchanged.
 */
export function relativePath(c: Confinement, input: string): string {
  const bad = (why: string) =>
    new ConfinedFileError(
      'bad-path',
      `${JSON.stringify(String(input)).slice(0, 200)}`,
      '',
      `is not a path under ${c.label}/: ${why}.`,
    );
  if (typeof input !== 'string' || input === '') throw bad('it is empty');
  // NUL ends a path in the kernel; line breaks and other control characters have no place in a file name here.
  if ([...input].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
    throw bad('it holds a control character');
  if (input.includes('\\')) throw bad('it holds a backslash');
  if (input.startsWith('/')) throw bad('it is absolute');
  const parts = input.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) throw bad('it has an empty, "." or ".." step');
  if (parts.some((p) => p.startsWith('.'))) throw bad('hidden names (starting with a dot) are not served or written');
  return input;
}

/**
 * The path under the root that a request's URL path names: "/images/a%20b.png" → "images/a b.png".
 * Decoded once, before it is judged, so `%2e%2e%2f` and `%2E%2E%2F` are the `../` they spell.
 */
export function pathFromUrl(c: Confinement, urlPath: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    throw new ConfinedFileError(
      'bad-path',
      JSON.stringify(urlPath).slice(0, 200),
      '',
      `is not a path under ${c.label}/: its %-encoding is broken.`,
    );
  }
  return relativePath(c, decoded.startsWith('/') ? decoded.slice(1) : decoded);
}

/** Whether `relative` lies in a folder where links are refused outright. */
export const linksRefused = (c: Confinement, relative: string) =>
  c.noLinksUnder.some((folder) => folder === '' || relative === folder || relative.startsWith(`${folder}/`));

export const isInside = (root: string, real: string) =>
  real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/** The root's real path (a project may itself live behind a link). */
export async function realRoot(c: Confinement): Promise<string> {
  return realpath(c.dir).catch(() => {
    throw refuse(c, 'missing', '', 'does not exist.');
  });
}

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

const linkRule = (c: Confinement, relative: string) => {
  const folder = c.noLinksUnder.find((f) => f === '' || relative === f || relative.startsWith(`${f}/`)) ?? '';
  return `${folder ? `${c.label}/${folder}` : `${c.label}/`} holds only real files and folders: put the file itself there.`;
};

function kindOfStats(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isBlockDevice() || stats.isCharacterDevice()) return 'a device';
  return 'not a file';
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

export interface Listing {
  /** Regular files under the folder, as paths under the root, sorted. Hidden names are skipped. */
  files: string[];
  /** What is there but refused: links leading out (any link where refused), pipes, devices. */
  refused: ConfinedFileError[];
}

/** Every regular file under `folder` ('' for the whole root), and every entry refused, by name. */
export async function listFiles(c: Confinement, folder = ''): Promise<Listing> {
  if (folder) relativePath(c, folder);
  const root = await realRoot(c);
  const listing: Listing = { files: [], refused: [] };
  const walk = async (under: string): Promise<void> => {
    const entries = await readdir(path.join(root, ...(under ? under.split('/') : [])), { withFileTypes: true }).catch(
      (error: unknown) => {
        if (code(error) === 'ENOENT' || code(error) === 'ENOTDIR') return [];
        throw error;
      },
    );
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const relative = under ? `${under}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(relative);
      else if (entry.isFile()) listing.files.push(relative);
      else if (entry.isSymbolicLink()) {
        const refusal = await judgeLink(c, root, relative);
        if (refusal) listing.refused.push(refusal);
        else listing.files.push(relative);
      } else
        listing.refused.push(
          refuse(
            c,
            'not-a-file',
            relative,
            `is ${kindOfStats(await lstat(path.join(root, relative)))}, not a regular file.`,
          ),
        );
    }
  };
  await walk(folder);
  listing.files.sort();
  return listing;
}

/** Why a link is refused, or nothing when it is a link inside the root to a regular file, where links are allowed. */
async function judgeLink(c: Confinement, root: string, relative: string): Promise<ConfinedFileError | undefined> {
  if (linksRefused(c, relative)) return refuse(c, 'link', relative, `is a symbolic link; ${linkRule(c, relative)}`);
  const real = await realpath(path.join(root, relative)).catch(() => undefined);
  if (!real) return refuse(c, 'missing', relative, 'is a symbolic link to nothing (its target does not exist).');
  if (!isInside(root, real))
    return refuse(
      c,
      'outside',
      relative,
      `is a symbolic link leading outside ${c.label}/; only files inside ${c.label}/ are read.`,
    );
  const target = await stat(real);
  return target.isFile()
    ? undefined
    : refuse(c, 'not-a-file', relative, `is a symbolic link to ${kindOfStats(target)}, not to a regular file.`);
}

/**
 * Copies the regular files under `folder` into `destination` (same paths below it), each read
 * through openFile; throws the first refusal (a link, a pipe), naming the file. `keep` chooses files.
 * Returns the paths copied, under the root.
 */
export async function copyFiles(
  c: Confinement,
  folder: string,
  destination: string,
  keep: (relative: string) => boolean = () => true,
): Promise<string[]> {
  const { files, refused } = await listFiles(c, folder);
  if (refused.length) throw refused[0];
  const copied: string[] = [];
  for (const relative of files.filter(keep)) {
    const bytes = await readConfined(c, relative);
    const target = path.join(destination, ...relative.slice(folder ? folder.length + 1 : 0).split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
    copied.push(relative);
  }
  return copied;
}
