// Translation files: each sits beside its source (pages/home.de.yaml beside pages/home.yaml) and
// holds only translated text, by the path of the source's field (`sections.0.title`), each with
// the fingerprint of the source text it was translated from:
//
//   sections.0.title:
//     text: Willkommen
//     from: 3f2a9c1d
//
// Sections, items and shared values always come from the source, so the structure cannot drift;
// a field whose source text changed since (another fingerprint) is outdated and still shows its
// translation; one with no entry is missing and shows the source's text.
//
// An article's translation (blog/first-note.de.md) is the same list as its front matter, and the
// Markdown after it is the translated body, recorded as the entry `body: {from: …}` whose text is
// that Markdown: the body is one more text of the article, missing, current or outdated as any.
import type { ContentError } from './errors.ts';
import { fingerprint, translatableTexts } from './translatable.ts';
import { contentValidator } from './schemas.ts';
import { BODY, type TranslatedText, type TranslationFile } from './read-translation.ts';

export { BODY, readTranslation, type TranslatedText, type TranslationFile } from './read-translation.ts';

/** One translated file's state against its source. */
export interface TranslationStatus {
  language: string;
  /** The source's path under site/. */
  source: string;
  /** Source texts with no translation: path, source text and its fingerprint. */
  missing: { path: string; text: string; from: string }[];
  /** Translations of a source text that changed since: path and the source's current fingerprint. */
  outdated: { path: string; text: string; from: string }[];
}

export interface SourceFile {
  relative: string;
  kind: 'page' | 'form' | 'settings' | 'article';
  data: Record<string, unknown>;
  /** An article's Markdown body. */
  body?: string;
}

/** Every text of a source to translate, in its order: its fields' texts, then an article's body. */
export const sourceTexts = (source: SourceFile): { path: string; text: string }[] => [
  ...translatableTexts(source.kind, source.data),
  ...(source.body === undefined ? [] : [{ path: BODY, text: source.body }]),
];

interface Placed {
  entry: TranslatedText;
  current: boolean;
}

/**
 * Which entry translates each of the source's texts. An entry belongs where its name points while
 * its fingerprint matches; a current translation follows its words when sections or items are
 * reordered or moved (its fingerprint names them elsewhere); an entry whose text changed stays at
 * its place as outdated. Entries that translate nothing the source still has are `unused`.
 */
export function placeEntries(
  texts: { path: string; text: string }[],
  translation: TranslationFile | undefined,
): { placed: Map<string, Placed>; unused: [string, TranslatedText][] } {
  const placed = new Map<string, Placed>();
  const entries = translation?.texts ?? new Map<string, TranslatedText>();
  const fingerprints = new Map(texts.map(({ path, text }) => [path, fingerprint(text)]));
  const used = new Set<string>();
  const byWords = new Map<string, string>();
  for (const [path, entry] of entries) {
    if (!byWords.has(entry.from)) byWords.set(entry.from, path);
    if (fingerprints.get(path) !== entry.from) continue;
    placed.set(path, { entry, current: true });
    used.add(path);
  }
  for (const [path, from] of fingerprints) {
    if (placed.has(path)) continue;
    const moved = byWords.get(from);
    if (moved !== undefined) {
      placed.set(path, { entry: entries.get(moved)!, current: true });
      used.add(moved);
    }
  }
  for (const path of fingerprints.keys()) {
    const entry = entries.get(path);
    if (placed.has(path) || !entry || used.has(path)) continue;
    placed.set(path, { entry, current: false });
    used.add(path);
  }
  return { placed, unused: [...entries].filter(([path]) => !used.has(path)) };
}

/**
 * Every translatable source file in every language it is translated into: what is missing and
 * what is outdated; the errors of translations that name no declared language; and, as warnings,
 * what a source's edits left unused (a file whose source is gone, an entry whose words are).
 */
export function translationStatus(
  sources: SourceFile[],
  translations: TranslationFile[],
  languages: string[],
  /** Every source file's path under site/, valid or not. */
  present: ReadonlySet<string>,
): { statuses: TranslationStatus[]; errors: ContentError[]; warnings: ContentError[] } {
  const errors: ContentError[] = [];
  const warnings: ContentError[] = [];
  const byKey = new Map(translations.map((t) => [`${t.language} ${t.source}`, t]));
  for (const translation of translations) {
    const at = { file: translation.file, line: 1, col: 1, path: '' };
    const source = sources.find((s) => s.relative === translation.source);
    if (!languages.includes(translation.language))
      errors.push({
        ...at,
        message: `"${translation.language}" is not among the site's languages: add it to "languages" in site/site.yaml, or rename the file.`,
      });
    // A source with errors of its own is reported there; its translations are checked once it is valid.
    else if (source) errors.push(...translationLimits(source, translation));
    else if (!present.has(translation.source))
      warnings.push({
        ...at,
        message: `translates site/${translation.source}, which no longer exists: rename this file along with it, or delete it.`,
      });
  }
  const statuses: TranslationStatus[] = [];
  for (const language of languages)
    for (const source of sources) {
      const translation = byKey.get(`${language} ${source.relative}`);
      const texts = sourceTexts(source);
      const { placed, unused } = placeEntries(texts, translation);
      const status: TranslationStatus = { language, source: source.relative, missing: [], outdated: [] };
      for (const { path, text } of texts) {
        const found = placed.get(path);
        const from = fingerprint(text);
        if (!found) status.missing.push({ path, text, from });
        else if (!found.current) status.outdated.push({ path, text, from });
      }
      for (const [path, entry] of unused)
        warnings.push({
          file: translation!.file,
          line: entry.line,
          col: 1,
          path,
          message: `translates words site/${source.relative} no longer has: delete this entry.`,
        });
      statuses.push(status);
    }
  return { statuses, errors, warnings };
}

/**
 * A translated text keeps its field's rules (one line, a description's length): the merged file is
 * judged by the source's schema, and each refusal is reported at the translation's entry.
 */
function translationLimits(source: SourceFile, translation: TranslationFile): ContentError[] {
  const validate = contentValidator(source.kind);
  if (validate(translated(source, translation).data)) return [];
  const { placed } = placeEntries(sourceTexts(source), translation);
  return (validate.errors ?? []).flatMap((error) => {
    const path = error.instancePath.split('/').slice(1).join('.');
    const entry = placed.get(path)?.entry;
    return entry
      ? [
          {
            file: translation.file,
            line: entry.line,
            col: 1,
            path,
            message: `the translation ${error.message ?? 'breaks a rule of this field'}.`,
          },
        ]
      : [];
  });
}

/**
 * The source's data with every translated text in place: the structure and shared values are the
 * source's; a missing text stays the source's own, and `fallbacks` lists those texts. An article's
 * body is not a field of its data: `body` is its translation, when there is one.
 */
export function translated(
  source: SourceFile,
  translation: TranslationFile | undefined,
): { data: Record<string, unknown>; fallbacks: string[]; body?: string } {
  const data = structuredClone(source.data);
  const fallbacks: string[] = [];
  const texts = sourceTexts(source);
  const { placed } = placeEntries(texts, translation);
  let body: string | undefined;
  for (const { path, text } of texts) {
    const found = placed.get(path);
    if (path === BODY && source.body !== undefined) body = found?.entry.text;
    else if (!found) fallbacks.push(text);
    else {
      const keys = path.split('.');
      let node = data as Record<string, unknown>;
      for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
      node[keys[keys.length - 1]] = found.entry.text;
    }
  }
  return { data, fallbacks, ...(body !== undefined && { body }) };
}
