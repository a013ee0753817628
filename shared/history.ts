// What an entry's history and the deleted pages and articles are, as the studio's server
// (scripts/studio/history-routes.ts) answers and the page (src/studio/history/) shows them.
import type { ChangedFile } from './review.ts';

export interface HistoryPerson {
  name: string;
  email: string;
}

/** One saved version of an entry: the commit that made it, and what it changed, said as the review says it. */
export interface HistoryVersion {
  commit: string;
  author: HistoryPerson;
  /** When it was made (the author's time, ISO 8601 in UTC). */
  at: string;
  /** The commit's message; its first line is the short description. */
  message: string;
  /** The file's path under site/ in that version (another one before a rename). */
  file: string;
  /** That version against the one before it. */
  change: ChangedFile;
  /** This version is exactly the file on disk now (nothing to restore). */
  current: boolean;
}

export type HistoryAnswer =
  | { git: false; message: string }
  | {
      git: true;
      file: string;
      /** The version of the file on disk now: a restore must still find it (none when it is gone). */
      version?: string;
      /** Newest first. */
      versions: HistoryVersion[];
      /** The commit the listing started from: the next page is asked from it, so new saves do not shift it. */
      head: string;
      /** How many versions to skip for the next page; absent on the last page. */
      next?: number;
    };

/** A page or article deleted in the history that does not exist now. */
export interface DeletedEntry {
  file: string;
  kind: 'page' | 'article';
  title: string;
  /** The commit that deleted it, who made it and when. */
  deletedIn: string;
  by: HistoryPerson;
  at: string;
  /** The commit that holds its last version (the one before the deletion): what is brought back. */
  from: string;
}

export type DeletedAnswer = { git: false; message: string } | { git: true; deleted: DeletedEntry[] };

/** Restore site/`file` as it was in `commit` (at path `from` there, after a rename); `version`: the file on disk now. */
export interface RestoreRequest {
  file: string;
  commit: string;
  from?: string;
  version?: string;
}
