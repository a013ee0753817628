// Delivers spooled leads, oldest first, one at a time. A transient failure (mail server down,
// timeout, 4xx) is retried with exponential backoff, starting within seconds and capped, for days;
// a permanent one (5xx) moves the lead to dead/ and logs it. Nothing is ever deleted.
//
// Guarantee: at-least-once. A lead leaves queue/ only after the mail server accepted it. If the
// process dies between that acceptance and the bookkeeping, the lead is sent again on restart,
// with the same Message-ID and X-Lead-Id, so the duplicate is recognisable.
import type { FastifyBaseLogger } from 'fastify';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { composeMail, type MailSettings } from './compose.ts';
import { isPermanent, type Mailer } from './mailer.ts';
import type { Spool, SpoolEntry } from './spool.ts';

export interface RetryPolicy {
  /** First retry after this many ms; then doubling. */
  baseMs: number;
  /** The longest wait between two attempts. */
  capMs: number;
  /** After this long since the lead arrived, a still-failing lead goes to dead/. */
  giveUpAfterMs: number;
  /** How often the queue is looked at even when nothing announced a lead: another process (the
   * leads CLI's retry) may put leads back in it without telling this one. */
  rescanMs: number;
}

export const defaultRetry: RetryPolicy = { baseMs: 2_000, capMs: 15 * 60_000, giveUpAfterMs: 5 * 24 * 3600_000, rescanMs: 30_000 };

export function backoff(attempts: number, policy: RetryPolicy): number {
  const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  // ±20% jitter, so leads that failed together do not all retry in the same instant.
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private rescan: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly options: { spool: Spool; mailer: Mailer; forms: FormDefinition[]; mail: MailSettings; retry: RetryPolicy; log: FastifyBaseLogger };

  constructor(options: { spool: Spool; mailer: Mailer; forms: FormDefinition[]; mail: MailSettings; retry: RetryPolicy; log: FastifyBaseLogger }) {
    this.options = options;
  }

  /** Delivers what is queued now, then rescans the queue every `retry.rescanMs`. */
  start(): void {
    this.kick();
    this.rescan = setInterval(() => this.kick(), this.options.retry.rescanMs);
    this.rescan.unref();
  }

  /** Look at the queue now (after a new lead, or at start). */
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

  private async pass(): Promise<void> {
    const { spool, log } = this.options;
    let nextDue = Infinity;
    for (const file of await spool.list('queue')) {
      if (this.stopped) return;
      let entry: SpoolEntry;
      try {
        entry = await spool.read('queue', file);
      } catch (error) {
        log.error({ err: error, file }, 'unreadable lead file moved to dead/');
        await spool.quarantine(file);
        continue;
      }
      if (entry.nextAttemptAt > Date.now()) {
        nextDue = Math.min(nextDue, entry.nextAttemptAt);
        continue;
      }
      const retryAt = await this.deliver(entry);
      if (retryAt) nextDue = Math.min(nextDue, retryAt);
    }
    if (nextDue < Infinity && !this.stopped) {
      this.timer = setTimeout(() => this.kick(), Math.max(0, nextDue - Date.now()));
      this.timer.unref();
    }
  }

  /** Returns when to try again, or undefined once the lead is settled. */
  private async deliver(entry: SpoolEntry): Promise<number | undefined> {
    const { spool, mailer, forms, mail, retry, log } = this.options;
    const form = forms.find((f) => f.id === entry.lead.form);
    try {
      if (!form) throw Object.assign(new Error(`no form "${entry.lead.form}" in this build`), { responseCode: 550 });
      await mailer.send(composeMail(entry.lead, form, mail));
    } catch (error) {
      const attempts = entry.attempts + 1;
      const message = (error as Error).message;
      const expired = Date.now() - Date.parse(entry.retriedAt ?? entry.lead.receivedAt) > retry.giveUpAfterMs;
      if (isPermanent(error) || expired) {
        log.error({ leadId: entry.lead.id, attempts, err: message }, 'lead delivery failed for good: moved to dead/');
        await spool.settle({ ...entry, attempts, lastError: message }, 'dead');
        return undefined;
      }
      const nextAttemptAt = Date.now() + backoff(attempts, retry);
      log.warn({ leadId: entry.lead.id, attempts, err: message, retryInMs: nextAttemptAt - Date.now() }, 'lead delivery failed: will retry');
      await spool.write({ ...entry, attempts, nextAttemptAt, lastError: message });
      return nextAttemptAt;
    }
    await spool.settle({ ...entry, attempts: entry.attempts + 1, lastError: undefined }, 'sent');
    log.info({ leadId: entry.lead.id, form: entry.lead.form }, 'lead delivered');
    return undefined;
  }
}
