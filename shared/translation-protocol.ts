// What the studio's translation view and its server agree on: a page's, form's or the site
// settings' texts beside their translation into one language, each with its state, and a save of
// that one language's translation.

/** A language of the site as it declares it: its code, its name in itself, its direction. */
export interface TranslationLanguage {
  code: string;
  name: string;
  direction: 'ltr' | 'rtl';
}

/** One of the site's other languages for an entry, with how far the entry is translated into it. */
export interface TranslationProgress extends TranslationLanguage {
  missing: number;
  outdated: number;
}

/** The languages an entry can be translated into (none on a site in one language). */
export interface TranslationLanguages {
  source: TranslationLanguage;
  languages: TranslationProgress[];
}

export type TranslationState = 'translated' | 'missing' | 'outdated';

/** One text of the original with its translation. */
export interface TranslationField {
  /** Which text this is, for the studio's requests only: never shown. */
  path: string;
  /** The section it belongs to as the editor names it ("Hero"), if it is a section's. */
  section?: string;
  /** The field as the editor names it ("Title", "Stat 2 › Label"). */
  field: string;
  /** A long text in Markdown (an article's body), given a tall box. */
  long?: boolean;
  /** The original's words now. */
  source: string;
  state: TranslationState;
  /** The translated words (translated and outdated texts). */
  translation?: string;
  /**
   * For an outdated translation: the original's words it was translated from, when the site's
   * history still has them.
   */
  was?: string;
}

export interface TranslationView {
  /** The original's name as the content list shows it. */
  title: string;
  source: TranslationLanguage;
  language: TranslationLanguage;
  /** The translation's version ('' while it does not exist yet) and the original's, for a save. */
  version: string;
  sourceVersion: string;
  fields: TranslationField[];
}

/**
 * A save of one language's translation: new words by text (empty words take the translation out,
 * so the original shows), and the outdated translations kept as they are, confirmed still right.
 */
export interface TranslationSave {
  version: string;
  sourceVersion: string;
  texts: { path: string; text: string }[];
  keep: string[];
}

/**
 * One translator's unsaved work in the translation view, kept as their draft of that one
 * translation: the new words by text, each with the translation it replaced when it was typed, the
 * outdated texts confirmed, and the versions all of it was typed over.
 */
export interface TranslationDraft {
  /** Names the draft (the original's file and the language), for the studio's requests only. */
  file: string;
  version: string;
  sourceVersion: string;
  /** Each new text with the translation it replaced and the original's words, as they were then. */
  texts: { path: string; text: string; was: string; source: string }[];
  keep: string[];
  at: number;
}
