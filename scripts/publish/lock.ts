// One publish or roll-back at a time, across processes: a lock file made with O_EXCL that names
// its holder's process id. A holder that died (kill -9, a crash) leaves the file behind; its id no
// longer names a live process, so the next publish takes the lock over instead of waiting forever.
import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { processAlive } from '../../shared/process-alive.ts';

export class PublishBusy extends Error {}

/** Runs `work` holding the releases folder's lock; refuses with PublishBusy while another holds it. */
export async function withPublishLock<T>(releasesDir: string, work: () => Promise<T>): Promise<T> {
  const file = path.join(releasesDir, '.publish.lock');
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o644);
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw busyOr(error);
      const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && processAlive(holder))
        throw new PublishBusy('Another publish or roll-back is running. Try again when it has finished.');
      await rm(file, { force: true });
    }
  }
  try {
    return await work();
  } finally {
    await rm(file, { force: true });
  }
}

const busyOr = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'EEXIST'
    ? new PublishBusy('Another publish or roll-back is running. Try again when it has finished.')
    : error;
