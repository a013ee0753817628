// LEAD_RETENTION_DAYS: sent leads hold personal data that is no longer needed once the mail is
// delivered, so they are deleted after that many days (India's DPDP Act asks for no longer than
// necessary). Runs at start and then once a day. queue/ and dead/ are never purged automatically:
// those leads have not reached anyone yet.
import type { FastifyBaseLogger } from 'fastify';
import type { Spool } from './spool.ts';

const DAY_MS = 24 * 3600_000;

export async function purgeOldSentLeads(spool: Spool, days: number, now = Date.now()): Promise<number> {
  return spool.purgeSent(now - days * DAY_MS);
}

/** Starts the daily purge; returns a function that stops it. `days` 0 keeps sent leads forever. */
export function scheduleRetention(spool: Spool, days: number, log: FastifyBaseLogger): () => void {
  if (days === 0) return () => undefined;
  const run = () =>
    purgeOldSentLeads(spool, days)
      .then((count) => count && log.info({ deleted: count, days }, 'sent leads older than LEAD_RETENTION_DAYS deleted'))
      .catch((error: unknown) => log.error({ err: error }, 'purging old sent leads failed'));
  void run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
