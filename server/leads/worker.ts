// Delivers spooled leads, oldest first, one at a time, from the in-memory queue index (nothing is
// re-listed per lead). When the mail server cannot be reached (refused, timeout, DNS, a 4xx), the
// queue pauses as a whole: one warning when mail goes down, one line when it is back, and in
// between only the oldest lead is tried, on an exponential backoff starting within seconds and
// capped; once it goes through, the rest follow in order. A permanent refusal (5xx) moves only
// that lead to dead/; so does a lead still queued after LEAD_RETRY_HOURS. Nothing is deleted.
//
// Guarantee: at-least-once. A lead leaves queue/ only after the mail server accepted it. If the
// process dies between that acceptance and the bookkeeping, the lead is sent again on restart,
// with the same Message-ID and X-Lead-Id, so the duplicate is recognisable.
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { composeMail, type MailSettings } from './compose.ts';
import { isPermanent, type Mailer } from './mailer.ts';
import type { QueueIndex } from './queue-index.ts';
import { receivedAtOf, type Spool, type SpoolEntry } from './spool.ts';
import { DamagedLeadError } from './spool-entry.ts';

export interface RetryPolicy {
  /** First retry after this many ms; then doubling. */
  baseMs: number;
  /** The longest wait between two attempts. */
  capMs: number;
  /** After this long since the lead arrived, a still-failing lead goes to dead/. */
  giveUpAfterMs: number;
  /** How often the queue folder is re-listed: another process (the leads CLI's retry) may put
   * leads in it without telling this one. */
  rescanMs: number;
}

export const defaultRetry: RetryPolicy = {
  baseMs: 2_000,
  capMs: 15 * 60_000,
  giveUpAfterMs: 5 * 24 * 3600_000,
  rescanMs: 30_000,
};

export function backoff(attempts: number, policy: RetryPolicy): number {
  const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  // ±20% jitter, so servers that failed together do not all retry in the same instant.
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

export interface WorkerOptions {
  spool: Spool;
  queue: QueueIndex;
  mailer: Mailer;
  /** The live build's forms and mail settings, read per lead: they follow a switch of release. */
  forms: () => FormDefinition[];
  mail: () => MailSettings;
  retry: RetryPolicy;
  log: FastifyBaseLogger;
}

/** The mail server has not been reachable since `since`; `failures` tries so far. */
interface Outage {
  since: number;
  failures: number;
  error: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private rescan: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private rescanDue = false;
  private stopped = false;
  private outage: Outage | undefined;
  private readonly options: WorkerOptions;

  constructor(options: WorkerOptions) {
    this.options = options;
  }

  /** Indexes the queue folder (resolves once that is done), then delivers in the background and
   * re-lists the folder every `retry.rescanMs`. */
  async start(): Promise<void> {
    await this.options.queue.sync(this.options.spool);
    this.kick();
    this.rescan = setInterval(() => {
      this.rescanDue = true;
      this.kick();
    }, this.options.retry.rescanMs);
    this.rescan.unref();
  }

  /** A lead was just written to the queue: index it, and send it unless mail is down. */
  add(entry: SpoolEntry): void {
    this.options.queue.add(`${entry.lead.id}.json`, Date.parse(entry.lead.receivedAt));
    if (!this.outage) this.kick();
  }

  /** Look at the queue now. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.pass()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'lead delivery pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops scheduling and waits for a delivery in progress to finish its bookkeeping. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.rescan);
    await this.running;
  }

  private wakeAt(time: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), Math.max(0, time - Date.now()));
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    const { spool, queue } = this.options;
    if (this.rescanDue) {
      this.rescanDue = false;
      await queue.sync(spool);
    }
    // One lead at a time, always the oldest: while mail is down that lead is the probe, and
    // nothing behind it is tried.
    for (let file = queue.first(); file !== undefined && !this.stopped; file = queue.first()) {
      const wait = await this.deliver(file);
      if (wait !== undefined) return this.wakeAt(wait);
    }
  }

  /** Delivers or settles one lead; returns when to look again if the queue must wait. */
  private async deliver(file: string): Promise<number | undefined> {
    const { spool, queue, mailer, forms, mail, log } = this.options;
    let entry: SpoolEntry;
    try {
      entry = await spool.read('queue', file);
    } catch (error) {
      queue.remove(file);
      // Gone: delivered or moved by someone else. Anything else cannot be read: kept in dead/.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      const reason = error instanceof DamagedLeadError ? error.reason : errorText(error);
      const movedTo = `dead/${await spool.quarantine(file)}`;
      log.error({ file, movedTo, reason }, `damaged lead file ${file} moved to ${movedTo}: ${reason}`);
      return undefined;
    }
    if (entry.nextAttemptAt > Date.now()) return entry.nextAttemptAt;
    const form = forms().find((f) => f.id === entry.lead.form);
    let message: SendMailOptions;
    try {
      if (!form) throw new Error(`no form "${entry.lead.form}" in this build`);
      message = composeMail(entry.lead, form, mail());
    } catch (error) {
      // Nothing was sent and retrying cannot help: this lead alone goes to dead/.
      await this.settleDead(entry, errorText(error));
      return undefined;
    }
    try {
      await mailer.send(message);
    } catch (error) {
      if (!isPermanent(error)) return this.mailDown(entry, errorText(error));
      this.mailUp();
      await this.settleDead(entry, errorText(error));
      return undefined;
    }
    this.mailUp();
    await spool.settle({ ...entry, attempts: entry.attempts + 1, lastError: undefined }, 'sent');
    queue.remove(file);
    log.info({ leadId: entry.lead.id, form: entry.lead.form }, 'lead delivered');
    return undefined;
  }

  /** The mail server answered: if it had been unreachable, say once that it is back. */
  private mailUp(): void {
    if (!this.outage) return;
    const { since, failures } = this.outage;
    this.outage = undefined;
    this.options.log.info(
      {
        downForSeconds: Math.round((Date.now() - since) / 1000),
        failedTries: failures,
        queued: this.options.queue.size,
      },
      'mail server reachable again: delivering the queue in order',
    );
  }

  /** The mail server could not be reached with `entry`: the queue waits, the lead records the try. */
  private async mailDown(entry: SpoolEntry, error: string): Promise<number> {
    const { spool, retry, log, queue } = this.options;
    const failures = (this.outage?.failures ?? 0) + 1;
    const nextAttemptAt = Date.now() + backoff(failures, retry);
    if (!this.outage) {
      log.warn(
        { err: error, queued: queue.size, retryInMs: nextAttemptAt - Date.now() },
        'mail server unreachable: lead delivery paused until it answers (the oldest lead is retried with backoff)',
      );
    }
    this.outage = { since: this.outage?.since ?? Date.now(), failures, error };
    await spool.write({ ...entry, attempts: entry.attempts + 1, nextAttemptAt, lastError: error });
    await this.expireOld(error);
    return nextAttemptAt;
  }

  /** Leads that have waited longer than LEAD_RETRY_HOURS go to dead/, each logged. Only leads whose
   * name says they may be that old are read (a `retry` restarts the period, so the file decides). */
  private async expireOld(error: string): Promise<void> {
    const { spool, queue, retry } = this.options;
    const cutoff = Date.now() - retry.giveUpAfterMs;
    for (const file of [...queue.all()]) {
      const lowerBound = queue.sinceOf(file) ?? receivedAtOf(file) ?? 0;
      if (lowerBound >= cutoff) continue;
      const entry = await spool.read('queue', file).catch(() => undefined);
      if (!entry) continue;
      const since = Date.parse(entry.retriedAt ?? entry.lead.receivedAt);
      queue.add(file, since);
      if (since < cutoff)
        await this.settleDead(entry, `${error} (still undelivered after LEAD_RETRY_HOURS)`, entry.attempts);
    }
  }

  private async settleDead(entry: SpoolEntry, error: string, attempts = entry.attempts + 1): Promise<void> {
    this.options.log.error(
      { leadId: entry.lead.id, attempts, err: error },
      'lead delivery failed for good: moved to dead/',
    );
    await this.options.spool.settle({ ...entry, attempts, lastError: error }, 'dead');
    this.options.queue.remove(`${entry.lead.id}.json`);
  }
}
