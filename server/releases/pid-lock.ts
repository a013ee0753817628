// A lock across processes of one host: a file made with O_EXCL that names its holder's process id.
// A holder that died (kill -9, a crash) leaves the file behind; its id no longer names a live
// process, so the next taker takes the lock over instead of waiting forever.
import { open, readFile, rm } from 'node:fs/promises';
import { processAlive } from '../../shared/process-alive.ts';

/** Runs `work` holding `file`; throws `busy()` while a live process holds it. */
export async function withPidLock<T>(file: string, busy: () => Error, work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o644);
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (attempt > 0) throw busy();
      const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && processAlive(holder)) throw busy();
      await rm(file, { force: true });
    }
  }
  try {
    return await work();
  } finally {
    await rm(file, { force: true });
  }
}
