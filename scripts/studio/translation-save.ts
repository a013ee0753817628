// Saving one language's translation of a page, form, article or the site settings: only that
// language's file is written (made when it is not there yet), only the entries the save changes,
// each with the fingerprint of the original's words as they are now; an article's translated body
// replaces the text below its front matter. The original and the translation must
// both still be as the translator opened them, the content compiler must accept the result, and
// on the server the write is one commit by the editor, like every other save.
import { loadSite } from '../content/load-site.ts';
import { siteFiles } from '../../shared/confined-files.ts';
import { removeFile } from '../../shared/confined-writes.ts';
import type { Json } from '../../shared/studio-protocol.ts';
import type { TranslationSave } from '../../shared/translation-protocol.ts';
import type { Recorder } from './commit-save.ts';
import { asStudioError, createNew, replaceVersioned, StudioError, versionOf } from './files.ts';
import { keyOf, openTranslatable, placedTexts, placesOf, type Translatable } from './translation-view.ts';
import { writeFrontMatter, writeYaml } from './yaml-write.ts';
import { BODY } from '../content/translations.ts';

type Entries = Record<string, { text: string; from: string } & Record<string, Json>>;

const unknownText = new StudioError(
  422,
  'Not saved: one of the texts sent is not a text of the original to translate (it may have been taken out meanwhile). Reload the translation, then make your edit again.',
);

/** The translation's entries with the save's changes made, or a refusal naming what is wrong. */
function changedEntries(translatable: Translatable, save: TranslationSave): { entries: Entries; places: string[] } {
  const texts = new Map(placedTexts(translatable).map((text) => [text.path, text]));
  const translation = translatable.existing?.translation;
  const entries = structuredClone((translation ? Object.fromEntries(translation.texts) : {}) as unknown as Entries);
  for (const entry of Object.values(entries)) delete (entry as Record<string, unknown>).line;
  const seen = new Set<string>();
  const places: string[] = [];
  const change = (path: string, words: (old: string | undefined) => string | undefined) => {
    const text = texts.get(path);
    if (!text || seen.has(path)) throw unknownText;
    seen.add(path);
    places.push(path);
    const key = text.placed && keyOf(translation, text.placed.entry);
    const old = text.placed?.entry.text;
    // A translation that followed its section to a new place is written under the new one.
    if (key !== undefined) delete entries[key];
    const now = words(old);
    if (now !== undefined) entries[path] = { text: now, from: text.from };
  };
  for (const { path, text } of save.texts) change(path, () => (text.trim() ? text : undefined));
  for (const path of save.keep)
    change(path, (old) => {
      if (old === undefined) throw unknownText;
      return old;
    });
  return { entries: inSourceOrder(entries, [...texts.keys()], translatable.existing === undefined), places };
}

/** A new file lists its texts in the original's order; an existing one keeps its own order. */
function inSourceOrder(entries: Entries, order: string[], isNew: boolean): Entries {
  if (!isNew) return entries;
  return Object.fromEntries(order.filter((path) => entries[path]).map((path) => [path, entries[path]]));
}

/**
 * An article's translation: the entries in its front matter, the body's entry only its
 * fingerprint, and the body's words below the front matter.
 */
function articleText(original: string, entries: Entries): string {
  const { [BODY]: body, ...texts } = entries;
  if (!body) return writeFrontMatter(original, texts, '');
  return writeFrontMatter(
    original,
    { ...texts, [BODY]: { from: body.from } },
    body.text.endsWith('\n') ? body.text : `${body.text}\n`,
  );
}

/** The problems the new text adds to the translation's file, said by the field they are in. */
async function newProblems(root: string, translatable: Translatable, text: string): Promise<string[]> {
  const file = `site/${translatable.target}`;
  const [before, after] = await Promise.all([
    loadSite({ root, includeDrafts: true }),
    loadSite({ root, includeDrafts: true, overrides: new Map([[translatable.target, text]]) }),
  ]);
  const known = new Set(before.errors.filter((e) => e.file === file).map((e) => `${e.path} ${e.message}`));
  const places = placesOf(translatable);
  return after.errors
    .filter((error) => error.file === file && !known.has(`${error.path} ${error.message}`))
    .map((error) => `${nameOf(places.get(error.path)) ?? 'The translation'}: ${error.message}`);
}

const nameOf = (place: { section?: string; field: string } | undefined) =>
  place && [place.section, place.field].filter(Boolean).join(' › ');

/** Past this many characters the subject names the first texts and counts the rest. */
const subjectLength = 72;

/** The commit's message: the entry and language, and the texts saved ("Start in Deutsch: Hero › Title"). */
function commitMessage(translatable: Translatable, paths: string[]): string {
  const places = placesOf(translatable);
  const all = [...new Set(paths.map((path) => nameOf(places.get(path)) ?? ''))];
  const heading = `${translatable.source.title} in ${translatable.language.name}`;
  let shown = all.length;
  const subject = (count: number) =>
    `${heading}: ${all.slice(0, count).join(', ')}${count < all.length ? ` and ${all.length - count} more` : ''}`;
  while (shown > 1 && subject(shown).length > subjectLength) shown--;
  return shown < all.length
    ? `${subject(shown)}\n\n${all.map((place) => `- ${place}`).join('\n')}\n`
    : `${subject(shown)}\n`;
}

/** Saves `save` as the translation of `file` into `code`; returns the translation's new version. */
export async function saveTranslation(
  root: string,
  file: string,
  code: string,
  save: TranslationSave,
  record: Recorder,
): Promise<{ version: string }> {
  const site = siteFiles(root);
  const translatable = await openTranslatable(root, file, code);
  const { source, existing, target, language } = translatable;
  // The translation is of the words the translator saw: a changed original is read first.
  if (source.version !== save.sourceVersion)
    throw new StudioError(
      409,
      `${source.title} was changed by someone else since you opened its translation. Nothing was saved: reload it to see the new words, then make your edit again.`,
      { current: source.version },
    );
  if ((existing?.version ?? '') !== save.version)
    throw new StudioError(
      409,
      `The ${language.name} translation of ${source.title} was changed by someone else since you opened it. Nothing was saved: reload it to see the new version, then make your edit again.`,
    );
  const { entries, places } = changedEntries(translatable, save);
  const text =
    translatable.kind === 'article'
      ? articleText(existing?.text ?? '', entries)
      : writeYaml(existing?.text ?? '', entries);
  if (text === (existing?.text ?? '')) return { version: save.version };
  const problems = await newProblems(root, translatable, text);
  if (problems.length)
    throw new StudioError(
      422,
      `Not saved: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix first.\n${problems.join('\n')}`,
    );
  const taken = `Someone else started the ${language.name} translation of ${source.title} meanwhile. Nothing was saved: reload it, then make your edit again.`;
  await record({
    write: () =>
      existing ? replaceVersioned(site, target, text, existing.version) : createNew(site, target, text, taken),
    files: () => [target],
    undo: () =>
      existing
        ? replaceVersioned(site, target, existing.text, versionOf(text))
        : removeFile(site, target).catch((error: unknown) => {
            throw asStudioError(error);
          }),
    message: () => commitMessage(translatable, places),
  });
  return { version: versionOf(text) };
}
