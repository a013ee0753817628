// Unsaved drafts on the server (the studio inside `npm start`), one file per signed-in editor and
// entry under DATA_DIR/drafts/: a folder named by a hash of the editor's address, a file named by a
// hash of the entry's path, so neither shows in a listing. Written whole through the confined
// writes (temp file, fsync, rename, under a lock): a killed server leaves the old draft or the new
// one, never part. Each stored draft names its editor and file, and is read back only for them.
// An entry's draft is named by the entry's file, a translation's by the translation's file, so the
// two share one folder, one count and one size limit per editor.
import { createHash } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfinedFileError, confine, readConfined, type Confinement } from '../../shared/confined-files.ts';
import { cleanTemporaryFiles, removeFile, replaceFile } from '../../shared/confined-writes.ts';
import type { StoredDraft } from '../../shared/studio-protocol.ts';
import { StudioError } from './files.ts';

/** The most one draft may weigh (its JSON), far above any page or article. */
export const maxDraftBytes = 1024 * 1024;
/** The most drafts one editor keeps at once; one more is refused until some are saved or dropped. */
export const maxDraftsPerEditor = 200;

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** What every kept draft has: what it is a draft of, and when it was typed. */
export interface KeptDraft {
  file: string;
  at: number;
}

/** What is written: the draft with whose it is. */
type DraftFile<T extends KeptDraft> = T & { editor: string };

export class DraftStore {
  readonly files: Confinement;
  private cleaned: Promise<unknown> | undefined;

  private readonly maxDrafts: number;

  constructor(dir: string, maxDrafts = maxDraftsPerEditor) {
    this.maxDrafts = maxDrafts;
    // Each draft holds an editor's address and unsaved content: the server's user alone reads them.
    this.files = confine(dir, { label: 'drafts', noLinksUnder: [''], personal: true });
  }

  /** The folder of an editor's drafts (under the root), and the file of one entry's draft. */
  static where(editor: string, file: string): { folder: string; relative: string } {
    const folder = hash(`editor\0${editor}`);
    return { folder, relative: `${folder}/${hash(`file\0${file}`)}.json` };
  }

  /** What a server killed mid-write left goes once, before the first use. */
  private ready(): Promise<unknown> {
    this.cleaned ??= mkdir(this.files.dir, { recursive: true, mode: 0o700 })
      .then(() => cleanTemporaryFiles(this.files))
      .catch(() => undefined);
    return this.cleaned;
  }

  /** The editor's draft of `file`, or undefined (none, or one that cannot be read as theirs). */
  async read<T extends KeptDraft = StoredDraft>(editor: string, file: string): Promise<T | undefined> {
    await this.ready();
    const bytes = await readConfined(this.files, DraftStore.where(editor, file).relative).catch((error: unknown) => {
      if (error instanceof ConfinedFileError && error.code === 'missing') return undefined;
      throw error;
    });
    if (!bytes) return undefined;
    let stored: DraftFile<T>;
    try {
      stored = JSON.parse(bytes.toString('utf8')) as DraftFile<T>;
    } catch {
      return undefined;
    }
    if (stored?.editor !== editor || stored.file !== file) return undefined;
    const { editor: _editor, ...draft } = stored;
    return draft as unknown as T;
  }

  async write(editor: string, draft: KeptDraft): Promise<void> {
    await this.ready();
    const { folder, relative } = DraftStore.where(editor, draft.file);
    const text = JSON.stringify({ ...draft, editor } satisfies DraftFile<KeptDraft>);
    if (Buffer.byteLength(text) > maxDraftBytes)
      throw new StudioError(
        413,
        `This draft is larger than ${maxDraftBytes / 1024 / 1024} MB; it is kept in this browser only.`,
      );
    const kept = await readdir(path.join(this.files.dir, folder)).catch(() => [] as string[]);
    const others = kept.filter((name) => name.endsWith('.json') && `${folder}/${name}` !== relative);
    if (others.length >= this.maxDrafts)
      throw new StudioError(
        413,
        `You have ${others.length} unsaved drafts on the server, the most it keeps: save or drop some. This one is kept in this browser only.`,
      );
    await replaceFile(this.files, relative, text);
  }

  /** Removes the editor's draft of `file`; none is no error. */
  async remove(editor: string, file: string): Promise<void> {
    await this.ready();
    await removeFile(this.files, DraftStore.where(editor, file).relative).catch((error: unknown) => {
      if (!(error instanceof ConfinedFileError && error.code === 'missing')) throw error;
    });
  }
}
