// What the delivery worker knows of one destination between passes: when its oldest pending lead
// may be tried again, and whether it has been unreachable. Going down and coming back are each
// said once in the log, however many leads wait meanwhile.
import type { FastifyBaseLogger } from 'fastify';
import type { Destination } from './destinations.ts';
import { backoff, type RetryPolicy } from './retry-policy.ts';

/** How the log names a destination: the mail server, or a webhook by its label. */
export const speaksOf = (destination: Destination) => (destination.id === 'mail' ? 'mail server' : destination.label);

export class Lane {
  /** Not tried before this time (epoch ms): its oldest pending lead is waiting out a backoff. */
  waitUntil = 0;
  /** Unreachable since `since`, after `failures` tries. */
  private outage?: { since: number; failures: number };

  readonly destination: Destination;

  constructor(destination: Destination) {
    this.destination = destination;
  }

  /** The destination answered: if it had been unreachable, say once that it is back. */
  up(log: FastifyBaseLogger, queued: number): void {
    this.waitUntil = 0;
    if (!this.outage) return;
    const { since, failures } = this.outage;
    this.outage = undefined;
    log.info(
      {
        to: this.destination.label,
        downForSeconds: Math.round((Date.now() - since) / 1000),
        failedTries: failures,
        queued,
      },
      `${speaksOf(this.destination)} reachable again: delivering its leads in order`,
    );
  }

  /** The destination could not be reached: it waits; returns when its oldest lead is tried again. */
  down(error: string, retry: RetryPolicy, log: FastifyBaseLogger, queued: number): number {
    const failures = (this.outage?.failures ?? 0) + 1;
    const nextAttemptAt = Date.now() + backoff(failures, retry);
    if (!this.outage) {
      log.warn(
        { err: error, to: this.destination.label, queued, retryInMs: nextAttemptAt - Date.now() },
        `${speaksOf(this.destination)} unreachable: its deliveries paused until it answers (the oldest lead is retried with backoff)`,
      );
    }
    this.outage = { since: this.outage?.since ?? Date.now(), failures };
    this.waitUntil = nextAttemptAt;
    return nextAttemptAt;
  }
}
