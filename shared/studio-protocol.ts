// What the studio page and the studio's server agree on, written once for both sides: where the
// studio lives, how the page proves it is the studio (the per-run key in a header), and the shapes
// of what the API sends and takes.
import type { ContentError } from './content-error.ts';
import type { SettingsPart } from './entry-groups.ts';

export const studioPath = '/_studio/';
export const studioApiPath = `${studioPath}api/`;
/**
 * Where the preview and the studio's own modules are served in the studio on the production server
 * (`npm start`), whose root belongs to the published site; `npm run studio` serves them at the root.
 */
export const previewPath = `${studioPath}preview/`;
/** The header every API request carries the key in (a header, never a cookie). */
export const tokenHeader = 'x-studio-token';
/**
 * The header that names the studio window a request comes from (an id the page makes at load), so
 * its unsaved edit is previewed in that window only. The preview's own requests carry it too.
 */
export const windowHeader = 'x-studio-window';
/** Where a window keeps that id for its preview frame to read (the frame shares its session storage). */
export const windowStorageKey = 'studio-window';
/**
 * Where a signed-in studio page asks for the current key (after a server restart, which makes a new
 * one). It answers under the same rules as the studio page itself, which holds the key in its HTML.
 */
export const keyRoute = 'key';
/** How a refusal for a missing or old key begins, so the page knows to ask for the current one. */
export const keyRefusal = "Refused: this request does not carry the studio's key.";
/** The meta element the studio page is given the key in. */
export const tokenMeta = 'studio-token';

/** JSON data as it is read from and written to a content file. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type EntryKind = 'page' | 'article' | 'form' | 'settings' | 'redirects' | 'document';

export interface EntrySummary {
  /** Path under site/, e.g. "pages/home.yaml". */
  file: string;
  kind: EntryKind;
  title: string;
  /** The address it is shown at (pages and articles). */
  route?: string;
  /** Of the site's settings, the part this entry edits (shared/entry-groups.ts); none: all of them. */
  part?: SettingsPart;
  /** A page's or form's translations, one per language after the site's own, as saved. */
  translations?: EntryTranslation[];
}

/** How far an entry is translated into one language. */
export interface EntryTranslation {
  /** The language's code (de, ur) and its name as the site lists it, in that language. */
  language: string;
  name: string;
  /** Texts not translated yet. */
  missing: number;
  /** Translations whose original text has changed since. */
  outdated: number;
}

export interface Entry extends EntrySummary {
  version: string;
  /** The YAML (or front matter) as data. */
  data: Json;
  /** The Markdown body of an article or document. */
  body?: string;
}

export interface EntryEdit {
  data: Json;
  body?: string;
}

/** A content error of the edited file, with where it sits in the data (for the field that shows it). */
export interface FieldError extends ContentError {
  at: (string | number)[];
  text: string;
}

/**
 * An unsaved draft of an entry, kept while it is typed: the file as the edit started
 * from it (`base`, with its version), the edit, and when it was last typed in (ms since 1970).
 */
export interface StoredDraft {
  file: string;
  base: Entry;
  draft: EntryEdit;
  at: number;
}

/** Where the studio keeps drafts: this browser (`npm run studio`) or the server, per editor (`npm start`). */
export interface DraftPlace {
  where: 'browser' | 'server';
  /** Names this project (laptop) or the signed-in editor (server), so drafts kept in a browser never mix. */
  owner: string;
}

/** Who else has the entry open (POST api/presence): editors' addresses, or "another studio window". */
export interface Presence {
  others: string[];
}

/** Who saved the file as it is now, and when (ISO 8601), when git can tell (the studio on the server). */
export interface SavedBy {
  by?: string;
  at?: string;
}
