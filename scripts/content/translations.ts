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
import type { ContentError } from './errors.ts';
import { notUtf8 } from './file-states.ts';
import type { FileFacts } from './compile-file.ts';
import { fingerprint, translatableTexts } from './translatable.ts';
import { locate, parseYaml } from './yaml-source.ts';
import { contentValidator } from './schemas.ts';

export interface TranslatedText {
  text: string;
  /** The fingerprint of the source text this was translated from. */
  from: string;
  line: number;
}

export interface TranslationFile {
  /** The source's path under site/ (pages/home.yaml). */
  source: string;
  language: string;
  file: string;
  texts: Map<string, TranslatedText>;
}

const fingerprintPattern = /^[a-p]{8}$/;

export function readTranslation(
  facts: FileFacts,
  file: string,
  names: { source: string; language: string },
  bytes: Uint8Array,
): FileFacts {
  const encoding = notUtf8(bytes);
  if (encoding) {
    facts.readErrors.push({ file, ...encoding, path: '' });
    return facts;
  }
  const parsed = parseYaml(file, new TextDecoder().decode(bytes));
  facts.readErrors.push(...parsed.errors);
  if (parsed.errors.length) return facts;
  const data = parsed.data ?? {};
  const problem = (path: string[], message: string): ContentError => ({
    file,
    ...locate(parsed.source, path),
    path: path.join('/'),
    message,
  });
  if (typeof data !== 'object' || Array.isArray(data)) {
    facts.readErrors.push(problem([], 'a translation lists translated texts by field, each with "text" and "from".'));
    return facts;
  }
  const texts = new Map<string, TranslatedText>();
  for (const [path, entry] of Object.entries(data as Record<string, unknown>)) {
    const { text, from } = (entry ?? {}) as { text?: unknown; from?: unknown };
    if (typeof text !== 'string' || !text.trim())
      facts.readErrors.push(problem([path], 'give the translated words as "text:".'));
    else if (typeof from !== 'string' || !fingerprintPattern.test(from))
      facts.readErrors.push(
        problem(
          [path],
          'give "from:", the fingerprint of the source text this was translated from (eight letters, as `npm run validate` lists it).',
        ),
      );
    else texts.set(path, { text, from, line: locate(parsed.source, [path]).line });
  }
  facts.translation = { ...names, file, texts };
  return facts;
}

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
  kind: 'page' | 'form' | 'settings';
  data: Record<string, unknown>;
}

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
      const texts = translatableTexts(source.kind, source.data);
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
  const { placed } = placeEntries(translatableTexts(source.kind, source.data), translation);
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
 * source's; a missing text stays the source's own, and `fallbacks` lists those texts.
 */
export function translated(
  source: SourceFile,
  translation: TranslationFile | undefined,
): { data: Record<string, unknown>; fallbacks: string[] } {
  const data = structuredClone(source.data);
  const fallbacks: string[] = [];
  const texts = translatableTexts(source.kind, source.data);
  const { placed } = placeEntries(texts, translation);
  for (const { path, text } of texts) {
    const found = placed.get(path);
    if (!found) {
      fallbacks.push(text);
      continue;
    }
    const keys = path.split('.');
    let node = data as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[keys[keys.length - 1]] = found.entry.text;
  }
  return { data, fallbacks };
}
