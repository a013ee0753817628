// Writing a file so that it survives a crash or a power cut, as mail servers do: the data goes to
// a new temp file, is fsynced, renamed into place (atomic), and the folder is fsynced so the
// rename itself is on disk. A reader sees either no file or the whole file, never part of one.
import { randomBytes } from 'node:crypto';
import { open, rename } from 'node:fs/promises';
import path from 'node:path';

export async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Durably writes `data` to `target`, through a temp file in `tempDir` (same file system). */
export async function writeDurably(
  target: string,
  data: string | Buffer,
  tempDir = path.dirname(target),
): Promise<void> {
  const temp = path.join(tempDir, `.${path.basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, target);
  await fsyncPath(path.dirname(target));
}
