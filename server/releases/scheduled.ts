// Scheduled releases, kept in the releases folder so every instance serving it sees the same list:
// scheduled/<id>.json, one record each, and scheduled/<release id>/, the release built ahead (a build
// with its _release.json), outside the kept releases so nothing of it is served before its time.
// Going live is a rename of that folder to <release id>/ beside the others, then the switch of
// `current` (scheduler.ts). A record is written whole and renamed into place: a reader sees the old
// record or the new one. Its id is checked against the release id pattern before any use as a name.
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeDurably } from '../leads/durable-file.ts';
import { isReleaseId } from './store.ts';

export type ScheduleState =
  /** The release is being built. */
  | 'building'
  /** Built, waiting for its time. */
  | 'ready'
  /** The build failed: nothing will go live; the publisher was told. */
  | 'failed'
  /** It went live. */
  | 'live'
  /** An article's time came after another release went live: this one was not made live. */
  | 'skipped';

export interface ScheduledRelease {
  id: string;
  /** The commit it is built from. */
  commit: string;
  /** When it goes live (ISO 8601, UTC). */
  at: string;
  /** Who scheduled it (an e-mail address, or "owner" from the command line). */
  by: string;
  /** Who approved the commit in a review, when someone who made none of its changes did. */
  approvedBy?: string;
  /** A publisher's plan, or an article's go-live or expiry time the server follows by itself. */
  kind: 'planned' | 'article';
  /** For an article's time: the release it follows; it goes live only while that one is live. */
  follows?: string;
  /** For an article's time: which article, and whether it goes live or is taken down then. */
  article?: { title: string; change: 'goes-live' | 'expires' };
  state: ScheduleState;
  /** When it was scheduled (ISO 8601). */
  createdAt: string;
  /** The id of the release built for it (named by its time), in scheduled/ until it goes live. */
  releaseId: string;
  /** Why the build failed, in words. */
  failure?: string;
  /** When it went live. */
  wentLiveAt?: string;
  /** It went live later than its time (the servers were not running then), at the next start. */
  late?: boolean;
}

export const scheduledDir = (releasesDir: string) => path.join(releasesDir, 'scheduled');
/** Where the release built ahead for a schedule is, until it goes live. */
export const scheduledBuildDir = (releasesDir: string, releaseId: string) =>
  path.join(scheduledDir(releasesDir), releaseId);
const recordFile = (releasesDir: string, id: string) => path.join(scheduledDir(releasesDir), `${id}.json`);

export async function readScheduled(releasesDir: string, id: string): Promise<ScheduledRelease | undefined> {
  if (!isReleaseId(id)) return undefined;
  try {
    const record = JSON.parse(await readFile(recordFile(releasesDir, id), 'utf8')) as ScheduledRelease;
    return record.id === id && isReleaseId(record.releaseId) && !Number.isNaN(Date.parse(record.at))
      ? record
      : undefined;
  } catch {
    return undefined;
  }
}

/** Every scheduled release, the soonest first (those gone live and failed included). */
export async function listScheduled(releasesDir: string): Promise<ScheduledRelease[]> {
  const names = await readdir(scheduledDir(releasesDir)).catch(() => [] as string[]);
  const records: ScheduledRelease[] = [];
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const record = await readScheduled(releasesDir, name.slice(0, -'.json'.length));
    if (record) records.push(record);
  }
  return records.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id.localeCompare(b.id));
}

export async function writeScheduled(releasesDir: string, record: ScheduledRelease): Promise<void> {
  if (!isReleaseId(record.id)) throw new Error(`"${record.id}" is not a schedule id.`);
  await mkdir(scheduledDir(releasesDir), { recursive: true });
  await writeDurably(recordFile(releasesDir, record.id), `${JSON.stringify(record, null, 2)}\n`);
}

/**
 * Removes a schedule and the release built for it. A build still running keeps its folders: it
 * finds its schedule gone when it ends and removes them itself (a file written meanwhile would
 * otherwise land in a folder half removed).
 */
export async function removeScheduled(releasesDir: string, record: ScheduledRelease): Promise<void> {
  await rm(recordFile(releasesDir, record.id), { force: true });
  if (record.state !== 'building') await removeBuild(releasesDir, record.releaseId);
}

/** Removes a release built ahead (and its work folders): cancelled, moved, or a build no longer wanted. */
export async function removeBuild(releasesDir: string, releaseId: string): Promise<void> {
  if (!isReleaseId(releaseId)) return;
  for (const suffix of ['', '.partial', '.source.partial'])
    await rm(scheduledBuildDir(releasesDir, releaseId) + suffix, { recursive: true, force: true });
}

/** Waiting to go live: being built or built. */
export const isPending = (record: ScheduledRelease) => record.state === 'building' || record.state === 'ready';
