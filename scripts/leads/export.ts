// `npm run leads -- export`: leads as CSV (shared/csv.ts: RFC 4180, safe from formula injection)
// with a header row of the form's labels.
import { csvText } from '../../shared/csv.ts';
import type { FormDefinition } from '../../shared/generated/content.ts';
import type { Lead } from '../../server/leads/spool.ts';
import type { LeadStore } from './store.ts';

/** One column per field, by name, with its label; a field several forms share (same name) is one
 * column, with its first label. */
export function fieldColumns(forms: FormDefinition[]): Map<string, string> {
  const columns = new Map<string, string>();
  for (const form of forms)
    for (const field of form.fields) if (!columns.has(field.name)) columns.set(field.name, field.label);
  return columns;
}

/** A lead's value in each column: a choice as its option's label. */
export function columnValues(lead: Lead, form: FormDefinition | undefined, columns: Map<string, string>): string[] {
  return [...columns.keys()].map((name) => {
    const raw = lead.fields[name] ?? '';
    return form?.fields.find((field) => field.name === name)?.options?.find((o) => o.value === raw)?.label ?? raw;
  });
}

export interface ExportOptions {
  /** YYYY-MM-DD: leads received on or after that day (UTC). */
  since?: string;
  form?: string;
}

export async function exportCsv(store: LeadStore, options: ExportOptions): Promise<string> {
  let from = -Infinity;
  if (options.since !== undefined) {
    from = /^\d{4}-\d{2}-\d{2}$/.test(options.since) ? Date.parse(`${options.since}T00:00:00Z`) : NaN;
    if (Number.isNaN(from)) throw new Error(`--since wants a date as YYYY-MM-DD, got "${options.since}".`);
  }
  if (options.form !== undefined && !store.form(options.form)) {
    throw new Error(
      `No form "${options.form}" in the current build. Forms: ${store.forms.map((f) => f.id).join(', ') || 'none (run npm run build)'}.`,
    );
  }
  const forms = options.form ? [store.form(options.form)!] : store.forms;
  const columns = fieldColumns(forms);
  const leads = (await store.all()).filter(
    (lead) => lead.entry && lead.receivedAt >= from && (!options.form || lead.entry.lead.form === options.form),
  );
  const rows = leads.map((lead) => {
    const { lead: data } = lead.entry!;
    const form = store.form(data.form);
    return [
      lead.id,
      data.receivedAt,
      lead.folder,
      ...(options.form ? [] : [form?.title ?? data.form]),
      ...columnValues(data, form, columns),
      store.languageName(data.language),
    ];
  });
  const header = [
    'Lead id',
    'Received at',
    'Status',
    ...(options.form ? [] : ['Form']),
    ...columns.values(),
    'Language',
  ];
  return csvText([header, ...rows]);
}
