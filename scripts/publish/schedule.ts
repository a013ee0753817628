// Scheduling a release: the commit is built ahead, for the moment it goes live (so an article's
// go-live and expiry are judged at that moment), into the releases folder's scheduled/, where
// nothing is served; at its time any instance makes it live (server/releases/scheduler.ts). A
// build that fails marks the schedule failed and mails the publisher at once, well before its
// time. Cancel and move change only a schedule still waiting; a move builds again for the new
// time. Each is a line of the audit log. Builds take the publish lock, one at a time.
import path from 'node:path';
import { sender } from '../../server/leads/compose.ts';
import type { Mailer } from '../../server/leads/mailer.ts';
import type { MailAddress } from '../../server/config.ts';
import { appendAudit, type AuditAction } from '../../server/studio-access/audit.ts';
import {
  isPending,
  listScheduled,
  readScheduled,
  removeBuild,
  removeScheduled,
  scheduledBuildDir,
  writeScheduled,
  type ScheduledRelease,
} from '../../server/releases/scheduled.ts';
import { withScheduleLock } from '../../server/releases/scheduler.ts';
import { newReleaseId } from '../../server/releases/store.ts';
import { buildCommit } from './build-commit.ts';
import { headCommit, resolveCommit } from './git.ts';
import { PublishBusy, withPublishLock } from './lock.ts';
import { composeFailedScheduleMail } from './schedule-mail.ts';
import { siteClock } from './site-clock.ts';

export interface SchedulingOptions {
  /** The checkout: the folder holding site/, a git repository. */
  root: string;
  dataDir: string;
  releasesDir?: string;
  /** Where a failed build is told to its publisher; without it, the audit log and the list say it. */
  mail?: { mailer: Mailer; from?: MailAddress };
  /** The clock (ms since the epoch); tests move it. */
  now?: () => number;
}

export class UnknownSchedule extends Error {}

const releasesOf = (options: SchedulingOptions) => options.releasesDir ?? path.join(options.dataDir, 'releases');
const nowOf = (options: SchedulingOptions) => options.now?.() ?? Date.now();

/** Builds ahead for `record`; resolves with the record as it stands afterwards. */
export async function buildAhead(options: SchedulingOptions, record: ScheduledRelease): Promise<ScheduledRelease> {
  const releasesDir = releasesOf(options);
  const at = Date.parse(record.at);
  const into = scheduledBuildDir(releasesDir, record.releaseId);
  let built: Awaited<ReturnType<typeof buildCommit>>;
  for (;;) {
    try {
      built = await withPublishLock(releasesDir, async () => {
        await removeBuild(releasesDir, record.releaseId);
        return buildCommit({
          root: options.root,
          commit: record.commit,
          into,
          info: {
            id: record.releaseId,
            commit: record.commit,
            at: record.at,
            by: record.by,
            ...(record.approvedBy && { approvedBy: record.approvedBy }),
          },
          asOf: at,
        });
      });
      break;
    } catch (error) {
      // A publish or another build runs: this one waits its turn.
      if (!(error instanceof PublishBusy)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  return withScheduleLock(releasesDir, async () => {
    const now = await readScheduled(releasesDir, record.id);
    // Cancelled or moved while it was built: this build is nobody's.
    if (!now || now.releaseId !== record.releaseId || now.state !== 'building') {
      await removeBuild(releasesDir, record.releaseId);
      return now ?? record;
    }
    if (built.ok) {
      const ready: ScheduledRelease = { ...now, state: 'ready' };
      await writeScheduled(releasesDir, ready);
      return ready;
    }
    const failed: ScheduledRelease = {
      ...now,
      state: 'failed',
      // The build's reason speaks of a publish; the publisher is asked to schedule again.
      failure: built.reason
        .replace('nothing was published', 'nothing will go live')
        .replace('publish again', 'schedule again'),
    };
    await writeScheduled(releasesDir, failed);
    await appendAudit(options.dataDir, {
      who: record.by,
      action: 'schedule-failed',
      detail: [`release for ${record.at}: ${built.reason}`, ...built.messages].join('\n'),
    });
    await tellPublisher(options, failed, built.messages);
    return failed;
  });
}

async function tellPublisher(options: SchedulingOptions, record: ScheduledRelease, messages: string[]) {
  if (!options.mail || !record.by.includes('@')) return;
  const site = await siteClock(options.root);
  const from = sender(options.mail.from, { name: site.name, url: site.url, email: '' });
  await options.mail.mailer
    .send(composeFailedScheduleMail(record, messages, site, from))
    .catch((error: unknown) =>
      console.error(`A failed schedule could not be mailed to its publisher: ${(error as Error).message}`),
    );
}

async function audit(options: SchedulingOptions, who: string, action: AuditAction, detail: string) {
  await appendAudit(options.dataDir, { who, action, detail }, new Date(nowOf(options)));
}

export interface NewSchedule {
  /** The commit to make live (its hash); default: the checked-out one. */
  commit?: string;
  /** When (ms since the epoch), already checked to be to come (shared/site-time.ts). */
  at: number;
  by: string;
  kind?: ScheduledRelease['kind'];
  /** Who approved the commit in a review (scripts/publish/approval.ts): kept in the release's record. */
  approvedBy?: string;
  follows?: string;
  article?: ScheduledRelease['article'];
}

/** Records a schedule and starts its build; `built` settles when the build has. */
export async function schedule(
  options: SchedulingOptions,
  plan: NewSchedule,
): Promise<{ record: ScheduledRelease; built: Promise<ScheduledRelease> }> {
  const releasesDir = releasesOf(options);
  // A named commit that is not one of this repository's throws UnknownCommit before any work.
  const commit = plan.commit ? await resolveCommit(options.root, plan.commit) : await headCommit(options.root);
  if (!commit) throw new Error(`${options.root} is not a git repository: there is no commit to schedule.`);
  const now = nowOf(options);
  const record: ScheduledRelease = {
    id: newReleaseId(new Date(now)),
    commit,
    at: new Date(plan.at).toISOString(),
    by: plan.by,
    kind: plan.kind ?? 'planned',
    ...(plan.approvedBy && { approvedBy: plan.approvedBy }),
    ...(plan.follows && { follows: plan.follows }),
    ...(plan.article && { article: plan.article }),
    state: 'building',
    createdAt: new Date(now).toISOString(),
    releaseId: newReleaseId(new Date(plan.at)),
  };
  await writeScheduled(releasesDir, record);
  if (record.kind === 'planned')
    await audit(options, plan.by, 'schedule', `commit ${commit.slice(0, 12)} to go live at ${record.at}`);
  return { record, built: buildAhead(options, record) };
}

/** A schedule still waiting, or UnknownSchedule in words. */
async function waiting(releasesDir: string, id: string): Promise<ScheduledRelease> {
  const record = await readScheduled(releasesDir, id);
  if (!record || !isPending(record))
    throw new UnknownSchedule(
      record?.state === 'live'
        ? 'That release has already gone live. Roll back to undo it.'
        : 'There is no such scheduled release waiting to go live.',
    );
  return record;
}

export async function cancelSchedule(options: SchedulingOptions, id: string, by: string): Promise<ScheduledRelease> {
  const releasesDir = releasesOf(options);
  const record = await withScheduleLock(releasesDir, async () => {
    const found = await waiting(releasesDir, id);
    await removeScheduled(releasesDir, found);
    return found;
  });
  await audit(options, by, 'schedule-cancelled', `release for ${record.at} (commit ${record.commit.slice(0, 12)})`);
  return record;
}

/** Moves a waiting schedule to `at` and builds it again for that moment. */
export async function moveSchedule(
  options: SchedulingOptions,
  id: string,
  at: number,
  by: string,
): Promise<{ record: ScheduledRelease; built: Promise<ScheduledRelease> }> {
  const releasesDir = releasesOf(options);
  const { before, record } = await withScheduleLock(releasesDir, async () => {
    const found = await waiting(releasesDir, id);
    const moved: ScheduledRelease = {
      ...found,
      at: new Date(at).toISOString(),
      state: 'building',
      releaseId: newReleaseId(new Date(at)),
    };
    await writeScheduled(releasesDir, moved);
    // A build still running for the old time removes its own folders when it ends.
    if (found.state === 'ready') await removeBuild(releasesDir, found.releaseId);
    return { before: found, record: moved };
  });
  await audit(options, by, 'schedule-moved', `release from ${before.at} to ${record.at}`);
  return { record, built: buildAhead(options, record) };
}

/** The schedules waiting, failed or recently gone live, the soonest first. */
export async function scheduledReleases(options: SchedulingOptions): Promise<ScheduledRelease[]> {
  return listScheduled(releasesOf(options));
}
