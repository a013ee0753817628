// What the studio page and its server agree on for moving, renaming and deleting a page or an
// article (scripts/studio/rename-routes.ts, src/studio/rename/).
import type { EntryEdit } from './studio-protocol.ts';

/** A new address for a page or an article, with the redirect from the old one and the links updated. */
export interface MoveRequest {
  file: string;
  /** The version of the entry the editor opened: a file changed meanwhile is refused. */
  version: string;
  /** The new address: /pricing, or /resources/blogs/<slug> for an article. */
  address: string;
  /** Add a redirect from the old address (default yes). */
  redirect?: boolean;
  /** Point every link to the old address at the new one (default yes). */
  updateLinks?: boolean;
  /** The editor's unsaved edit of the entry, saved with the move (a page's address changed in its form). */
  edit?: EntryEdit;
  /** Only say what would change: nothing is written. */
  dryRun?: boolean;
}

/** Deleting a page or an article; with `redirectTo`, its address and every link to it lead there. */
export interface DeleteRequest {
  file: string;
  version: string;
  redirectTo?: string;
  dryRun?: boolean;
}

/** One place that links to the address, in the studio's words. */
export interface LinkHere {
  file: string;
  title: string;
  where: string;
  href: string;
}

/** What a move or a deletion does (or, after a dry run, would do). */
export interface MoveAnswer {
  /** The entry's file afterwards (an article's new name); none when deleted. */
  file?: string;
  from: string;
  to?: string;
  links: LinkHere[];
  /** Every file the change writes, makes or removes, under site/. */
  files: string[];
  /** Why it cannot be done as asked: the compiler's words, with the file. Nothing is written while there are any. */
  problems: string[];
  done: boolean;
}
