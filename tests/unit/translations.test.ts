// Translation files on the fixture site: merged over their source (structure from the source),
// their missing and outdated texts known per language, and a source edit marking exactly the
// translated fields that depended on it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument, type YAMLSeq } from 'yaml';
import type { HeroSection } from '../../shared/generated/content.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { translatableTexts } from '../../scripts/content/translatable.ts';

const root = 'tests/fixture-site';
const read = (relative: string) => readFileSync(`${root}/site/${relative}`, 'utf8');
const outdatedOf = (result: Awaited<ReturnType<typeof loadSite>>, language: string, source: string) =>
  result.translations.find((s) => s.language === language && s.source === source)!.outdated.map((f) => f.path);

describe('translations', () => {
  it('lists, per language, the outdated and missing texts of each translated file', async () => {
    const result = await loadSite({ root });
    expect(result.errors).toEqual([]);
    const languages = result.model!.settings.languages!.slice(1).map((l) => l.code);
    expect(new Set(result.translations.map((s) => s.language))).toEqual(new Set(languages));
    const home = result.translations.find((s) => s.language === 'de' && s.source === 'pages/home.yaml')!;
    const texts = translatableTexts(
      'page',
      result.model!.pages.find((p) => p.path === '/'),
    );
    // Every text is either translated, outdated or missing; the file's entries say which.
    const translatedHere = [...read('pages/home.de.yaml').matchAll(/^\S+:$/gm)].length;
    expect(home.missing.length + translatedHere).toBe(texts.length);
    expect(home.outdated.length).toBeGreaterThan(0);
  });

  it('marks exactly the translated fields whose source text changed', async () => {
    const before = await loadSite({ root });
    const source = read('pages/home.yaml');
    const headline = translatableTexts(
      'page',
      before.model!.pages.find((p) => p.path === '/'),
    ).find((t) => t.path === 'sections.0.title')!;
    const edited = source.replace(`title: ${headline.text}`, `title: ${headline.text} Now`);
    expect(edited).not.toBe(source);
    const after = await loadSite({ root, overrides: new Map([['pages/home.yaml', edited]]) });
    for (const language of ['de', 'ur']) {
      const was = outdatedOf(before, language, 'pages/home.yaml');
      expect(outdatedOf(after, language, 'pages/home.yaml').sort()).toEqual([...was, headline.path].sort());
      expect(outdatedOf(after, language, 'site.yaml')).toEqual(outdatedOf(before, language, 'site.yaml'));
    }
  });

  it('merges a translation over its source: structure and shared values from the source', async () => {
    const { model, translations } = await loadSite({ root });
    const source = model!.pages.find((p) => p.path === '/')!;
    for (const site of model!.translations) {
      const page = site.pages.find((p) => p.path === '/')!;
      expect(page.sections.map((s) => s.type)).toEqual(source.sections.map((s) => s.type));
      // A text with no translation shows the source's, and is known as a fallback.
      const status = translations.find((s) => s.language === site.language.code && s.source === 'pages/home.yaml')!;
      expect(site.fallbacks['pages/home.yaml']).toEqual(status.missing.map((field) => field.text));
    }
    const german = model!.translations.find((t) => t.language.code === 'de')!;
    expect(german.pages.find((p) => p.path === '/')!.sections[0]).not.toEqual(source.sections[0]);
    expect(german.settings.name).toBe(model!.settings.name);
  });

  it('refuses a translation of an undeclared language; warns of one whose source or words are gone', async () => {
    const entry = read('site.de.yaml');
    const result = await loadSite({
      root,
      overrides: new Map([
        ['pages/home.fr.yaml', entry.replace(/^navigation\.links\.0\.label:/m, 'title:')],
        ['pages/nowhere.de.yaml', 'title:\n  text: Nirgends\n  from: aaaaaaaa\n'],
        ['site.de.yaml', `${entry}no.such.field:\n  text: Nichts\n  from: aaaaaaaa\n`],
      ]),
    });
    expect(result.errors.map((e) => `${e.file} ${e.path}`)).toEqual(['site/pages/home.fr.yaml ']);
    const fixed = await loadSite({
      root,
      overrides: new Map([
        ['pages/nowhere.de.yaml', 'title:\n  text: Nirgends\n  from: aaaaaaaa\n'],
        ['site.de.yaml', `${entry}no.such.field:\n  text: Nichts\n  from: aaaaaaaa\n`],
      ]),
    });
    expect(fixed.errors).toEqual([]);
    expect(fixed.warnings.filter((w) => /\.de\.yaml$/.test(w.file)).map((w) => `${w.file} ${w.path}`)).toEqual([
      'site/pages/nowhere.de.yaml ',
      'site/site.de.yaml no.such.field',
    ]);
  });

  it('lets the source change freely: a removed text leaves a warning, moved words keep their translation', async () => {
    const before = await loadSite({ root });
    const german = (result: typeof before) =>
      result.model!.translations.find((t) => t.language.code === 'de')!.pages.find((p) => p.path === '/')!;
    const hero = german(before).sections[0] as HeroSection;

    const emptied = read('pages/home.yaml').replace(/^ {4}highlight: .*\n/m, '');
    expect(emptied).not.toBe(read('pages/home.yaml'));
    const removed = await loadSite({ root, overrides: new Map([['pages/home.yaml', emptied]]) });
    expect(removed.errors).toEqual([]);
    expect(removed.warnings.map((w) => `${w.file} ${w.path}`)).toContain(
      'site/pages/home.de.yaml sections.0.highlight',
    );

    const document = parseDocument(read('pages/home.yaml'));
    const sections = document.get('sections') as YAMLSeq;
    sections.items.push(sections.items.shift()!);
    const moved = await loadSite({ root, overrides: new Map([['pages/home.yaml', document.toString()]]) });
    expect(moved.errors).toEqual([]);
    // Current translations follow their words; an outdated one stays where it was (here: no
    // longer a text at all) and is for the translator to look at again.
    const english = before.model!.pages.find((p) => p.path === '/')!.sections[0] as HeroSection;
    const movedHero = german(moved).sections.at(-1) as HeroSection;
    for (const field of ['title', 'highlight'] as const) {
      expect(hero[field]).not.toBe(english[field]);
      expect(movedHero[field]).toBe(hero[field]);
    }
  });

  it('reports a source with an error once, in the source, not again in its translations', async () => {
    const result = await loadSite({
      root,
      overrides: new Map([['pages/home.yaml', `${read('pages/home.yaml')}noSuchField: true\n`]]),
    });
    expect(result.errors.map((e) => e.file)).toEqual(['site/pages/home.yaml']);
  });

  it("holds a translated text to its field's rules", async () => {
    const page = read('pages/home.de.yaml').replace(/^(description:\n {2}text: ).*$/m, '$1Zu kurz.');
    expect(page).toContain('Zu kurz.');
    const result = await loadSite({ root, overrides: new Map([['pages/home.de.yaml', page]]) });
    expect(result.errors.map((e) => `${e.file} ${e.path}`)).toEqual(['site/pages/home.de.yaml description']);
  });

  it('fails on missing or outdated texts only when the site asks for complete translations', async () => {
    const settings = read('site.yaml').replace(
      'requireCompleteTranslations: false',
      'requireCompleteTranslations: true',
    );
    expect(settings).toContain('requireCompleteTranslations: true');
    const result = await loadSite({ root, overrides: new Map([['site.yaml', settings]]) });
    const expected = result.translations.reduce((n, s) => n + s.missing.length + s.outdated.length, 0);
    expect(result.errors.length).toBe(expected);
  });
});
