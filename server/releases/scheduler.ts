// Makes scheduled releases live at their time. Every instance serving the releases folder runs one:
// each looks every `checkEveryMs` (and once at start) for a release built ahead whose time has
// come, and the one that takes the folder's schedule lock renames its build beside the kept
// releases and switches `current`; the others find it gone live and do nothing, and every instance
// follows `current` (live.ts). So a schedule goes live on time while any one instance runs, and one
// whose time passed while none ran goes live at the next start, said as late in its record (the
// releases list shows it) and in the audit log. Nothing is built here: only the switch is left.
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { appendAudit } from '../studio-access/audit.ts';
import { withPidLock } from './pid-lock.ts';
import { listScheduled, readScheduled, scheduledBuildDir, scheduledDir, writeScheduled } from './scheduled.ts';
import { readCurrent, releaseDir, writeCurrent } from './store.ts';

/** A schedule made live more than this after its time is said to be late. */
export const LATE_AFTER_MS = 5_000;

export class ScheduleBusy extends Error {}

/** Runs `work` holding the schedule lock: one change to the schedules (a switch, a cancel, a move) at a time. */
export async function withScheduleLock<T>(releasesDir: string, work: () => Promise<T>): Promise<T> {
  await mkdir(scheduledDir(releasesDir), { recursive: true });
  const file = path.join(scheduledDir(releasesDir), '.switch.lock');
  // Held for a few file operations only: a short wait for another holder beats refusing.
  for (let attempt = 0; ; attempt++) {
    try {
      return await withPidLock(file, () => new ScheduleBusy('The schedule is being changed. Try again.'), work);
    } catch (error) {
      if (!(error instanceof ScheduleBusy) || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export interface SchedulerOptions {
  releasesDir: string;
  /** DATA_DIR: the audit log of the instance that makes a schedule live. */
  dataDir: string;
  /** The clock (ms since the epoch); tests move it. */
  now?: () => number;
  /** How often to look. Default: 1 s. */
  checkEveryMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Called after this scheduler switched `current`, once it is done. */
  onSwitched?: () => Promise<void>;
}

export class Scheduler {
  #options: SchedulerOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<string[]> | undefined;

  constructor(options: SchedulerOptions) {
    this.#options = options;
  }

  /** Looks once now (a schedule missed while no server ran goes live here), then every `checkEveryMs`. */
  start(): Promise<string[]> {
    const first = this.check();
    this.#timer = setInterval(() => void this.check(), this.#options.checkEveryMs ?? 1000);
    this.#timer.unref();
    return first;
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** Makes every due schedule live, in the order of their times; resolves with the releases switched to. */
  check(): Promise<string[]> {
    this.#running ??= this.#goLiveDue()
      .catch((error: Error) => {
        this.#options.log?.error(`Scheduled releases: ${error.message}`);
        return [];
      })
      .finally(() => (this.#running = undefined));
    return this.#running;
  }

  async #goLiveDue(): Promise<string[]> {
    const { releasesDir } = this.#options;
    const now = this.#options.now?.() ?? Date.now();
    const due = (await listScheduled(releasesDir)).filter(
      (record) => record.state === 'ready' && Date.parse(record.at) <= now,
    );
    const switched: string[] = [];
    for (const { id } of due) {
      const made = await withScheduleLock(releasesDir, () => this.#goLive(id, now)).catch((error: unknown) => {
        // Another instance holds the lock: it is making this one live.
        if (error instanceof ScheduleBusy) return undefined;
        throw error;
      });
      if (made) switched.push(made);
    }
    if (switched.length) await this.#options.onSwitched?.();
    return switched;
  }

  /** Under the lock: reads the record again (another instance may have made it live) and switches. */
  async #goLive(id: string, now: number): Promise<string | undefined> {
    const { releasesDir, dataDir, log } = this.#options;
    const record = await readScheduled(releasesDir, id);
    if (!record || record.state !== 'ready' || Date.parse(record.at) > now) return undefined;
    const live = await readCurrent(releasesDir);
    if (record.kind === 'article' && record.follows !== live) {
      // Another release went live since this one was built: it would bring back what that one changed.
      await writeScheduled(releasesDir, { ...record, state: 'skipped' });
      return undefined;
    }
    const target = releaseDir(releasesDir, record.releaseId);
    // A crash after the rename and before the switch leaves the build in place: the switch is redone.
    if (!(await stat(target).catch(() => undefined)))
      await rename(scheduledBuildDir(releasesDir, record.releaseId), target);
    await writeCurrent(releasesDir, record.releaseId);
    const late = now - Date.parse(record.at) > LATE_AFTER_MS;
    await writeScheduled(releasesDir, { ...record, state: 'live', wentLiveAt: new Date(now).toISOString(), late });
    const what = record.article
      ? `"${record.article.title}" ${record.article.change === 'goes-live' ? 'went live' : 'was taken down'}`
      : `commit ${record.commit.slice(0, 12)}`;
    const detail = late
      ? `release ${record.releaseId} (${what}) went live at start, ${minutes(now - Date.parse(record.at))} late: no server was running at ${record.at}`
      : `release ${record.releaseId} (${what}) went live as scheduled for ${record.at}`;
    await appendAudit(dataDir, { who: record.by, action: 'scheduled-live', detail }, new Date(now));
    log?.info(`Scheduled releases: ${detail}`);
    return record.releaseId;
  }
}

function minutes(ms: number): string {
  const count = Math.max(1, Math.round(ms / 60_000));
  return count === 1 ? '1 minute' : `${count} minutes`;
}
