// Creating and replacing files under a root (confinement.ts), so that a write can neither leave
// the root nor half-happen nor race:
// - the folder is opened (O_DIRECTORY | O_NOFOLLOW) and the real path of that open descriptor must be
//   the expected one, and everything after goes through the descriptor (/proc/self/fd/N/name, as
//   openat would): a folder swapped for a link after the check cannot redirect the write;
// - the data goes to a temporary file in that same real folder, created exclusively (O_EXCL,
//   O_NOFOLLOW), fsynced, then renamed over the target (replace) or hard-linked to it (create:
//   link fails when the name exists, so nothing is ever overwritten), and the folder is fsynced;
// - a replacement runs under a lock per file (file-lock.ts: in this process, and across processes),
//   and its `expect` check reads the file under that lock: compare and swap.
// A killed write leaves only a hidden temporary file, which cleanTemporaryFiles removes.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, mkdir, open, readdir, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { openedPath } from './confined-files.ts';
import { ConfinedFileError, realRoot, relativePath, type Confinement } from './confinement.ts';
import { withLock } from './file-lock.ts';
import { syncFolder } from './sync-folder.ts';
import { processAlive } from './process-alive.ts';

export interface WriteOptions {
  /** Runs after the folder was checked and before it is opened. Tests use it to swap the folder for a link. */
  beforeOpen?: () => Promise<void>;
}

export interface ReplaceOptions extends WriteOptions {
  /** Judges the file as it is now (undefined: none), under the lock; throw to write nothing. */
  expect?: (current: Buffer | undefined) => void | Promise<void>;
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;
const shown = (c: Confinement, relative: string) => `${c.label}/${relative}`;

/** Temporary names: hidden, the target's name, the writer's process id (for the cleanup), random. */
const tempName = (name: string) => `.${name.slice(0, 100)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
const tempPattern = /^\..+\.(?:(\d+)-)?[0-9a-f]{8,}\.tmp$/;

interface OpenFolder {
  handle: FileHandle;
  /** A path that reaches the opened folder itself: /proc/self/fd/N on Linux. */
  base: string;
  name: string;
}

/** Opens the target's folder, making the missing folders on the way, and refusing any link among them. */
async function openFolder(c: Confinement, relative: string, options: WriteOptions): Promise<OpenFolder> {
  relativePath(c, relative);
  const root = await realRoot(c);
  const parts = relative.split('/');
  const name = parts.pop()!;
  let at = root;
  for (const [index, part] of parts.entries()) {
    at = path.join(at, part);
    const folder = parts.slice(0, index + 1).join('/');
    let stats = await lstat(at).catch((error: unknown) =>
      code(error) === 'ENOENT' ? undefined : Promise.reject(error),
    );
    if (!stats) {
      // A folder that vanishes between these steps was moved by someone else: refused, not retried.
      const made = await mkdir(at, c.personal ? 0o700 : 0o777).then(
        () => true,
        (error: unknown) =>
          code(error) === 'EEXIST' ? false : Promise.reject(code(error) === 'ENOENT' ? changed(c, relative) : error),
      );
      // A new folder's entry is in its parent: fsynced, so the file written into it survives a crash too.
      if (made) await syncFolder(path.dirname(at));
      stats = await lstat(at).catch((error: unknown): never => {
        throw code(error) === 'ENOENT' ? changed(c, relative) : error;
      });
    }
    if (stats.isSymbolicLink())
      throw new ConfinedFileError(
        'link',
        shown(c, folder),
        folder,
        `is a symbolic link to a folder; files are written only into real folders inside ${c.label}/.`,
      );
    if (!stats.isDirectory())
      throw new ConfinedFileError(
        'not-a-file',
        shown(c, folder),
        folder,
        'is not a folder, so nothing can be written into it.',
      );
  }
  await options.beforeOpen?.();
  let handle: FileHandle;
  try {
    handle = await open(at, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    if (['ELOOP', 'ENOTDIR', 'ENOENT'].includes(code(error) ?? '')) throw changed(c, relative);
    throw error;
  }
  // Judged by what was opened: a folder on the way swapped for a link shows here as another path.
  const real = await openedPath(handle, at).catch(() => '');
  if (real !== at) {
    await handle.close();
    throw changed(c, relative);
  }
  return { handle, base: process.platform === 'linux' ? `/proc/self/fd/${handle.fd}` : at, name };
}

const changed = (c: Confinement, relative: string) =>
  new ConfinedFileError(
    'link',
    shown(c, relative),
    relative,
    `was not written: a folder on its way became a symbolic link (or was moved) while it was being written; files are written only into real folders inside ${c.label}/.`,
  );

/** Writes `data` into a new, fsynced temporary file in the open folder; returns its path. */
async function writeTemp(folder: OpenFolder, data: string | Uint8Array, mode: number): Promise<string> {
  const temp = path.join(folder.base, tempName(folder.name));
  const handle = await open(
    temp,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    mode,
  );
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return temp;
}

/** Creates a new file; refuses (code 'exists') when the name is taken, and never overwrites. */
export async function createFile(
  c: Confinement,
  relative: string,
  data: string | Uint8Array,
  options: WriteOptions = {},
): Promise<void> {
  const folder = await openFolder(c, relative, options);
  try {
    const temp = await writeTemp(folder, data, c.personal ? 0o600 : 0o644);
    try {
      await link(temp, path.join(folder.base, folder.name));
    } catch (error) {
      if (code(error) === 'EEXIST')
        throw new ConfinedFileError('exists', shown(c, relative), relative, 'already exists; nothing was changed.');
      throw error;
    } finally {
      await unlink(temp).catch(() => undefined);
    }
    await folder.handle.sync();
  } finally {
    await folder.handle.close();
  }
}

/**
 * Replaces a file (or creates it) atomically: a reader sees the old or the new text, never part.
 * `expect` judges the current file under the lock, so two replacements based on one version
 * cannot both pass it.
 */
export async function replaceFile(
  c: Confinement,
  relative: string,
  data: string | Uint8Array,
  options: ReplaceOptions = {},
): Promise<void> {
  await underLock(c, relative, options, async (folder, target, current) => {
    await options.expect?.(current?.bytes);
    // A personal file is the owner's alone whatever mode it had; any other keeps its mode.
    const temp = await writeTemp(folder, data, c.personal ? 0o600 : (current?.mode ?? 0o644));
    try {
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Removes a file under the same lock as a replacement, after `expect` judged it (throw to keep
 * it): of a removal and a save from one version, only one lands. A link is refused, never followed.
 */
export async function removeFile(c: Confinement, relative: string, options: ReplaceOptions = {}): Promise<void> {
  await underLock(c, relative, options, async (_folder, target, current) => {
    if (!current)
      throw new ConfinedFileError('missing', shown(c, relative), relative, 'does not exist; nothing was removed.');
    await options.expect?.(current.bytes);
    await unlink(target);
  });
}

/**
 * Runs `change` on a file under its lock, in its folder opened without following a link, with the
 * file as it is now (undefined when there is none); then the folder's entry is synced.
 */
async function underLock(
  c: Confinement,
  relative: string,
  options: WriteOptions,
  change: (folder: OpenFolder, target: string, current: Awaited<ReturnType<typeof readCurrent>>) => Promise<void>,
): Promise<void> {
  relativePath(c, relative);
  const key = path.join(await realRoot(c), relative);
  await withLock(key, async () => {
    const folder = await openFolder(c, relative, options);
    try {
      const target = path.join(folder.base, folder.name);
      await change(folder, target, await readCurrent(c, relative, target));
      await folder.handle.sync();
    } finally {
      await folder.handle.close();
    }
  });
}

async function readCurrent(
  c: Confinement,
  relative: string,
  target: string,
): Promise<{ bytes: Buffer; mode: number } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(target, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    if (code(error) === 'ENOENT') return undefined;
    if (code(error) === 'ELOOP')
      throw new ConfinedFileError(
        'link',
        shown(c, relative),
        relative,
        'is a symbolic link; it is not replaced (the link would be lost, or its target overwritten).',
      );
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      throw new ConfinedFileError(
        'not-a-file',
        shown(c, relative),
        relative,
        'is not a regular file, so it is not replaced.',
      );
    return { bytes: await handle.readFile(), mode: stats.mode & 0o777 };
  } finally {
    await handle.close();
  }
}

/**
 * Removes what killed writes left: hidden `.name.<pid>-<random>.tmp` files whose writer is no longer
 * running (and old-style `.name.<random>.tmp` ones). Returns their paths under the root.
 */
export async function cleanTemporaryFiles(c: Confinement): Promise<string[]> {
  const root = await realRoot(c);
  const removed: string[] = [];
  const walk = async (under: string): Promise<void> => {
    const entries = await readdir(path.join(root, under), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const relative = under ? `${under}/${entry.name}` : entry.name;
      if (entry.isDirectory() && !entry.name.startsWith('.')) await walk(relative);
      const match = entry.isFile() ? tempPattern.exec(entry.name) : null;
      if (!match || (match[1] && processAlive(Number(match[1])))) continue;
      await unlink(path.join(root, relative)).then(
        () => removed.push(relative),
        () => undefined,
      );
    }
  };
  await walk('');
  return removed.sort();
}
