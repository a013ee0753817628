// Making a folder durable before the rename that publishes it: every file and folder in it synced,
// so a crash after the rename never leaves a release with a file cut short.
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { syncFolder } from '../../shared/sync-folder.ts';

/** fsync of every file and folder under `dir`, folders after what they hold: the rename that follows publishes whole files. */
export async function syncTree(dir: string): Promise<void> {
  const files: string[] = [];
  const folders: string[] = [];
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) files.push(full);
    }
    folders.push(folder);
  };
  await walk(dir);
  // A few at a time: the disk queues them, so a site of thousands of files is not synced one by one.
  const syncFile = async (file: string) => {
    const handle = await open(file, 'r');
    await handle.sync().finally(() => handle.close());
  };
  for (let i = 0; i < files.length; i += 16) await Promise.all(files.slice(i, i + 16).map(syncFile));
  for (const folder of folders) await syncFolder(folder);
}
