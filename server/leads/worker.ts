// Delivers spooled leads, oldest first, to every destination (mail, each webhook), from the
// in-memory queue index (nothing is re-listed per lead). Destinations are independent: each has
// its own state per lead (deliveries.ts) and its own outage. When one cannot be reached (refused,
// timeout, DNS, an SMTP 4xx, HTTP 408/429/5xx), that destination pauses: one warning when it goes
// down, one line when it is back, and in between only its oldest pending lead is tried, on an
// exponential backoff starting within seconds and capped; the other destinations go on. A
// permanent refusal (SMTP 5xx, another HTTP 4xx) makes only that lead dead for that destination;
// so does a lead still pending after LEAD_RETRY_HOURS. Once no destination is pending, the lead
// moves to sent/ (every destination has it) or dead/ (one refused it). Nothing is deleted.
//
// Guarantee: at-least-once per destination. A destination's state turns "sent" (written as the
// spool is: temp file, fsync, rename) only after it accepted the lead. If the process dies between
// that acceptance and the write, the lead goes to that destination again on restart, with the
// same Message-ID and X-Lead-Id (the webhook body has the same id), so the duplicate is recognisable.
import type { FastifyBaseLogger } from 'fastify';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { deliveriesOf, newEntry, pendingIds, settledFolder, summarize } from './deliveries.ts';
import { isPermanentFailure, type Destination } from './destinations.ts';
import type { QueueIndex } from './queue-index.ts';
import { receivedAtOf, type Delivery, type Lead, type Spool, type SpoolEntry } from './spool.ts';
import { DamagedLeadError } from './spool-entry.ts';
import type { RetryPolicy } from './retry-policy.ts';
import { Lane, speaksOf } from './lane.ts';

export interface WorkerOptions {
  spool: Spool;
  queue: QueueIndex;
  destinations: readonly Destination[];
  /** The reply to the sender, for the leads whose entry asks for one (auto-reply.ts). */
  reply?: Destination;
  /** The live build's forms, read per lead: they follow a switch of release. */
  forms: () => FormDefinition[];
  retry: RetryPolicy;
  log: FastifyBaseLogger;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private rescan: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private rescanDue = false;
  private stopped = false;
  private readonly lanes: Map<string, Lane>;
  private readonly options: WorkerOptions;

  constructor(options: WorkerOptions) {
    this.options = options;
    const all = [...options.destinations, ...(options.reply ? [options.reply] : [])];
    this.lanes = new Map(all.map((destination) => [destination.id, new Lane(destination)]));
  }

  get destinations(): readonly Destination[] {
    return this.options.destinations;
  }

  /** A new lead's spool entry: pending for every destination, and for the reply when it gets one. */
  entryFor(lead: Lead, withReply = false): SpoolEntry {
    const { destinations, reply } = this.options;
    return newEntry(lead, [...destinations, ...(withReply && reply ? [reply] : [])]);
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

  /** A lead was just written to the queue: index it, and deliver it where no destination waits. */
  add(entry: SpoolEntry): void {
    const file = `${entry.lead.id}.json`;
    this.options.queue.add(file, Date.parse(entry.lead.receivedAt));
    this.options.queue.setPending(file, pendingIds(entry.deliveries ?? {}));
    this.kick();
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

  /** Destinations whose oldest pending lead failed or waits in the current pass: the leads behind
   * it are not tried in this pass, however long reading and writing took meanwhile. */
  private readonly heldInPass = new Set<string>();

  /** Whether `id` waits; once it does, it is held for the rest of the pass, so a backoff that runs
   * out while the pass walks the queue never lets a younger lead go before the oldest. */
  private waiting(id: string, now: number): boolean {
    if (this.heldInPass.has(id)) return true;
    if ((this.lanes.get(id)?.waitUntil ?? 0) <= now) return false;
    this.heldInPass.add(id);
    return true;
  }

  private async pass(): Promise<void> {
    const { spool, queue } = this.options;
    if (this.rescanDue) {
      this.rescanDue = false;
      await queue.sync(spool);
    }
    this.heldInPass.clear();
    // Oldest first. A destination that failed waits (its lane's waitUntil): the leads behind its
    // probe are skipped for it, and a lead all of whose destinations wait is not even read.
    for (const file of [...queue.all()]) {
      if (this.stopped) return;
      const pending = queue.pendingOf(file);
      if (pending && pending.every((id) => this.waiting(id, Date.now()))) continue;
      await this.deliver(file);
    }
    const now = Date.now();
    const waits: number[] = [];
    // A destination held in this pass whose wait ran out meanwhile is looked at again at once.
    for (const lane of this.lanes.values())
      if (lane.waitUntil > now || this.heldInPass.has(lane.destination.id)) waits.push(Math.max(now, lane.waitUntil));
    if (waits.length && queue.size) this.wakeAt(Math.min(...waits));
  }

  private wakeAt(time: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), Math.max(0, time - Date.now()));
    this.timer.unref();
  }

  /** Reads one lead, hands it to each of its due destinations at once, and writes what each did. */
  private async deliver(file: string): Promise<void> {
    const { spool, queue, forms, log } = this.options;
    let entry: SpoolEntry;
    try {
      entry = await spool.read('queue', file);
    } catch (error) {
      queue.remove(file);
      // Gone: delivered or moved by someone else. Anything else cannot be read: kept in dead/.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      const reason = error instanceof DamagedLeadError ? error.reason : errorText(error);
      const movedTo = `dead/${await spool.quarantine(file)}`;
      log.error({ file, movedTo, reason }, `damaged lead file ${file} moved to ${movedTo}: ${reason}`);
      return;
    }
    const deliveries = deliveriesOf(entry, this.options.destinations);
    const now = Date.now();
    const due: Lane[] = [];
    // A file from before destinations is read as pending everywhere; it is rewritten only once a
    // destination was tried, so a backlog read while every destination waits costs no writes.
    let changed = false;
    for (const id of pendingIds(deliveries)) {
      const lane = this.lanes.get(id);
      const delivery = deliveries[id];
      if (!lane) {
        Object.assign(delivery, { state: 'dead', lastError: 'this destination is no longer configured' });
        changed = true;
      } else if (delivery.nextAttemptAt > now) {
        // After a restart: the oldest lead's own backoff holds the destination, as it did before.
        lane.waitUntil = Math.max(lane.waitUntil, delivery.nextAttemptAt);
        this.heldInPass.add(id);
      } else if (!this.waiting(id, now)) due.push(lane);
    }
    const form = forms().find((f) => f.id === entry.lead.form);
    const failures = await Promise.all(
      due.map((lane) =>
        lane.destination.deliver(entry.lead, form).then(
          () => undefined,
          (error: unknown) => error ?? 'failed',
        ),
      ),
    );
    let transient: string | undefined;
    due.forEach((lane, i) => {
      const delivery = deliveries[lane.destination.id];
      const failure = failures[i];
      delivery.attempts++;
      changed = true;
      if (failure === undefined) {
        lane.up(log, queue.size);
        Object.assign(delivery, { state: 'sent', nextAttemptAt: 0 } satisfies Partial<Delivery>);
        delete delivery.lastError;
        log.info({ leadId: entry.lead.id, form: entry.lead.form, to: delivery.to }, 'lead delivered');
      } else if (isPermanentFailure(failure)) {
        lane.up(log, queue.size);
        Object.assign(delivery, { state: 'dead', nextAttemptAt: 0, lastError: errorText(failure) });
        log.error(
          { leadId: entry.lead.id, attempts: delivery.attempts, err: delivery.lastError, to: delivery.to },
          `lead delivery failed for good: refused by the ${speaksOf(lane.destination)}`,
        );
      } else {
        transient = errorText(failure);
        const nextAttemptAt = lane.down(transient, this.options.retry, log, queue.size);
        this.heldInPass.add(lane.destination.id);
        Object.assign(delivery, { nextAttemptAt, lastError: transient });
      }
    });
    if (changed) await this.record(summarize(entry, deliveries));
    if (transient !== undefined) await this.expireOld(transient);
  }

  /** Writes a lead's new state: still in the queue while a destination is pending, else settled. */
  private async record(entry: SpoolEntry): Promise<void> {
    const { spool, queue, log } = this.options;
    const file = `${entry.lead.id}.json`;
    const deliveries = entry.deliveries ?? {};
    const folder = settledFolder(deliveries);
    if (!folder) {
      await spool.write(entry);
      queue.setPending(file, pendingIds(deliveries));
      return;
    }
    await spool.settle(entry, folder);
    queue.remove(file);
    if (folder === 'dead')
      log.error(
        { leadId: entry.lead.id, attempts: entry.attempts, err: entry.lastError },
        'lead delivery failed for good: moved to dead/',
      );
  }

  /** Leads that have waited longer than LEAD_RETRY_HOURS are given up for every destination still
   * pending, and go to dead/, each logged. Only leads whose name says they may be that old are
   * read (a `retry` restarts the period, so the file decides). */
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
      if (since >= cutoff) continue;
      const deliveries = deliveriesOf(entry, this.options.destinations);
      for (const id of pendingIds(deliveries))
        Object.assign(deliveries[id], {
          state: 'dead',
          lastError: `${deliveries[id].lastError ?? error} (still undelivered after LEAD_RETRY_HOURS)`,
        });
      await this.record(summarize(entry, deliveries));
    }
  }
}
