// What the team adds to a lead in the studio's inbox: its status (new, contacted, won, lost, spam)
// and a note. Kept apart from the spool, whose files belong to delivery, as one small JSON file per
// lead in DATA_DIR/inbox, written durably; a lead without one is "new" with no note. Erasing a
// person's leads removes these files too (erase-leads.ts).
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { leadStatuses, MAX_NOTE, type LeadStatus } from '../../shared/leads-inbox.ts';
import { writeDurably } from './durable-file.ts';

export interface LeadNote {
  status: LeadStatus;
  note: string;
  /** ISO 8601, and who: the last change. */
  changedAt: string;
  changedBy: string;
}

export const inboxDir = (dataDir: string) => path.join(dataDir, 'inbox');

/** A lead nobody has changed yet: new, with no note. */
export const noNote = (): LeadNote => ({ status: 'new', note: '', changedAt: '', changedBy: '' });

/** A file that is not a note (edited by hand, cut short) reads as no note rather than failing the inbox. */
function parseNote(text: string): LeadNote {
  try {
    const data = JSON.parse(text) as Partial<LeadNote>;
    return {
      status: leadStatuses.includes(data.status as LeadStatus) ? (data.status as LeadStatus) : 'new',
      note: typeof data.note === 'string' ? data.note.slice(0, MAX_NOTE) : '',
      changedAt: typeof data.changedAt === 'string' ? data.changedAt : '',
      changedBy: typeof data.changedBy === 'string' ? data.changedBy : '',
    };
  } catch {
    return noNote();
  }
}

export class LeadNotes {
  private readonly dir: string;
  constructor(dataDir: string) {
    this.dir = inboxDir(dataDir);
  }

  /** Every lead's note, by lead id. */
  async all(): Promise<Map<string, LeadNote>> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const notes = new Map<string, LeadNote>();
    for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.')))
      notes.set(name.slice(0, -5), parseNote(await readFile(path.join(this.dir, name), 'utf8').catch(() => '')));
    return notes;
  }

  /** `id` is a lead id the caller has checked (lead-records.ts): a file name, never a path. */
  async of(id: string): Promise<LeadNote> {
    const text = await readFile(path.join(this.dir, `${id}.json`), 'utf8').catch(() => undefined);
    return text === undefined ? noNote() : parseNote(text);
  }

  async change(id: string, change: { status?: LeadStatus; note?: string }, by: string): Promise<LeadNote> {
    const note: LeadNote = {
      ...(await this.of(id)),
      ...(change.status !== undefined && { status: change.status }),
      ...(change.note !== undefined && { note: change.note.slice(0, MAX_NOTE) }),
      changedAt: new Date().toISOString(),
      changedBy: by,
    };
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeDurably(path.join(this.dir, `${id}.json`), JSON.stringify(note));
    return note;
  }

  async remove(id: string): Promise<void> {
    await rm(path.join(this.dir, `${id}.json`), { force: true });
  }
}
