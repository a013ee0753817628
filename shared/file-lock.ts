// One change at a time per file, for confined-writes.ts: a chain of promises in this process, and a
// lock folder (proper-lockfile, outside the root so no watcher sees it) for other processes on this
// machine, so a compare-and-swap reads and replaces a file with no other writer in between.
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

const chains = new Map<string, Promise<unknown>>();
const lockDir = path.join(tmpdir(), 'confined-files-locks');

/** Runs `run` once no other holder of `key` (a file's real path) runs, here or in another process. */
export async function withLock<T>(key: string, run: () => Promise<T>): Promise<T> {
  const previous = chains.get(key) ?? Promise.resolve();
  const result = previous
    .catch(() => undefined)
    .then(async () => {
      await mkdir(lockDir, { recursive: true });
      const release = await lockfile.lock(key, {
        realpath: false,
        lockfilePath: path.join(lockDir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.lock`),
        retries: { retries: 200, minTimeout: 10, maxTimeout: 100 },
        stale: 10_000,
        // A lock found stale is taken over by the next writer; this one's rename still happens.
        onCompromised: () => undefined,
      });
      try {
        return await run();
      } finally {
        await release().catch(() => undefined);
      }
    });
  chains.set(key, result);
  try {
    return await result;
  } finally {
    if (chains.get(key) === result) chains.delete(key);
  }
}
