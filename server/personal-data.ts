// What under DATA_DIR holds a person's data, and keeping it the server's user's alone: leads (names,
// addresses, messages) in the spool and the outbox, the inbox's notes on them, the editors list, the
// audit log, the studio's drafts, sign-in links and sessions, shared preview links (who made each)
// and the unpublished builds they show. Every writer creates its files 0600 in folders 0700; at start,
// DATA_DIR itself is made 0700 and whatever an older version (or a hand) left readable by others
// is fixed. The releases are the public site and keep their modes.
import { constants } from 'node:fs';
import { mkdir, open, readdir } from 'node:fs/promises';
import path from 'node:path';

/** The names directly under DATA_DIR that hold a person's data (each a file or a folder). */
export const personalPaths = [
  'editors.json',
  'audit.log',
  'spool',
  'outbox',
  'inbox',
  'drafts',
  'studio',
  'previews',
] as const;

export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Gives one file or folder (and, for a folder, all it holds unless told not to) the private modes. Each is opened with
 * O_NOFOLLOW and changed through its descriptor: a symbolic link is left alone, never followed, so a
 * link placed here cannot turn the fix onto a file elsewhere.
 */
async function makePrivate(target: string, withContents = true): Promise<number> {
  let handle;
  try {
    handle = await open(target, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (['ENOENT', 'ELOOP', 'ENXIO'].includes(code(error) ?? '')) return 0;
    throw error;
  }
  let fixed = 0;
  let folder: boolean;
  try {
    const stats = await handle.stat();
    folder = stats.isDirectory();
    if (!folder && !stats.isFile()) return 0;
    const wanted = folder ? PRIVATE_FOLDER : PRIVATE_FILE;
    if ((stats.mode & 0o777) !== wanted) {
      await handle.chmod(wanted);
      fixed++;
    }
  } finally {
    await handle.close();
  }
  if (folder && withContents)
    for (const name of await readdir(target).catch(() => [] as string[]))
      fixed += await makePrivate(path.join(target, name));
  return fixed;
}

/**
 * Makes DATA_DIR (created if missing) 0700, and every file and folder of personalPaths in it 0600 and
 * 0700. Returns how many were fixed. A DATA_DIR this user does not own cannot be changed: that is
 * said, not fatal, as the server can still run.
 */
export async function keepPersonalDataPrivate(
  dataDir: string,
  warn: (message: string) => void = console.warn,
): Promise<number> {
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_FOLDER });
  try {
    let fixed = await makePrivate(dataDir, false);
    for (const name of personalPaths) fixed += await makePrivate(path.join(dataDir, name));
    return fixed;
  } catch (error) {
    if (code(error) !== 'EPERM') throw error;
    warn(
      `DATA_DIR ${dataDir} holds personal data (leads, editors, drafts) but its modes could not be made private (0700 folders, 0600 files): run the server as the user who owns it.`,
    );
    return 0;
  }
}
