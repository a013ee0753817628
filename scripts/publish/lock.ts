// One publish or roll-back at a time, across processes: the releases folder's `.publish.lock`
// (server/releases/pid-lock.ts), taken over when the process holding it has died.
import path from 'node:path';
import { withPidLock } from '../../server/releases/pid-lock.ts';

export class PublishBusy extends Error {}

/** Runs `work` holding the releases folder's lock; refuses with PublishBusy while another holds it. */
export function withPublishLock<T>(releasesDir: string, work: () => Promise<T>): Promise<T> {
  return withPidLock(
    path.join(releasesDir, '.publish.lock'),
    () => new PublishBusy('Another publish or roll-back is running. Try again when it has finished.'),
    work,
  );
}
