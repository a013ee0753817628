// fsync of a folder: a file created, renamed or removed in it survives a power cut only once the
// folder itself is synced (the file's own fsync covers its bytes, not its name).
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
