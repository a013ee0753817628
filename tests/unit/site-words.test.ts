// The words of the site's own parts (the skip link, the menu button, the pager's links): the schema
// gives each a default, the compiled settings hold every one whether site.yaml gives it or not, a
// translation's words are what that language's pages show and read out, and a word with
// placeholders keeps them. Expected words are read from the schema file and the fixture's
// translation, never written here twice.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import type { SiteModel } from '../../scripts/content/model.ts';
import { translatableTexts } from '../../scripts/content/translatable.ts';
import { languageSites, untranslatedTexts } from '../../scripts/site-build/language-sites.ts';
import { listingTitle } from '../../scripts/site-build/listing-pages.ts';
import { routeData, siteShell } from '../../scripts/site-build/model-to-routes.ts';
import type { PageRoute } from '../../shared/route-data.ts';
import type { SiteWords } from '../../shared/site-words.ts';
import { prepare, render } from '../../src/entry-server.tsx';
import { fixtureSiteRoot, projectRoot } from '../fixtures/fixture-site.ts';

interface WordField {
  $ref?: string;
  default?: unknown;
  title?: string;
  description?: string;
}
const settingsSchema = JSON.parse(readFileSync(path.join(projectRoot, 'schema', 'settings.schema.json'), 'utf8')) as {
  properties: { siteWords: { properties: Record<string, WordField> } };
};
const fields = settingsSchema.properties.siteWords.properties;
const defaults = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.default]));

const siteDir = path.join(fixtureSiteRoot, 'site');
const siteYaml = readFileSync(path.join(siteDir, 'site.yaml'), 'utf8');
/** The fixture's German words of the site's own parts, by name. */
const german = Object.fromEntries(
  Object.entries(parse(readFileSync(path.join(siteDir, 'site.de.yaml'), 'utf8')) as Record<string, { text: string }>)
    .filter(([key]) => key.startsWith('siteWords.'))
    .map(([key, entry]) => [key.slice('siteWords.'.length), entry.text]),
) as Partial<SiteWords>;

let model: SiteModel;
beforeAll(async () => {
  const result = await loadSite({ root: fixtureSiteRoot });
  expect(result.errors.map(formatError)).toEqual([]);
  model = result.model!;
  await prepare();
});

/** The fixture compiled with site.yaml and other files given as `overrides` (paths under site/). */
const compiledWith = (overrides: Record<string, string>) =>
  loadSite({ root: fixtureSiteRoot, overrides: new Map(Object.entries(overrides)) });

describe('the words of the site’s own parts', () => {
  it('each has a title, a description and a default, and is text to translate', () => {
    expect(Object.keys(fields).length).toBeGreaterThan(10);
    for (const [name, field] of Object.entries(fields)) {
      expect(typeof field.default, name).toBe('string');
      expect(field.title?.trim(), name).toBeTruthy();
      expect(field.description?.trim(), name).toBeTruthy();
      expect(field.$ref, name).toBe('common.schema.json#/$defs/text');
    }
  });

  it('are all in the compiled settings with their defaults when site.yaml gives none', () => {
    expect(siteYaml).not.toMatch(/^siteWords:/m);
    expect(model.settings.siteWords).toEqual(defaults);
    const texts = translatableTexts('settings', model.settings).filter(({ path }) => path.startsWith('siteWords.'));
    expect(texts).toEqual(Object.entries(defaults).map(([name, text]) => ({ path: `siteWords.${name}`, text })));
  });

  it('keep what site.yaml gives, and the defaults of the rest', async () => {
    const [name] = Object.keys(fields);
    const { model: given, errors } = await compiledWith({
      'site.yaml': `${siteYaml}\nsiteWords:\n  ${name}: Our own words\n`,
    });
    expect(errors.map(formatError)).toEqual([]);
    expect(given!.settings.siteWords).toEqual({ ...defaults, [name]: 'Our own words' });
  });

  it('count as missing in a language until translated, and as translated once they are', async () => {
    const { translations } = await loadSite({ root: fixtureSiteRoot });
    const missingIn = (code: string) =>
      translations
        .find((status) => status.language === code && status.source === 'site.yaml')!
        .missing.flatMap(({ path }) => (path.startsWith('siteWords.') ? [path.slice('siteWords.'.length)] : []));
    expect(Object.keys(german).length).toBeGreaterThan(0);
    expect(missingIn('de')).toEqual(Object.keys(defaults).filter((name) => !(name in german)));
    expect(missingIn('ur')).toEqual(Object.keys(defaults));
  });
});

describe('a translated page', () => {
  const pageIn = (site: SiteModel, path: string) => {
    const route = routeData(site, () => undefined).get(path) as PageRoute;
    return render(route, siteShell(site), {
      code: model.settings.languages![0].code,
      untranslated: untranslatedTexts(model, site),
    }).html;
  };

  it('shows and reads out the language’s words, and the site’s own where a word is not translated', () => {
    const [source, de, ur] = languageSites(model);
    expect(de.settings.siteWords).toEqual({ ...defaults, ...german });
    const own = pageIn(source, '/');
    const deHome = pageIn(de, '/de');
    for (const [html, words] of [
      [own, defaults],
      [deHome, { ...defaults, ...german }],
    ] as const) {
      expect(html).toContain(`href="#main">${words.skipToContent}</a>`);
      expect(html).toContain(`data-open-label="${words.openMenu}"`);
      expect(html).toContain(`data-close-label="${words.closeMenu}"`);
      expect(html).toContain(`aria-label="${words.languageMenu}"`);
    }
    // A word left in the site's own language is marked as such, for screen readers.
    expect(pageIn(ur, '/ur')).toContain(`<span lang="en">${defaults.skipToContent}</span>`);
  });

  it('titles the further pages of a list of articles in the language’s words', async () => {
    const blogs = readFileSync(path.join(siteDir, 'pages', 'resources', 'blogs.yaml'), 'utf8');
    const { model: paged, errors } = await compiledWith({
      'pages/resources/blogs.yaml': blogs.replace(/perPage: \d+/, 'perPage: 3'),
    });
    expect(errors.map(formatError)).toEqual([]);
    const de = languageSites(paged!)[1];
    const routes = routeData(de, () => undefined);
    const second = [...routes.values()].find((route) => route.kind === 'page' && /\/page\/2$|\/2$/.test(route.path));
    expect(second, [...routes.keys()].join(' ')).toBeDefined();
    const title = (second as PageRoute).title;
    expect(title).toContain(`(${german.pageOfPages!.replace('{number}', '2').replace('{pages}', '2')})`);
    expect(title).toBe(listingTitle(title.replace(/ \(.*\)$/, ''), 2, 2, de.settings.siteWords));
  });
});

describe('a word with placeholders', () => {
  const placeholderError = 'Keep {number} and {pages}';

  it('is refused in site.yaml without them', async () => {
    const { errors } = await compiledWith({
      'site.yaml': `${siteYaml}\nsiteWords:\n  pageOfPages: page {page} of all\n`,
    });
    expect(errors.map(formatError).join('\n')).toContain(placeholderError);
  });

  it('is refused in a translation without them, at the translation’s entry', async () => {
    const translation = readFileSync(path.join(siteDir, 'site.de.yaml'), 'utf8');
    const { errors } = await compiledWith({
      'site.de.yaml': translation.replace(german.pageOfPages!, 'Seite {nummer}'),
    });
    const found = errors.filter((error) => error.path === 'siteWords.pageOfPages');
    expect(found.map((error) => error.file)).toEqual(['site/site.de.yaml']);
  });
});
