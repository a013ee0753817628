// The translation view's data: a page's, form's, article's or the site settings' translatable
// texts (an article's body among them) beside their translation into one of the site's other languages, each translated, missing or outdated
// (the compiler's own placing of a translation's entries, translations.ts), named as the editor
// names fields (the review's Describer), and for an outdated one the original's words it was
// translated from, found in the site's history.
import { compileFile, translationFileName } from '../content/compile-file.ts';
import { inWords } from '../content/errors.ts';
import { fingerprint } from '../content/translatable.ts';
import { BODY, placeEntries, sourceTexts, type TranslatedText, type TranslationFile } from '../content/translations.ts';
import { withSiteWords } from '../content/site-words.ts';
import { composedSchemas, sectionTypes } from '../content/schemas.ts';
import { ConfinedFileError, readConfined, siteFiles } from '../../shared/confined-files.ts';
import type { Entry, Json } from '../../shared/studio-protocol.ts';
import type {
  TranslationField,
  TranslationLanguage,
  TranslationLanguages,
  TranslationView,
} from '../../shared/translation-protocol.ts';
import { Describer } from '../../src/studio/review/describe.ts';
import { Contract } from '../../src/studio/schema.ts';
import { editableEntryKind, readEntry } from './entries.ts';
import { plainName } from './entry-name.ts';
import { asStudioError, checkedPath, StudioError, versionOf } from './files.ts';
import { oldWords } from './translation-history.ts';

export type TranslatableKind = 'page' | 'form' | 'settings' | 'article';

/** The original, the language and the translation as it is on disk (if it is there yet). */
export interface Translatable {
  file: string;
  kind: TranslatableKind;
  source: Entry;
  sourceLanguage: TranslationLanguage;
  language: TranslationLanguage;
  /** The translation's path under site/ (pages/home.de.yaml). */
  target: string;
  existing?: { text: string; version: string; translation: TranslationFile };
}

export function translatableKind(file: string): TranslatableKind | undefined {
  const kind = editableEntryKind(file);
  return kind === 'page' || kind === 'form' || kind === 'settings' || kind === 'article' ? kind : undefined;
}

/** An article's body, as the translator sees it named. */
const bodyPlace = { field: 'Text' };

/** The site's languages as site.yaml declares them, the original's first; none when it declares none. */
async function siteLanguages(root: string): Promise<TranslationLanguage[]> {
  const { data } = await readEntry(siteFiles(root), 'site.yaml');
  const declared = (data as { languages?: unknown }).languages;
  if (!Array.isArray(declared)) return [];
  return declared.flatMap((language: { code?: unknown; name?: unknown; direction?: unknown }) =>
    typeof language?.code === 'string' && typeof language.name === 'string'
      ? [{ code: language.code, name: language.name, direction: language.direction === 'rtl' ? 'rtl' : 'ltr' }]
      : [],
  );
}

const notTranslated = (file: string) =>
  new StudioError(404, `${plainName(file)} is not something the studio translates.`);

/** Reads what a translation of `file` into `code` starts from; refuses what is not one. */
export async function openTranslatable(root: string, file: string, code: string): Promise<Translatable> {
  const site = siteFiles(root);
  checkedPath(site, file);
  const kind = translatableKind(file);
  if (!kind) throw notTranslated(file);
  const [sourceLanguage, ...others] = await siteLanguages(root);
  const language = others.find((other) => other.code === code);
  if (!sourceLanguage || !language) throw new StudioError(404, `The site is not offered in “${code}”.`);
  const read = await readEntry(site, file);
  // The settings' texts include the words of the site's own parts it leaves to their defaults, as
  // the compiler counts them: the translator sees and translates those too.
  const source =
    kind === 'settings' ? { ...read, data: withSiteWords(read.data as Record<string, unknown>) as Json } : read;
  const target = translationFileName(file, code);
  const bytes = await readConfined(site, target).catch((error: unknown) => {
    if (error instanceof ConfinedFileError && error.code === 'missing') return undefined;
    // A link leading out of site/ is refused, as every read of the studio refuses it.
    throw asStudioError(error);
  });
  const base = { file, kind, source, sourceLanguage, language, target };
  if (!bytes) return base;
  const facts = compileFile(target, bytes);
  if (facts.readErrors.length || !facts.translation)
    throw new StudioError(
      422,
      `The ${language.name} translation of ${source.title} cannot be opened here until a developer fixes it:\n${facts.readErrors.map((error) => `Line ${error.line}: ${inWords(error)}`).join('\n')}`,
    );
  const text = Buffer.from(bytes).toString('utf8');
  return { ...base, existing: { text, version: versionOf(text), translation: facts.translation } };
}

/** A translation entry's key in its file (it may sit under an old path, for a moved section). */
export function keyOf(translation: TranslationFile | undefined, entry: TranslatedText): string | undefined {
  for (const [key, value] of translation?.texts ?? []) if (value === entry) return key;
  return undefined;
}

/** The original's texts to translate, as the compiler counts them: an article's body last. */
const originalTexts = ({ file, kind, source }: Pick<Translatable, 'file' | 'kind' | 'source'>) =>
  sourceTexts({
    relative: file,
    kind,
    data: source.data as Record<string, unknown>,
    ...(kind === 'article' && { body: source.body ?? '' }),
  });

/** Each text of the original with its place and its translation's state. */
export function placedTexts(translatable: Translatable) {
  const { existing } = translatable;
  const texts = originalTexts(translatable);
  const { placed } = placeEntries(texts, existing?.translation);
  return texts.map(({ path, text }) => ({ path, text, from: fingerprint(text), placed: placed.get(path) }));
}

let contract: Contract | undefined;
const theContract = () => (contract ??= new Contract(Object.fromEntries(composedSchemas()), sectionTypes()));

/** A text's section and field as the editor names them ("Hero", "Stat 2 › Label"). */
function placeOf(describer: Describer, data: Json, path: string): { section?: string; field: string } {
  let node: unknown = data;
  const steps = path.split('.').map((key) => {
    const step = Array.isArray(node) ? Number(key) : key;
    node = (node as Record<string, unknown> | undefined)?.[key];
    return step;
  });
  const said = describer.steps(steps, data);
  const section = said.findLastIndex((step) => step.isSection);
  const field = said
    .slice(section < 0 ? 1 : section + 1)
    .map((step) => step.label)
    .join(' › ');
  return section < 0 ? { field } : { section: said[section].label, field };
}

/** Each text's section and field as the editor names them, by its path. */
export function placesOf({ file, kind, source }: Translatable): Map<string, { section?: string; field: string }> {
  const describer = new Describer(theContract(), {
    file,
    kind,
    title: source.title,
    status: 'modified',
    after: source.data,
    changes: [],
  });
  return new Map(
    originalTexts({ file, kind, source }).map(({ path }) => [
      path,
      path === BODY && kind === 'article' ? bodyPlace : placeOf(describer, source.data, path),
    ]),
  );
}

export async function translationView(root: string, translatable: Translatable): Promise<TranslationView> {
  const { file, kind, source, existing } = translatable;
  const places = placesOf(translatable);
  const texts = placedTexts(translatable);
  const outdated = texts.flatMap(({ placed }) => (placed && !placed.current ? [placed.entry.from] : []));
  const was = await oldWords(root, file, kind, new Set(outdated));
  const fields = texts.map(({ path, text, placed }): TranslationField => {
    const place = places.get(path) ?? { field: '' };
    const long = kind === 'article' && path === BODY ? { long: true } : {};
    if (!placed) return { path, ...place, ...long, source: text, state: 'missing' };
    const state = placed.current ? 'translated' : 'outdated';
    const before = placed.current ? undefined : was.get(placed.entry.from);
    return {
      path,
      ...place,
      ...long,
      source: text,
      state,
      translation: placed.entry.text,
      ...(before && { was: before }),
    };
  });
  return {
    title: source.title,
    source: translatable.sourceLanguage,
    language: translatable.language,
    version: existing?.version ?? '',
    sourceVersion: source.version,
    fields,
  };
}

/** The languages `file` can be translated into, with how far it is in each. */
export async function translationLanguages(root: string, file: string): Promise<TranslationLanguages> {
  checkedPath(siteFiles(root), file);
  if (!translatableKind(file)) throw notTranslated(file);
  const [source, ...others] = await siteLanguages(root);
  if (!source) return { source: { code: '', name: '', direction: 'ltr' }, languages: [] };
  const languages = await Promise.all(
    others.map(async (language) => {
      const texts = placedTexts(await openTranslatable(root, file, language.code));
      const missing = texts.filter(({ placed }) => !placed).length;
      const outdated = texts.filter(({ placed }) => placed && !placed.current).length;
      return { ...language, missing, outdated };
    }),
  );
  return { source, languages };
}
