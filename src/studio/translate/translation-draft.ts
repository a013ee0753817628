// A translator's unsaved words as a draft, kept by the entry drafts' own keeping (kept-drafts.ts):
// in this browser, and on the server for the signed-in editor alone, one draft per translation (an
// entry's German and its Urdu are two drafts). What a kept draft gives back when the translation
// view opens again: its words over the translation as it is now, as an entry's draft is put over
// the newer file, with the texts someone else saved meanwhile, or whose original changed, marked.
import type { TranslationDraft, TranslationView } from '../../../shared/translation-protocol.ts';
import type { DraftTarget } from '../drafts/kept-drafts.ts';

/** Where the draft of `file`'s translation into `language` is kept. */
export function translationDraftTarget(file: string, language: string): DraftTarget {
  return {
    key: `translation:${language}:${file}`,
    route: 'translation/draft',
    query: `file=${encodeURIComponent(file)}&language=${encodeURIComponent(language)}`,
  };
}

/** The unsaved work of the view: new words by text, outdated texts confirmed. */
export interface TranslationEdits {
  edits: Record<string, string>;
  kept: ReadonlySet<string>;
}

export const hasEdits = ({ edits, kept }: TranslationEdits): boolean => Object.keys(edits).length > 0 || kept.size > 0;

/** The draft of the view's unsaved work, named by `key`. */
export function draftOf(key: string, view: TranslationView, { edits, kept }: TranslationEdits): TranslationDraft {
  const fields = new Map(view.fields.map((field) => [field.path, field]));
  return {
    file: key,
    version: view.version,
    sourceVersion: view.sourceVersion,
    texts: Object.entries(edits).map(([path, text]) => ({
      path,
      text,
      was: fields.get(path)?.translation ?? '',
      source: fields.get(path)?.source ?? '',
    })),
    keep: [...kept],
    at: Date.now(),
  };
}

/** A kept draft put over the view as it is now. */
export interface RestoredDraft extends TranslationEdits {
  /** The translation or its original was saved since the draft began. */
  moved: boolean;
  /** Texts to check: saved by someone else meanwhile, or whose original changed since. */
  check: ReadonlySet<string>;
}

export function restoreDraft(view: TranslationView, draft: TranslationDraft): RestoredDraft {
  const fields = new Map(view.fields.map((field) => [field.path, field]));
  const edits: Record<string, string> = {};
  const check = new Set<string>();
  for (const { path, text, was, source } of draft.texts) {
    const field = fields.get(path);
    // A text taken out of the original since has nothing left to translate.
    if (!field || text === (field.translation ?? '')) continue;
    edits[path] = text;
    if (was !== (field.translation ?? '') || source !== field.source) check.add(path);
  }
  // A confirmation only stands while the translation is still outdated and not typed over.
  const kept = new Set(draft.keep.filter((path) => fields.get(path)?.state === 'outdated' && !(path in edits)));
  const moved = draft.version !== view.version || draft.sourceVersion !== view.sourceVersion;
  return { edits, kept, moved, check };
}
