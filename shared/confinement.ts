// A root that files are confined to (site/ for the compiler, the preview, the studio and the build;
// dist/ for the production server) and its rules: which paths name a file under it (every path that
// comes in is untrusted, so it is decoded before it is judged), where links are refused, which link
// leads out, and the ConfinedFileError each refusal is, naming file and reason. Reading
// (confined-files.ts), listing (confined-listing.ts) and writing (confined-writes.ts) judge by these.
import type { Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
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
  /** Holds a person's data: files are written 0600 and folders made 0700, readable by the owner alone. */
  readonly personal?: boolean;
}

export function confine(
  dir: string,
  options: { label?: string; noLinksUnder?: readonly string[]; personal?: boolean } = {},
): Confinement {
  return {
    dir: path.resolve(dir),
    label: options.label ?? path.basename(dir),
    noLinksUnder: options.noLinksUnder ?? [],
    personal: options.personal ?? false,
  };
}

/** site/ of a project: links inside site/ are followed while they stay inside; in site/images, none. */
export const siteFiles = (projectRoot: string) =>
  confine(path.join(projectRoot, 'site'), { label: 'site', noLinksUnder: ['images'] });

/** A build: dist/ is written by the build alone, so any link in it is refused. */
export const distFiles = (distDir: string) => confine(distDir, { label: 'dist', noLinksUnder: [''] });

const shown = (c: Confinement, relative: string) => `${c.label}/${relative}`;
/** The refusal of `relative` under the root, named as people know it ("site/images/logo.png"). */
export const refuse = (c: Confinement, code: RefusalCode, relative: string, why: string) =>
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

/** The rule a refused link breaks, for the end of its message. */
export const linkRule = (c: Confinement, relative: string) => {
  const folder = c.noLinksUnder.find((f) => f === '' || relative === f || relative.startsWith(`${f}/`)) ?? '';
  return `${folder ? `${c.label}/${folder}` : `${c.label}/`} holds only real files and folders: put the file itself there.`;
};

/** What a file that is not a regular file is, in words: "a folder", "a device". */
export function kindOfStats(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isBlockDevice() || stats.isCharacterDevice()) return 'a device';
  return 'not a file';
}

/** Why a link is refused, or nothing when it is a link inside the root to a regular file, where links are allowed. */
export async function judgeLink(
  c: Confinement,
  root: string,
  relative: string,
): Promise<ConfinedFileError | undefined> {
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
