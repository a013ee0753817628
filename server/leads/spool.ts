// The lead spool: a folder of JSON files, one per lead, written the way a mail server writes a
// queue file (temp file, fsync, rename, fsync the folder) so that a lead acknowledged with a 2xx
// survives a crash or a power cut. queue/ holds leads awaiting delivery, sent/ the delivered
// ones (kept as a record), dead/ those that failed for good (kept, never deleted), spam/ those
// judged spam (kept, delivered nowhere until released). A lead stays in queue/ until every
// destination has it or refused it; its state per destination is inside its file (deliveries.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fsyncPath, writeDurably } from './durable-file.ts';
import { parseSpoolEntry } from './spool-entry.ts';
import type { LeadSource } from '../../shared/lead-protocol.ts';

export interface Lead {
  id: string;
  form: string;
  receivedAt: string;
  fields: Record<string, string>;
  /** The code of the language the form was sent in, one the site declared then; absent in a
   * lead from before the site had languages, which is in the site's own. */
  language?: string;
  /** Where the visitor came from, as far as their browser told (lead-source.ts). */
  source?: LeadSource;
}

/** One destination's state for one lead (deliveries.ts). */
export interface Delivery {
  /** The destination, for people: "mail", "webhook to hooks.example.com". */
  to: string;
  state: 'pending' | 'sent' | 'dead';
  attempts: number;
  /** Epoch milliseconds of the next attempt while pending; 0 for "now". */
  nextAttemptAt: number;
  lastError?: string;
}

export interface SpoolEntry {
  lead: Lead;
  /** Per destination id; absent in a file written before destinations existed (deliveries.ts). */
  deliveries?: Record<string, Delivery>;
  /** Why the lead was judged spam, in words; set only for a lead in spam/ (spam.ts). */
  spam?: string[];
  /** Summary of `deliveries`: the attempts of all destinations. */
  attempts: number;
  /** Summary of `deliveries`: the soonest next attempt of a pending destination. */
  nextAttemptAt: number;
  /** Summary of `deliveries`: each failing destination's last error. */
  lastError?: string;
  /** When `npm run leads -- retry` put the lead back in the queue: its retry period restarts then. */
  retriedAt?: string;
}

export type Folder = 'queue' | 'sent' | 'dead' | 'spam';

/** Time-ordered and unique: sorting file names gives arrival order. */
export function newLeadId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(5).toString('hex')}`;
}

/** When a lead arrived, read from its id or file name (newLeadId's format); undefined if it is not one. */
export function receivedAtOf(idOrFile: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-/.exec(idOrFile);
  if (!match) return undefined;
  const [year, month, day, hours, minutes, seconds, ms] = match.slice(1).map(Number);
  return Date.UTC(year, month - 1, day, hours, minutes, seconds, ms);
}

export class Spool {
  readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }

  folder(name: Folder | 'tmp'): string {
    return path.join(this.dir, name);
  }

  async init(): Promise<void> {
    for (const name of ['tmp', 'queue', 'sent', 'dead', 'spam'] as const)
      await mkdir(this.folder(name), { recursive: true, mode: 0o700 });
    // A temp file was never renamed into the queue, so its request was never acknowledged.
    for (const file of await readdir(this.folder('tmp')))
      await rm(path.join(this.folder('tmp'), file), { force: true });
  }

  /** Durably writes an entry into a folder; resolves only once it is on disk. */
  async write(entry: SpoolEntry, folder: Folder = 'queue'): Promise<void> {
    await writeDurably(
      path.join(this.folder(folder), `${entry.lead.id}.json`),
      JSON.stringify(entry),
      this.folder('tmp'),
    );
  }

  /** Moves an entry out of `from` (the queue) into `folder` with its new state; the old copy goes last. */
  async settle(entry: SpoolEntry, folder: Folder, from: Folder = 'queue'): Promise<void> {
    await this.write(entry, folder);
    await rm(path.join(this.folder(from), `${entry.lead.id}.json`), { force: true });
    await fsyncPath(this.folder(from));
  }

  async list(folder: Folder): Promise<string[]> {
    return (await readdir(this.folder(folder))).filter((f) => f.endsWith('.json')).sort();
  }

  /** Every lead file in a folder, unreadable ones in dead/ included. */
  async count(folder: Folder): Promise<number> {
    return (await readdir(this.folder(folder))).filter((f) => !f.startsWith('.')).length;
  }

  /** Proves the spool can take a lead right now: a small file is written and removed. */
  async probeWritable(): Promise<void> {
    const probe = path.join(this.folder('tmp'), `.probe-${randomBytes(4).toString('hex')}`);
    await writeFile(probe, 'ok', { flag: 'wx', mode: 0o600 });
    await rm(probe, { force: true });
  }

  /** Deletes sent leads that arrived before `cutoff` (epoch ms); returns how many. Never queue/ or dead/. */
  async purgeSent(cutoff: number): Promise<number> {
    let count = 0;
    for (const file of await this.list('sent')) {
      // A file whose age cannot be told is kept: only what is known to be old is deleted.
      const receivedAt =
        receivedAtOf(file) ??
        (await this.read('sent', file).then(
          (entry) => Date.parse(entry.lead.receivedAt),
          () => NaN,
        ));
      if (!(receivedAt < cutoff)) continue;
      await rm(path.join(this.folder('sent'), file), { force: true });
      count++;
    }
    if (count) await fsyncPath(this.folder('sent'));
    return count;
  }

  /** The entry in a spool file, validated (spool-entry.ts): a DamagedLeadError when it is not one. */
  async read(folder: Folder, file: string): Promise<SpoolEntry> {
    return parseSpoolEntry(file, await readFile(path.join(this.folder(folder), file), 'utf8'));
  }

  /**
   * A queue file that cannot be read goes to dead/ as it is, so nothing is silently dropped;
   * returns its name there.
   */
  async quarantine(file: string): Promise<string> {
    const name = `${file}.unreadable`;
    await rename(path.join(this.folder('queue'), file), path.join(this.folder('dead'), name));
    return name;
  }
}
