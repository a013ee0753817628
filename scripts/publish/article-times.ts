// The releases an article's own times call for: the live release records the articles' go-live and
// expiry times after the moment it was built for; for the next of them, the same commit is built
// ahead for that moment and scheduled to follow it (server/releases/scheduler.ts makes it live only
// while the release it follows is still the live one). When that one goes live, its own record
// names the time after, and so on. A publish or roll-back since makes the waiting one pointless:
// it is removed, and the new live release's next time is scheduled instead. Run by the instance
// that edits, at start and every little while, and after each publish or roll-back.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  listScheduled,
  removeBuild,
  removeScheduled,
  scheduledDir,
  type ScheduledRelease,
} from '../../server/releases/scheduled.ts';
import { withScheduleLock } from '../../server/releases/scheduler.ts';
import { isReleaseId, readCurrent, readReleaseInfo } from '../../server/releases/store.ts';
import { SCHEDULE_HORIZON_DAYS } from '../../shared/site-time.ts';
import { buildAhead, schedule, type SchedulingOptions } from './schedule.ts';

/** Resolves with the schedule made for the live release's next article time, if one was made. */
export async function followArticleTimes(options: SchedulingOptions): Promise<ScheduledRelease | undefined> {
  const releasesDir = options.releasesDir ?? path.join(options.dataDir, 'releases');
  const now = options.now?.() ?? Date.now();
  const live = await readCurrent(releasesDir);
  const waiting = (await listScheduled(releasesDir)).filter(
    (record) => record.kind === 'article' && (record.state === 'building' || record.state === 'ready'),
  );
  await withScheduleLock(releasesDir, async () => {
    for (const record of waiting) if (record.follows !== live) await removeScheduled(releasesDir, record);
  });
  if (!live) return undefined;
  const info = await readReleaseInfo(releasesDir, live);
  const next = info?.articleTimes?.find((time) => Date.parse(time.at) > now);
  // A time more than a year ahead is scheduled once it comes within a year (looked at every little
  // while), so what is built for it is not a year older than it needs to be.
  if (!info?.commit || !next || Date.parse(next.at) > now + SCHEDULE_HORIZON_DAYS * 86_400_000) return undefined;
  const already = waiting.find((record) => record.follows === live && Date.parse(record.at) === Date.parse(next.at));
  if (already) return undefined;
  const { built } = await schedule(options, {
    commit: info.commit,
    at: Date.parse(next.at),
    // The publisher of the release it follows is told if its build fails.
    by: info.by || 'owner',
    kind: 'article',
    follows: live,
    article: { title: next.title, change: next.change },
  });
  return built;
}

/**
 * At start, when nothing else is building them: builds again the schedules a stopped server left
 * half-built, and removes the builds no schedule names any more (cancelled while they ran).
 */
export async function resumeBuilds(options: SchedulingOptions): Promise<ScheduledRelease[]> {
  const releasesDir = options.releasesDir ?? path.join(options.dataDir, 'releases');
  const records = await listScheduled(releasesDir);
  const named = new Set(records.map((record) => record.releaseId));
  for (const name of await readdir(scheduledDir(releasesDir)).catch(() => [] as string[])) {
    const releaseId = name.replace(/(\.source)?\.partial$/, '');
    if (isReleaseId(releaseId) && !named.has(releaseId)) await removeBuild(releasesDir, releaseId);
  }
  const stuck = records.filter((record) => record.state === 'building');
  return Promise.all(stuck.map((record) => buildAhead(options, record)));
}
