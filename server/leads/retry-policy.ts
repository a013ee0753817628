// How failed lead deliveries are retried: exponential backoff from a base, capped, with jitter,
// until a lead has waited LEAD_RETRY_HOURS. Read from the environment by config.ts.

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
