// The commands of `npm run leads`: each returns the text to print. Field labels come from the
// forms of the current build (dist/_site.json), as in the e-mail the lead became.
import type { FormDefinition } from '../../shared/generated/content.ts';
import { SUBMITTED_AT_FIELD, type LeadSource } from '../../shared/lead-protocol.ts';
import { requeue as requeueLead } from '../../server/leads/lead-records.ts';
import { purgeOldSentLeads } from '../../server/leads/retention.ts';
import { releaseSpam } from '../../server/leads/spam.ts';
import type { Folder } from '../../server/leads/spool.ts';
import type { LeadStore, StoredLead } from './store.ts';
import { textTable } from '../text-table.ts';

export function age(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${Math.floor(minutes / 1440)} days`;
}

/** Each field of a lead with its form label; a select shows its option's label too. */
export function labelledFields(fields: Record<string, string>, form: FormDefinition | undefined): [string, string][] {
  const known = (form?.fields ?? []).map((field): [string, string] => {
    const raw = fields[field.name] ?? '';
    const option = field.options?.find((o) => o.value === raw);
    return [field.label, option ? `${option.label} (${raw})` : raw];
  });
  // Fields the current build's form no longer has (or no build at all): shown by their name.
  const names = new Set((form?.fields ?? []).map((field) => field.name));
  const others = Object.entries(fields).filter(([name]) => !names.has(name) && name !== SUBMITTED_AT_FIELD);
  return [...known, ...others];
}

/** A lead's source in one line: "utm_campaign=x, landing=/blog/a, page=/contact". */
const sourceText = (source: LeadSource) =>
  Object.entries(source)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');

export async function status(store: LeadStore, now = Date.now()): Promise<string> {
  const leads = await store.all();
  const count = (folder: Folder) => leads.filter((lead) => lead.folder === folder).length;
  const queued = leads.filter((lead) => lead.folder === 'queue');
  const failed = leads.filter((lead) => lead.folder !== 'sent' && lead.entry?.lastError);
  // Each failed attempt rewrites the lead's file: the newest file holds the latest error.
  const last = failed.sort((a, b) => a.modifiedAt - b.modifiedAt).at(-1);
  const damaged = leads.filter((lead) => lead.damage);
  return [
    `Leads in ${store.spool.dir}`,
    `  queue: ${count('queue')}   sent: ${count('sent')}   dead: ${count('dead')}   spam: ${count('spam')}`,
    `  per destination: ${perDestination(leads) || '—'}`,
    `  oldest queued: ${queued.length ? `${age(now - queued[0].receivedAt)} ago (${queued[0].id})` : '—'}`,
    `  last error: ${last ? `${last.entry!.lastError} (${age(now - last.modifiedAt)} ago, lead ${last.id}, ${last.folder}, ${last.entry!.attempts} attempt(s))` : '—'}`,
    `  damaged: ${damaged.length ? '' : '—'}`.trimEnd(),
    ...damaged.map((lead) => `    ${lead.folder}/${lead.file}: ${lead.damage}`),
  ].join('\n');
}

/** "mail: 3 sent, 1 pending; webhook to hooks.example.com: 4 sent", over every lead that records its deliveries. */
function perDestination(leads: StoredLead[]): string {
  const counts = new Map<string, Map<string, number>>();
  for (const lead of leads)
    for (const delivery of Object.values(lead.entry?.deliveries ?? {})) {
      const states = counts.get(delivery.to) ?? new Map<string, number>();
      states.set(delivery.state, (states.get(delivery.state) ?? 0) + 1);
      counts.set(delivery.to, states);
    }
  return [...counts]
    .map(([to, states]) => `${to}: ${[...states].map(([state, n]) => `${n} ${state}`).join(', ')}`)
    .join('; ');
}

export async function list(store: LeadStore, folder?: Folder): Promise<string> {
  const leads = await store.all(folder);
  if (!leads.length) return `No leads${folder ? ` in ${folder}/` : ''}.`;
  const rows = leads.map((lead) => {
    const fields = lead.entry?.lead.fields ?? {};
    const who = [fields.name, fields.email && `<${fields.email}>`].filter(Boolean).join(' ');
    return [
      lead.id,
      lead.folder,
      lead.entry?.lead.form ?? '(damaged)',
      new Date(lead.receivedAt).toISOString().slice(0, 16).replace('T', ' '),
      String(lead.entry?.attempts ?? '—'),
      lead.entry ? store.languageName(lead.entry.lead.language) : '—',
      who,
      lead.damage ? `damaged: ${lead.damage}` : (lead.entry?.spam?.join(' ') ?? lead.entry?.lastError ?? ''),
    ];
  });
  const header = ['ID', 'STATUS', 'FORM', 'RECEIVED (UTC)', 'ATTEMPTS', 'LANGUAGE', 'FROM', 'LAST ERROR'];
  return textTable(header, rows);
}

export async function show(store: LeadStore, id: string): Promise<string> {
  const lead = await store.find(id);
  if (!lead.entry) return `Lead ${lead.id} (${lead.folder}/${lead.file}) is damaged and kept as it is: ${lead.damage}.`;
  const { entry } = lead;
  const form = store.form(entry.lead.form);
  const rows: [string, string][] = [
    ['Lead id', lead.id],
    ['Status', lead.folder],
    [
      'Form',
      form ? `${form.title} (${form.id})` : `${entry.lead.form} (not in the current build: fields shown by name)`,
    ],
    ['Received at', entry.lead.receivedAt],
    ['Language', store.languageName(entry.lead.language)],
    ['Submitted at', entry.lead.fields[SUBMITTED_AT_FIELD] ?? '—'],
    ['Attempts', String(entry.attempts)],
    ...(lead.folder === 'queue'
      ? [
          ['Next attempt', entry.nextAttemptAt ? new Date(entry.nextAttemptAt).toISOString() : 'now'] as [
            string,
            string,
          ],
        ]
      : []),
    ...(entry.lastError ? [['Last error', entry.lastError] as [string, string]] : []),
    ...(entry.lead.source ? [['Source', sourceText(entry.lead.source)] as [string, string]] : []),
    ...Object.values(entry.deliveries ?? {}).map((d): [string, string] => [
      `To ${d.to}`,
      `${d.state}, ${d.attempts} attempt(s)${d.lastError ? `, last error: ${d.lastError}` : ''}`,
    ]),
    ...(entry.spam ? [['Judged spam', entry.spam.join(' ')] as [string, string]] : []),
    ['', ''],
    ...labelledFields(entry.lead.fields, form),
  ];
  return rows
    .map(([label, value]) =>
      label ? `${label}: ${value.includes('\n') ? `\n  ${value.split('\n').join('\n  ')}` : value || '—'}` : '',
    )
    .join('\n');
}

/** Back to the queue with attempts reset; a running server delivers it at its next rescan. */
async function requeue(store: LeadStore, lead: StoredLead): Promise<void> {
  if (!lead.entry)
    throw new Error(
      `Lead ${lead.id} could not be read (${lead.folder}/${lead.file}); open the file to recover it by hand.`,
    );
  if (lead.folder === 'sent') throw new Error(`Lead ${lead.id} was delivered already.`);
  if (lead.folder === 'spam') throw new Error(`Lead ${lead.id} was judged spam: release it instead.`);
  await requeueLead(store.spool, lead.folder, lead.file, lead.entry);
}

export async function retry(store: LeadStore, target: { id?: string; allDead?: boolean }): Promise<string> {
  const leads = target.allDead
    ? (await store.all('dead')).filter((lead) => lead.entry)
    : [await store.find(target.id!)];
  for (const lead of leads) await requeue(store, lead);
  const skipped = target.allDead ? (await store.all('dead')).length : 0;
  return [
    `${leads.length} lead(s) back in the queue with attempts reset; a running server delivers them within a minute.`,
    ...(skipped ? [`${skipped} unreadable file(s) stay in dead/: open them to recover by hand.`] : []),
  ].join('\n');
}

/** A lead judged spam goes back to the queue, to every destination; a running server sends it within a minute. */
export async function release(store: LeadStore, id: string): Promise<string> {
  const lead = await store.find(id);
  if (lead.folder !== 'spam') throw new Error(`Lead ${lead.id} is not in spam (it is in ${lead.folder}).`);
  if (!lead.entry) throw new Error(`Lead ${lead.id} could not be read (spam/${lead.file}).`);
  await releaseSpam(store.spool, lead.entry);
  return `Lead ${lead.id} released: a running server delivers it within a minute.`;
}

export async function purge(store: LeadStore, days: number): Promise<string> {
  const count = await purgeOldSentLeads(store.spool, days);
  return `${count} sent lead(s) older than ${days} days deleted. Queued and dead leads are never purged.`;
}
