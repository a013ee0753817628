// The files a move or a delete changes, gathered before anything is written: each entry's new text
// made by the studio's own writers (only the lines that must change), files made and removed, and
// each entry as the change has it so far, so that several steps of one plan build on each other.
import { changedKind, readContent } from './changes.ts';
import { editedText } from './entries.ts';
import type { ContentFile } from './link-finder.ts';
import type { EntryKind, Json } from '../../shared/studio-protocol.ts';

/** One file of the change: as it is (absent: to be made) and as it will be (absent: to be removed). */
export interface FileChange {
  file: string;
  before?: { text: string; version: string };
  after?: string;
}

/** A content file under site/ with its text and the version it was read at. */
export interface SiteEntry extends ContentFile {
  text: string;
  version: string;
}

/** The new text of one entry with its data and body: written by the studio's writers, only changed lines. */
export const written = (entry: SiteEntry, data: Json, body?: string) =>
  editedText(entry.kind as EntryKind, entry.text, { data, body: body ?? entry.body });

export class Changes {
  readonly byFile = new Map<string, FileChange>();
  readonly entries: Map<string, SiteEntry>;
  constructor(entries: Map<string, SiteEntry>) {
    this.entries = entries;
  }
  /** The entry as this change has it so far (data and body). */
  current(file: string): SiteEntry | undefined {
    const entry = this.entries.get(file);
    const change = this.byFile.get(file);
    if (!entry || !change?.after) return change && !change.after ? undefined : entry;
    const content = readContent(file, changedKind(file), change.after);
    return 'problem' in content ? entry : { ...entry, ...content };
  }
  replace(entry: SiteEntry, data: Json, body?: string) {
    const after = written(entry, data, body);
    if (after !== entry.text) this.byFile.set(entry.file, { file: entry.file, before: entry, after });
  }
  /** A file whose new text is made already (a translation's). */
  replaceText(before: { file: string; text: string; version: string }, after: string) {
    if (after !== before.text) this.byFile.set(before.file, { file: before.file, before, after });
  }
  remove(entry: { file: string; text: string; version: string }) {
    this.byFile.set(entry.file, { file: entry.file, before: entry });
  }
  create(file: string, text: string) {
    this.byFile.set(file, { file, after: text });
  }
}
