// The leads as the studio's inbox reads and changes them: one contract over the spool's files
// (queue/, sent/, dead/: where each lead is with its delivery) and the team's notes on them
// (lead-notes.ts). Reading never changes a spool file; retrying a failed lead puts it back in the
// queue the way `npm run leads -- retry` does (a running server picks it up at its next rescan).
// A file that cannot be read as a lead is left out here: `npm run leads` shows it with its reason.
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fsyncPath } from './durable-file.ts';
import { LeadNotes, type LeadNote } from './lead-notes.ts';
import { LEAD_ID_PATTERN } from './spool-entry.ts';
import { Spool, type Folder, type SpoolEntry } from './spool.ts';
import type { LeadChange } from '../../shared/leads-inbox.ts';

export const spoolFolders: readonly Folder[] = ['queue', 'sent', 'dead'];

export interface LeadRecord {
  /** Where the lead is with its delivery. */
  folder: Folder;
  entry: SpoolEntry;
  note: LeadNote;
}

/** A request the leads cannot answer, in words for the person who made it. */
export class LeadRecordError extends Error {
  readonly kind: 'not-found' | 'not-failed';
  constructor(kind: LeadRecordError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

const leadId = new RegExp(LEAD_ID_PATTERN);

/** Puts a lead back in the queue with its attempts reset, from wherever it is (never from sent/). */
export async function requeue(spool: Spool, folder: Folder, file: string, entry: SpoolEntry): Promise<void> {
  const { lastError: _previous, ...rest } = entry;
  await spool.write({ ...rest, attempts: 0, nextAttemptAt: 0, retriedAt: new Date().toISOString() }, 'queue');
  if (folder === 'dead') {
    await rm(path.join(spool.folder('dead'), file), { force: true });
    await fsyncPath(spool.folder('dead'));
  }
}

export class LeadRecords {
  readonly spool: Spool;
  readonly notes: LeadNotes;

  constructor(dataDir: string) {
    this.spool = new Spool(path.join(dataDir, 'spool'));
    this.notes = new LeadNotes(dataDir);
  }

  /** Every readable lead, newest first. */
  async list(): Promise<LeadRecord[]> {
    const notes = await this.notes.all();
    const records: LeadRecord[] = [];
    for (const folder of spoolFolders) {
      const files = await this.spool.list(folder).catch(() => [] as string[]);
      for (const file of files) {
        // A lead delivered (moved from queue/ to sent/) while the folders were read is read where it went.
        const entry = await this.spool.read(folder, file).catch(() => undefined);
        if (!entry || records.some((r) => r.entry.lead.id === entry.lead.id)) continue;
        records.push({ folder, entry, note: notes.get(entry.lead.id) ?? (await this.notes.of(entry.lead.id)) });
      }
    }
    return records.sort((a, b) => (a.entry.lead.id < b.entry.lead.id ? 1 : -1));
  }

  /** One lead by its id; a LeadRecordError when there is none. */
  async read(id: string): Promise<LeadRecord> {
    const gone = new LeadRecordError('not-found', 'This lead is not there any more: it may have been erased.');
    // An id is a file name inside the spool, never a path.
    if (!leadId.test(id)) throw gone;
    // Looked for in the order a lead moves (queue → sent or dead), so one moving meanwhile is found.
    for (const folder of spoolFolders) {
      const file = `${id}.json`;
      const there = await stat(path.join(this.spool.folder(folder), file)).then(
        () => true,
        () => false,
      );
      if (!there) continue;
      const entry = await this.spool.read(folder, file).catch(() => undefined);
      if (entry) return { folder, entry, note: await this.notes.of(id) };
    }
    throw gone;
  }

  async change(id: string, change: LeadChange, by: string): Promise<LeadRecord> {
    const record = await this.read(id);
    return { ...record, note: await this.notes.change(id, change, by) };
  }

  /** A lead whose delivery failed for good goes back to the queue. */
  async retry(id: string): Promise<LeadRecord> {
    const record = await this.read(id);
    if (record.folder !== 'dead')
      throw new LeadRecordError(
        'not-failed',
        record.folder === 'sent'
          ? 'This lead was delivered already.'
          : 'This lead is still being delivered: it is tried again on its own.',
      );
    await requeue(this.spool, 'dead', `${id}.json`, record.entry);
    return this.read(id);
  }
}
