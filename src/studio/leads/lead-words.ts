// How the inbox says a lead's status and its delivery, in the marketing team's words.
import type { DeliveryView, LeadStatus } from '../../../shared/leads-inbox.ts';

export const statusText = {
  new: 'New',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
} satisfies Record<LeadStatus, string>;

export const statusColor = {
  new: 'blue',
  contacted: 'yellow',
  won: 'green',
  lost: 'gray',
  spam: 'red',
} satisfies Record<LeadStatus, string>;

export function deliveryText(delivery: DeliveryView): string {
  if (delivery.state === 'delivered') return `${delivery.destination}: delivered`;
  if (delivery.state === 'waiting')
    return delivery.attempts > 0
      ? `${delivery.destination}: not delivered yet, being tried again`
      : `${delivery.destination}: on its way`;
  return `${delivery.destination}: could not be delivered`;
}

/** "27 Nov 2026, 22:14" in the reader's own time. */
export const receivedWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
