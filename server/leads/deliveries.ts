// A lead's state per destination, kept in its spool file under `deliveries` (one record per
// destination id: "mail", "webhook-…"), beside the lead. The file's top-level `attempts`,
// `nextAttemptAt` and `lastError` stay, as a summary of those records (what a reader that knows
// one destination expects), and a file written before destinations existed, which has only
// them, is read as a lead pending for every destination, its mail record carrying them.
// A lead leaves the queue when no destination is pending: to sent/ when every one took it, to
// dead/ when any refused it for good (the others keep "sent", so a retry sends it only there).
import type { Destination } from './destinations.ts';
import type { Delivery, Folder, Lead, SpoolEntry } from './spool.ts';

export function pendingDelivery(destination: Destination): Delivery {
  return { to: destination.label, state: 'pending', attempts: 0, nextAttemptAt: 0 };
}

/** A new lead's entry: pending for every destination. */
export function newEntry(lead: Lead, destinations: readonly Destination[]): SpoolEntry {
  return summarize({ lead, attempts: 0, nextAttemptAt: 0 }, freshDeliveries(destinations));
}

export function freshDeliveries(destinations: readonly Destination[]): Record<string, Delivery> {
  return Object.fromEntries(destinations.map((d) => [d.id, pendingDelivery(d)]));
}

/** The entry's deliveries; for a file from before destinations, every destination pending. */
export function deliveriesOf(entry: SpoolEntry, destinations: readonly Destination[]): Record<string, Delivery> {
  if (entry.deliveries) return structuredClone(entry.deliveries);
  const deliveries = freshDeliveries(destinations);
  if (deliveries.mail)
    deliveries.mail = { ...deliveries.mail, attempts: entry.attempts, nextAttemptAt: entry.nextAttemptAt };
  if (deliveries.mail && entry.lastError) deliveries.mail.lastError = entry.lastError;
  return deliveries;
}

/** The entry with these deliveries, and the top-level summary recomputed from them. */
export function summarize(entry: SpoolEntry, deliveries: Record<string, Delivery>): SpoolEntry {
  const all = Object.values(deliveries);
  const pending = all.filter((d) => d.state === 'pending');
  const failing = all.filter((d) => d.state !== 'sent' && d.lastError);
  const { lastError: _previous, ...rest } = entry;
  return {
    ...rest,
    deliveries,
    attempts: all.reduce((sum, d) => sum + d.attempts, 0),
    nextAttemptAt: pending.length ? Math.min(...pending.map((d) => d.nextAttemptAt)) : 0,
    // One failing destination: its error as it is; several: each named.
    ...(failing.length === 1 && { lastError: failing[0].lastError }),
    ...(failing.length > 1 && { lastError: failing.map((d) => `${d.to}: ${d.lastError}`).join('; ') }),
  };
}

export const pendingIds = (deliveries: Record<string, Delivery>) =>
  Object.keys(deliveries).filter((id) => deliveries[id].state === 'pending');

/** Where a lead belongs once no destination is pending; undefined while one is. */
export function settledFolder(deliveries: Record<string, Delivery>): Exclude<Folder, 'queue'> | undefined {
  const states = Object.values(deliveries).map((d) => d.state);
  if (states.includes('pending')) return undefined;
  return states.includes('dead') ? 'dead' : 'sent';
}
