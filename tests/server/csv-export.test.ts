// `npm run leads -- export` with hostile values in every text cell and in the form's labels: read
// back with csv-parse (RFC 4180), every cell is exactly what the visitor typed, except that one a
// spreadsheet would run as a formula (=, +, -, @, a tab or a CR first, or their full-width forms)
// starts with ' so it shows as text. Quotes, commas and line breaks stay inside their cell.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { exportCsv } from '../../scripts/leads/export.ts';
import { LeadStore } from '../../scripts/leads/store.ts';
import { newLeadId } from '../../server/leads/spool.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureForms, validLead } from '../fixtures/leads.ts';

const hostile = [
  `=cmd|' /C calc'!A0`,
  '=HYPERLINK("http://evil.example","Click")',
  '+1+1',
  '-2+3',
  '@SUM(1,2)',
  '\t=1+1',
  '\r=1+1',
  '＝1+1',
  '"quoted", with a comma',
  'line one\nline two',
  'line one\r\nline two\r\n=not a formula on line two',
  ';semicolon;separated',
  'plain text',
];
const defused = (value: string) => (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value);

it('every cell reads back as written, formulas defused, quotes and line breaks kept in their cell', async () => {
  const [form, ...others] = await fixtureForms();
  const textFields = form.fields.filter((field) => !field.options?.length);
  // The form's own labels are the header row: an editor's label can start with = too.
  const hostileForm = {
    ...form,
    fields: form.fields.map((field, i) => (i === 0 ? { ...field, label: '=Label()' } : field)),
  };
  const distDir = await writeDist([hostileForm, ...others]);
  const config = testConfig(distDir, { dataDir: await mkdtemp(path.join(tmpdir(), 'csv-export-')) });
  const sent = path.join(config.dataDir, 'spool', 'sent');
  for (const folder of ['queue', 'sent', 'dead'])
    await mkdir(path.join(config.dataDir, 'spool', folder), { recursive: true });
  const ids: string[] = [];
  for (const [i, value] of hostile.entries()) {
    const id = newLeadId(new Date(Date.UTC(2026, 0, 1, 0, 0, i)));
    ids.push(id);
    const fields = { ...validLead(form), ...Object.fromEntries(textFields.map((field) => [field.name, value])) };
    const lead = { id, form: form.id, receivedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), fields };
    await writeFile(path.join(sent, `${id}.json`), JSON.stringify({ lead, attempts: 1, nextAttemptAt: 0 }));
  }

  const csv = await exportCsv(await LeadStore.open(config), { form: form.id });
  const [header, ...rows] = parse(csv, { relax_column_count: false }) as string[][];
  expect(header).toEqual([
    'Lead id',
    'Received at',
    'Status',
    ...hostileForm.fields.map((field) => defused(field.label)),
    'Language',
  ]);
  expect(rows.map((row) => row[0])).toEqual(ids);
  for (const [i, row] of rows.entries()) {
    for (const field of textFields)
      expect(row[3 + form.fields.indexOf(field)], `${JSON.stringify(hostile[i])} in ${field.name}`).toBe(
        defused(hostile[i]),
      );
    expect(row.filter((cell) => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell))).toEqual([]);
  }
});
