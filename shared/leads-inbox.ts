// The studio's leads inbox as its page and its server (scripts/studio/lead-routes.ts) say it.
import type { LeadSource } from './lead-protocol.ts';

/** Where the team is with a lead; every lead starts as "new". "spam" keeps it, out of the way. */
export const leadStatuses = ['new', 'contacted', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** A note is a few lines, not a document. */
export const MAX_NOTE = 4000;

/** Where a lead is with one destination: waiting (being tried), delivered, or failed for good. */
export type DeliveryState = 'waiting' | 'delivered' | 'failed';

export interface DeliveryView {
  /** The destination, in words ("E-mail"). */
  destination: string;
  state: DeliveryState;
  attempts: number;
  /** The last refusal or failure, as the destination said it. */
  lastError?: string;
}

/** One field of a lead under its form's label; a choice shows the option's label. */
export interface LabelledField {
  label: string;
  value: string;
}

export interface LeadSummary {
  id: string;
  /** The form's title (its id when the site no longer has it). */
  form: string;
  formId: string;
  /** ISO 8601. */
  receivedAt: string;
  /** Who sent it, as they wrote it: their name, else their e-mail address. */
  from: string;
  status: LeadStatus;
  /** Where the lead came from, in a few words: a campaign, else a referring site, else "direct". */
  source: string;
  /** The language the form was sent in, by its name ("Deutsch"). */
  language: string;
  delivery: DeliveryView[];
  /** Why the lead was judged spam, one sentence per rule; absent for a lead that was not. */
  spamReasons?: string[];
}

export interface LeadDetail extends LeadSummary {
  fields: LabelledField[];
  sourceDetail: LeadSource;
  note: string;
}

/** What the inbox is filtered by; each absent means all. */
export interface InboxQuery {
  search?: string;
  form?: string;
  status?: LeadStatus;
  source?: string;
}

export interface InboxList {
  leads: LeadSummary[];
  /** How many leads match, when more than the list shows. */
  total: number;
  forms: { id: string; title: string }[];
  /** The sources the leads have, for the filter. */
  sources: string[];
}

export interface LeadChange {
  status?: LeadStatus;
  note?: string;
}

/** The days the Sources view can look back. */
export const sourceDays = [7, 30, 90] as const;

export interface PageSources {
  page: string;
  views: number;
  /** Leads whose visit began on this page. */
  landed: number;
  /** Leads sent from a form on this page. */
  sent: number;
}

/** The words for a lead's source: its campaign, else the site that linked to it, else "direct". */
export function sourceLabel(source: LeadSource | undefined): string {
  if (source?.utm_campaign) return `campaign: ${source.utm_campaign}`;
  if (source?.utm_source) return `campaign source: ${source.utm_source}`;
  if (source?.referrer) return `link from ${source.referrer}`;
  return 'direct';
}
