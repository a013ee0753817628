// The leads as the inbox reads them (server/leads/lead-records.ts): newest first from every folder,
// a damaged file left out rather than failing the list, an id that is not one never read as a
// path, a status and note kept beside the spool (a damaged note reads as none), and a retry only
// for a lead whose delivery failed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { inboxDir } from '../../server/leads/lead-notes.ts';
import { LeadRecordError, LeadRecords } from '../../server/leads/lead-records.ts';
import { newLeadId, type SpoolEntry } from '../../server/leads/spool.ts';

let dataDir: string;
let records: LeadRecords;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lead-records-'));
  records = new LeadRecords(dataDir);
  await records.spool.init();
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const entry = (at: string, name: string): SpoolEntry => ({
  lead: { id: newLeadId(new Date(at)), form: 'inquiry', receivedAt: at, fields: { name } },
  attempts: 1,
  nextAttemptAt: 0,
});

it('lists every readable lead newest first, wherever its delivery is, leaving damaged files out', async () => {
  const old = entry('2026-11-01T10:00:00.000Z', 'Old');
  const middle = entry('2026-11-02T10:00:00.000Z', 'Middle');
  const recent = entry('2026-11-03T10:00:00.000Z', 'Recent');
  await records.spool.write(old, 'sent');
  await records.spool.write(middle, 'dead');
  await records.spool.write(recent, 'queue');
  await writeFile(path.join(records.spool.folder('queue'), `${newLeadId()}.json`), '{"cut sh');
  const listed = await records.list();
  expect(listed.map((r) => [r.entry.lead.fields.name, r.folder, r.note.status])).toEqual([
    ['Recent', 'queue', 'new'],
    ['Middle', 'dead', 'new'],
    ['Old', 'sent', 'new'],
  ]);
  // A delivered lead once read is remembered, until its file is gone (retention, erasure).
  await rm(path.join(records.spool.folder('sent'), `${old.lead.id}.json`));
  expect((await records.list()).map((r) => r.entry.lead.fields.name)).toEqual(['Recent', 'Middle']);
});

it('keeps a status and a note beside the spool, and reads a damaged note as none', async () => {
  const lead = entry('2026-11-01T10:00:00.000Z', 'Asha');
  await records.spool.write(lead, 'sent');
  const changed = await records.change(lead.lead.id, { status: 'won', note: 'Signed.' }, 'ann@example.com');
  expect(changed.note).toMatchObject({ status: 'won', note: 'Signed.', changedBy: 'ann@example.com' });
  expect((await records.read(lead.lead.id)).note.status).toBe('won');
  await writeFile(path.join(inboxDir(dataDir), `${lead.lead.id}.json`), '{"status": "deleted-everything"}');
  expect((await records.read(lead.lead.id)).note).toMatchObject({ status: 'new', note: '' });
});

it('refuses an id that is not a lead id, and a retry of a lead whose delivery has not failed', async () => {
  for (const id of ['../editors', '..%2Fsent', `${newLeadId()}/x`, ''])
    await expect(records.read(id)).rejects.toThrow(LeadRecordError);
  const lead = entry('2026-11-01T10:00:00.000Z', 'Asha');
  await records.spool.write(lead, 'queue');
  await expect(records.retry(lead.lead.id)).rejects.toThrow('This lead is still being delivered');
  await records.spool.settle(lead, 'dead');
  expect((await records.retry(lead.lead.id)).folder).toBe('queue');
});
