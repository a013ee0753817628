// A webhook destination: the lead as JSON, POSTed with fetch (undici, built into Node), signed so
// the receiver can tell it came from this server and was not replayed: the header
// `X-Lead-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
// 2xx is delivered; 408, 429, 5xx and network errors are tried again later; any other 4xx is a
// permanent refusal (the receiver will never take this lead as it is).
import { createHmac } from 'node:crypto';
import type { Lead } from './spool.ts';
import { PermanentDeliveryError } from './errors.ts';

export const SIGNATURE_HEADER = 'X-Lead-Signature';

/** The signature header's value for `body` sent at `unixSeconds`. */
export function signLead(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** What a receiver gets: the lead's id, form, arrival time and fields, then whatever else the lead
 * records (its language's code, where it came from, when it does). */
export function webhookBody(lead: Lead): string {
  const { id, form, receivedAt, fields, ...more } = lead;
  return JSON.stringify({ id, form, receivedAt, fields, ...more });
}

export async function postLead(url: string, secret: string, lead: Lead, timeoutMs = 15_000): Promise<void> {
  const body = webhookBody(lead);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signLead(secret, body, Math.floor(Date.now() / 1000)),
      'x-lead-id': lead.id,
    },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  });
  // The answer's body is not read into any log: a receiver may echo the lead back.
  await response.body?.cancel();
  if (response.ok) return;
  const message = `the webhook answered HTTP ${response.status}`;
  const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
  if (!retryable && response.status >= 400) throw new PermanentDeliveryError(message);
  throw new Error(message);
}
