// The inbox's view of the leads: each lead in words for the marketing team (its form's title, the
// fields under the form's labels as the site's forms define them, its status, source, language and
// delivery), and the search and filters the inbox offers over them.
import type { FormDefinition } from '../../shared/generated/content.ts';
import { languageName, type LeadLanguage } from '../../shared/lead-protocol.ts';
import {
  sourceLabel,
  type DeliveryView,
  type InboxQuery,
  type LeadDetail,
  type LeadSummary,
} from '../../shared/leads-inbox.ts';
import type { LeadRecord } from '../../server/leads/lead-records.ts';
import type { Delivery, Folder } from '../../server/leads/spool.ts';
import { labelledFields } from '../leads/commands.ts';
import { columnValues, fieldColumns } from '../leads/export.ts';

const folderState = { queue: 'waiting', sent: 'delivered', dead: 'failed' } as const satisfies Record<
  Exclude<Folder, 'spam'>,
  DeliveryView['state']
>;
const deliveryState = { pending: 'waiting', sent: 'delivered', dead: 'failed' } as const satisfies Record<
  Delivery['state'],
  DeliveryView['state']
>;

/** A destination in the team's words: the spool names them for operators ("mail", "webhook to …"). */
function destinationName(id: string, delivery: Delivery): string {
  if (id === 'mail') return 'E-mail';
  if (id === 'reply') return 'Reply to the sender';
  return delivery.to.replace(/^webhook to /, 'Sent on to ');
}

/** Per destination; a lead judged spam went nowhere, and a file from before destinations only by e-mail. */
function deliveryViews(record: LeadRecord): DeliveryView[] {
  const { deliveries, attempts, lastError } = record.entry;
  if (record.folder === 'spam') return [];
  if (!deliveries)
    return [
      {
        destination: 'E-mail',
        state: folderState[record.folder],
        attempts,
        ...(lastError && record.folder !== 'sent' && { lastError }),
      },
    ];
  return Object.entries(deliveries).map(([id, delivery]) => ({
    destination: destinationName(id, delivery),
    state: deliveryState[delivery.state],
    attempts: delivery.attempts,
    ...(delivery.lastError && delivery.state !== 'sent' && { lastError: delivery.lastError }),
  }));
}

/** Who sent the lead, as they wrote it: the form's first text field (their name), else their address. */
function sender(record: LeadRecord, form: FormDefinition | undefined): string {
  const { fields } = record.entry.lead;
  const name = form?.fields.find((field) => field.kind === 'text');
  const email = form?.fields.find((field) => field.kind === 'email');
  return (name && fields[name.name]) || (email && fields[email.name]) || '';
}

/** What the inbox names leads by: the site's forms and its languages (its own first), as saved. */
export interface InboxSite {
  forms: FormDefinition[];
  languages: LeadLanguage[];
}

export function leadSummary(record: LeadRecord, site: InboxSite): LeadSummary {
  const { lead } = record.entry;
  const form = site.forms.find((f) => f.id === lead.form);
  return {
    id: lead.id,
    form: form?.title ?? lead.form,
    formId: lead.form,
    receivedAt: lead.receivedAt,
    from: sender(record, form),
    // A lead the rules judged spam reads as spam until someone sends it on.
    status: record.folder === 'spam' ? 'spam' : record.note.status,
    source: sourceLabel(lead.source),
    language: languageName(lead.language, site.languages),
    delivery: deliveryViews(record),
    ...(record.entry.spam && { spamReasons: record.entry.spam }),
  };
}

export function leadDetail(record: LeadRecord, site: InboxSite): LeadDetail {
  const form = site.forms.find((f) => f.id === record.entry.lead.form);
  return {
    ...leadSummary(record, site),
    fields: labelledFields(record.entry.lead.fields, form).map(([label, value]) => ({ label, value })),
    sourceDetail: record.entry.lead.source ?? {},
    note: record.note.note,
  };
}

/** Whether a lead is one the query asks for: every word of the search in its fields or note. */
export function matchesQuery(record: LeadRecord, summary: LeadSummary, query: InboxQuery): boolean {
  if (query.form && summary.formId !== query.form) return false;
  if (query.status && summary.status !== query.status) return false;
  if (query.source && summary.source !== query.source) return false;
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = [...Object.values(record.entry.lead.fields), record.note.note].join('\n').toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The leads the query asks for, newest first, each as the inbox lists it. */
export function queryLeads(
  records: LeadRecord[],
  site: InboxSite,
  query: InboxQuery,
): { record: LeadRecord; summary: LeadSummary }[] {
  return records
    .map((record) => ({ record, summary: leadSummary(record, site) }))
    .filter(({ record, summary }) => matchesQuery(record, summary, query));
}

/** The rows of the inbox's CSV export, the header first: the lead's place in the team's work, then
 * every field as `npm run leads -- export` writes it, then the note. */
export function inboxCsvRows(
  found: { record: LeadRecord; summary: LeadSummary }[],
  forms: FormDefinition[],
): string[][] {
  const columns = fieldColumns(forms);
  const header = [
    'Received at',
    'Form',
    'Status',
    'Source',
    'Language',
    'Sent from page',
    'First page of the visit',
    ...columns.values(),
    'Note',
  ];
  const rows = found.map(({ record, summary }) => {
    const { lead } = record.entry;
    return [
      lead.receivedAt,
      summary.form,
      summary.status,
      summary.source,
      summary.language,
      lead.source?.page ?? '',
      lead.source?.landing ?? '',
      ...columnValues(
        lead,
        forms.find((f) => f.id === lead.form),
        columns,
      ),
      record.note.note,
    ];
  });
  return [header, ...rows];
}
