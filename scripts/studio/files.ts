// The studio's file access, confined to site/: paths are normalised and checked (no absolute
// paths, no `..`, no symlink leading out), every read carries a version (a hash of the text) and a
// write replaces the file atomically only if it still has the version the edit started from.
import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A refusal with its HTTP status and, for the studio page, details (the errors by field). */
export class StudioError extends Error {
  readonly status: number;
  readonly details?: unknown;
  constructor(status: number, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

export const versionOf = (text: string | Buffer) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * The absolute path of `relative` (a path under site/, like "pages/home.yaml"), or a 403 when it
 * would lead outside site/. Works for files that do not exist yet (a new page, an upload).
 */
export async function insideSite(siteDir: string, relative: string): Promise<string> {
  const refuse = () => new StudioError(403, `"${relative}" is not a file under site/: the studio writes only there.`);
  if (typeof relative !== 'string' || !relative || relative.includes('\0') || relative.includes('\\') || path.isAbsolute(relative)) throw refuse();
  const parts = relative.split('/');
  if (parts.some((part) => part === '..' || part === '.' || part === '' || part.startsWith('.'))) throw refuse();
  const root = await realpath(siteDir);
  const target = path.resolve(root, ...parts);
  if (!target.startsWith(root + path.sep)) throw refuse();
  // Every existing step on the way must be a real folder or file inside site/, not a link out.
  let at = root;
  for (const part of parts) {
    at = path.join(at, part);
    const stat = await lstat(at).catch(() => undefined);
    if (!stat) break;
    if (stat.isSymbolicLink()) {
      const real = await realpath(at).catch(() => '');
      if (!real.startsWith(root + path.sep)) throw refuse();
    }
  }
  return target;
}

export async function readVersioned(file: string): Promise<{ text: string; version: string }> {
  const text = await readFile(file, 'utf8');
  return { text, version: versionOf(text) };
}

/** Writes `content` to `file` through a temporary file and a rename, so a reader never sees half a file. */
export async function writeAtomic(file: string, content: string | Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, content, { flag: 'wx' });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Refuses with 409 when the file on disk is no longer the version the edit started from. */
export async function checkVersion(file: string, relative: string, expected: string | null): Promise<void> {
  const current = await readFile(file, 'utf8').then(versionOf, () => null);
  if (current !== expected)
    throw new StudioError(409, expected === null ? `site/${relative} already exists; nothing was changed.` : `site/${relative} changed on disk since the studio opened it (edited elsewhere?). Nothing was saved: reload it to see the new version, then make your edit again.`, { current });
}
