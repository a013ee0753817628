// The studio's review ("Changes"): what changed in each file under site/ since the last commit, as
// data (scripts/studio/data-diff.ts computes it, src/studio/review/ says it in words), and what the
// page sends to discard a change or a whole file.
import type { EntryKind, Json } from './studio-protocol.ts';

export type DataPath = (string | number)[];

/**
 * One difference between the committed data and the data on disk. Every path runs through the data
 * on disk (list items by their index there), so the committed side is only named where it is gone:
 * - `set`: the value at `path` was `before` and is `after` (a value, or one of another kind);
 * - `added`: `path` holds a key or list item that was not there;
 * - `removed`: a key (`path` ends in its name) or a list item (`path` ends in its committed index)
 *   that is gone; `follows` is the index on disk of the item it came after (-1: it was first);
 * - `moved`: the list item at `path` was at index `from`; `follows` as for `removed`.
 * `body` is the Markdown text of an article or document (before and after).
 */
export type DataChange =
  | { kind: 'set'; path: DataPath; before: Json; after: Json }
  | { kind: 'added'; path: DataPath; value: Json }
  | { kind: 'removed'; path: DataPath; value: Json; follows?: number }
  | { kind: 'moved'; path: DataPath; from: number; follows: number; value: Json }
  | { kind: 'body'; before: string; after: string };

export type ChangedKind = EntryKind | 'image' | 'other';

export interface ChangedFile {
  /** Path under site/, e.g. "pages/home.yaml". */
  file: string;
  status: 'added' | 'deleted' | 'modified';
  kind: ChangedKind;
  /** The entry's name as the content list shows it (a page's title, "Site settings"), or the file's name. */
  title: string;
  /** The version of the file on disk (what a discard must match); none when it was deleted. */
  version?: string;
  /** The committed data and the data on disk, for naming what changed (sections by type, items by name). */
  before?: Json;
  after?: Json;
  changes: DataChange[];
  /** Why the two versions could not be compared value by value (a file YAML cannot read). */
  problem?: string;
}

export interface Changes {
  git: boolean;
  message?: string;
  files: ChangedFile[];
}

/** A discard: the whole file back as committed, or the changes numbered `changes` (indexes into its list). */
export interface DiscardRequest {
  file: string;
  version?: string;
  changes?: number[];
}
