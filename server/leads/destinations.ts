// Where each accepted lead goes: the mail destination (today's e-mail to the team) and one
// destination per webhook address (LEAD_WEBHOOK_URL). Each destination delivers independently and
// keeps its own state in the lead's spool file (deliveries.ts); this module only knows how to hand
// one lead to one destination and whether a failure is worth trying again.
import { createHash } from 'node:crypto';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { PermanentDeliveryError } from './errors.ts';
import { composeMail, type MailSettings } from './compose.ts';
import { isPermanent, type Mailer } from './mailer.ts';
import type { Lead } from './spool.ts';
import { postLead } from './webhook.ts';

export interface Destination {
  /** Stable key of the destination in a lead's `deliveries`: "mail", or "webhook-" and a digest of its address. */
  id: string;
  /** For people: "mail" or "webhook to <host>" (the address itself may hold a token, so never shown). */
  label: string;
  deliver(lead: Lead, form: FormDefinition | undefined): Promise<void>;
}

export function isPermanentFailure(error: unknown): boolean {
  return error instanceof PermanentDeliveryError || isPermanent(error);
}

export function mailDestination(mailer: Mailer, settings: () => MailSettings): Destination {
  return {
    id: 'mail',
    label: 'mail',
    deliver: async (lead, form) => {
      if (!form) throw new PermanentDeliveryError(`no form "${lead.form}" in this build`);
      await mailer.send(composeMail(lead, form, settings()));
    },
  };
}

/** The webhook's key: a digest of its address, so a secret token in it appears in no file or log. */
export function webhookId(url: string): string {
  return `webhook-${createHash('sha256').update(url).digest('hex').slice(0, 12)}`;
}

export function webhookDestination(url: string, secret: string): Destination {
  return {
    id: webhookId(url),
    label: `webhook to ${new URL(url).host}`,
    deliver: (lead) => postLead(url, secret, lead),
  };
}
