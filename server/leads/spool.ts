// The lead spool: a folder of JSON files, one per lead, written the way a mail server writes a
// queue file (temp file, fsync, rename, fsync the folder) so that a lead acknowledged with a 2xx
// survives a crash or a power cut. queue/ holds leads awaiting delivery, sent/ the delivered
// ones (kept as a record), dead/ those that failed for good (kept, never deleted).
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fsyncPath, writeDurably } from './durable-file.ts';

export interface Lead {
  id: string;
  form: string;
  receivedAt: string;
  fields: Record<string, string>;
}

export interface SpoolEntry {
  lead: Lead;
  attempts: number;
  /** Epoch milliseconds of the next delivery attempt. */
  nextAttemptAt: number;
  lastError?: string;
}

export type Folder = 'queue' | 'sent' | 'dead';

/** Time-ordered and unique: sorting file names gives arrival order. */
export function newLeadId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(5).toString('hex')}`;
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
    for (const name of ['tmp', 'queue', 'sent', 'dead'] as const) await mkdir(this.folder(name), { recursive: true });
    // A temp file was never renamed into the queue, so its request was never acknowledged.
    for (const file of await readdir(this.folder('tmp'))) await rm(path.join(this.folder('tmp'), file), { force: true });
  }

  /** Durably writes an entry into a folder; resolves only once it is on disk. */
  async write(entry: SpoolEntry, folder: Folder = 'queue'): Promise<void> {
    await writeDurably(path.join(this.folder(folder), `${entry.lead.id}.json`), JSON.stringify(entry), this.folder('tmp'));
  }

  /** Moves an entry to sent/ or dead/ with its final state; the queue copy goes last. */
  async settle(entry: SpoolEntry, folder: 'sent' | 'dead'): Promise<void> {
    await this.write(entry, folder);
    await rm(path.join(this.folder('queue'), `${entry.lead.id}.json`), { force: true });
    await fsyncPath(this.folder('queue'));
  }

  async list(folder: Folder): Promise<string[]> {
    return (await readdir(this.folder(folder))).filter((f) => f.endsWith('.json')).sort();
  }

  async read(folder: Folder, file: string): Promise<SpoolEntry> {
    return JSON.parse(await readFile(path.join(this.folder(folder), file), 'utf8')) as SpoolEntry;
  }

  /** A queue file that cannot be read goes to dead/ as it is, so nothing is silently dropped. */
  async quarantine(file: string): Promise<void> {
    await rename(path.join(this.folder('queue'), file), path.join(this.folder('dead'), `${file}.unreadable`));
  }
}
