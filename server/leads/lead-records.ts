// The leads as the studio's inbox reads and changes them: one contract over the spool's files
// (queue/, sent/, dead/: where each lead is with its delivery) and the team's notes on them
// (lead-notes.ts). Reading never changes a spool file; retrying a failed lead puts it back in the
// queue the way `npm run leads -- retry` does (a running server picks it up at its next rescan).
// A file that cannot be read as a lead is left out here: `npm run leads` shows it with its reason.
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { summarize } from './deliveries.ts';
import { fsyncPath } from './durable-file.ts';
import { LeadNotes, noNote, type LeadNote } from './lead-notes.ts';
import { releaseSpam } from './spam.ts';
import { LEAD_ID_PATTERN } from './spool-entry.ts';
import { Spool, type Folder, type SpoolEntry } from './spool.ts';
import type { LeadChange } from '../../shared/leads-inbox.ts';

export const spoolFolders: readonly Folder[] = ['queue', 'sent', 'dead', 'spam'];

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

/** How many spool files are read at once. */
const READ_BATCH = 64;

/** Puts a lead back in the queue with its attempts reset, from wherever it is (never from sent/). */
export async function requeue(spool: Spool, folder: Folder, file: string, entry: SpoolEntry): Promise<void> {
  const { lastError: _previous, ...rest } = entry;
  const retried = { ...rest, attempts: 0, nextAttemptAt: 0, retriedAt: new Date().toISOString() };
  // Only where it failed: a destination that has the lead keeps it, and does not get it twice.
  const deliveries = rest.deliveries
    ? Object.fromEntries(
        Object.entries(rest.deliveries).map(([id, d]) => [
          id,
          d.state === 'sent' ? d : { to: d.to, state: 'pending' as const, attempts: 0, nextAttemptAt: 0 },
        ]),
      )
    : undefined;
  await spool.write(deliveries ? summarize(retried, deliveries) : retried, 'queue');
  if (folder === 'dead') {
    await rm(path.join(spool.folder('dead'), file), { force: true });
    await fsyncPath(spool.folder('dead'));
  }
}

export class LeadRecords {
  readonly spool: Spool;
  readonly notes: LeadNotes;
  /** The leads read from sent/, by file name: a delivered lead's file never changes, it is only
   * deleted (retention, erasure), and a name no longer listed is dropped from here. */
  private readonly delivered = new Map<string, SpoolEntry>();

  constructor(dataDir: string) {
    this.spool = new Spool(path.join(dataDir, 'spool'));
    this.notes = new LeadNotes(dataDir);
  }

  /** Every readable lead, newest first. */
  async list(): Promise<LeadRecord[]> {
    const notes = await this.notes.all();
    const records: LeadRecord[] = [];
    const seen = new Set<string>();
    for (const folder of spoolFolders) {
      const files = await this.spool.list(folder).catch(() => [] as string[]);
      if (folder === 'sent') {
        const listed = new Set(files);
        for (const file of this.delivered.keys()) if (!listed.has(file)) this.delivered.delete(file);
      }
      // Read a batch at a time: thousands of small files one after another wait on the disk each time.
      for (let start = 0; start < files.length; start += READ_BATCH) {
        const batch = files.slice(start, start + READ_BATCH);
        const entries = await Promise.all(batch.map((file) => this.readListed(folder, file)));
        for (const entry of entries) {
          // A lead delivered (moved from queue/ to sent/) while the folders were read is read where it went.
          if (!entry || seen.has(entry.lead.id)) continue;
          seen.add(entry.lead.id);
          records.push({ folder, entry, note: notes.get(entry.lead.id) ?? noNote() });
        }
      }
    }
    return records.sort((a, b) => (a.entry.lead.id < b.entry.lead.id ? 1 : -1));
  }

  private async readListed(folder: Folder, file: string): Promise<SpoolEntry | undefined> {
    if (folder !== 'sent') return this.spool.read(folder, file).catch(() => undefined);
    const known = this.delivered.get(file);
    if (known) return known;
    const entry = await this.spool.read(folder, file).catch(() => undefined);
    if (entry) this.delivered.set(file, entry);
    return entry;
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

  /** A lead whose delivery failed for good goes back to the queue; one judged spam is sent on. */
  async retry(id: string): Promise<LeadRecord> {
    const record = await this.read(id);
    if (record.folder === 'spam') {
      await releaseSpam(this.spool, record.entry);
      return this.read(id);
    }
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
