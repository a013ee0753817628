// The fixture site in its three languages as the build makes them: each translation's pages at
// /<code>/… with its texts and its links kept inside the language, redirects per language, the
// alternates every page names, the sitemap, a feed per language, the forms' texts, and the source
// texts a translated page shows marked with the source's language. Every expectation is derived
// from the fixture's model and the rule under test.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site.ts';
import type { SiteModel } from '../../scripts/content/model.ts';
import { internalPaths } from '../../scripts/content/translatable.ts';
import { feedPathsIn, writeFeeds } from '../../scripts/site-build/feed.ts';
import { headTags } from '../../scripts/site-build/head-tags.ts';
import { languageSites, untranslatedTexts } from '../../scripts/site-build/language-sites.ts';
import { routeData } from '../../scripts/site-build/model-to-routes.ts';
import { manifest, sitemap } from '../../scripts/site-build/site-files.ts';
import { alternatesOf, languagePath } from '../../shared/languages.ts';
import type { PageRoute } from '../../shared/route-data.ts';
import { markSourceLanguage } from '../../src/lib/source-language.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';

let model: SiteModel;
let sites: SiteModel[];
const codes = () => model.settings.languages!.map((language) => language.code);

beforeAll(async () => {
  const result = await loadSite({ root: fixtureSiteRoot });
  model = result.model!;
  sites = languageSites(model);
});

describe('a site per language', () => {
  it('has every page of the source at /<code>/… in each translation, and the articles only at their own address', () => {
    expect(sites.map((site) => site.language?.code)).toEqual(codes());
    for (const site of sites.slice(1)) {
      const code = site.language!.code;
      expect(site.pages.map((page) => page.path)).toEqual(model.pages.map((page) => languagePath(code, page.path)));
      const routes = [...routeData(site, () => undefined).keys()];
      for (const article of model.articles) expect(routes).not.toContain(article.path);
      for (const route of routes) expect(route === `/${code}` || route.startsWith(`/${code}/`), route).toBe(true);
    }
  });

  it('keeps every link to a page inside the language, and a link to an article at the article', () => {
    const pagePaths = new Set(model.pages.map((page) => page.path));
    const source = internalPaths('settings', model.settings);
    expect(source.length).toBeGreaterThan(0);
    for (const site of sites.slice(1)) {
      const code = site.language!.code;
      const translated = internalPaths('settings', site.settings);
      expect(translated.map((link) => link.path)).toEqual(source.map((link) => link.path));
      translated.forEach((link, index) => {
        const was = source[index].text;
        expect(link.text).toBe(pagePaths.has(was) ? languagePath(code, was) : was);
      });
    }
  });

  it("moves each redirect into each language, to the language's page where there is one", () => {
    for (const site of sites.slice(1)) {
      const code = site.language!.code;
      expect(site.redirects.map((r) => r.from)).toEqual(model.redirects.map((r) => languagePath(code, r.from)));
      model.redirects.forEach(({ to }, index) =>
        expect(site.redirects[index].to).toBe(
          model.pages.some((page) => page.path === to) ? languagePath(code, to) : to,
        ),
      );
    }
    expect(manifest(model).redirects).toHaveLength(model.redirects.length * sites.length);
  });

  it('names each page in every language (hreflang) with the source as x-default, in the head and the sitemap', () => {
    const home = model.pages.find((page) => page.path === '/')!;
    const expected = alternatesOf(model.settings.languages, home.path);
    expect(expected.map((a) => a.code)).toEqual(codes());
    for (const site of sites) {
      const route = routeData(site, () => undefined).get(site.pages.find((p) => p.title)!.path) as PageRoute;
      expect(route.alternates.map((a) => a.code)).toEqual(codes());
    }
    const xml = sitemap(model);
    for (const page of model.pages)
      for (const { path } of alternatesOf(model.settings.languages, page.path)) {
        const entry = xml.split('\n').find((line) => line.includes(`<loc>${model.settings.url}${path}</loc>`));
        expect(entry, path).toBeDefined();
        for (const { code, path: other } of alternatesOf(model.settings.languages, page.path))
          expect(entry).toContain(`hreflang="${code}" href="${model.settings.url}${other}"`);
        expect(entry).toContain(`hreflang="x-default" href="${model.settings.url}${page.path}"`);
      }
  });

  it('has a feed per language, in that language, linked from its pages', async () => {
    for (const site of sites.slice(1)) {
      const feeds = await writeFeeds(site, fixtureSiteRoot);
      expect(feeds.rss).toContain(`<language>${site.language!.code}</language>`);
      expect(feeds.atom).toContain(`${model.settings.url}${feedPathsIn(site).atom}`);
      expect(feedPathsIn(site).rss).toBe(languagePath(site.language!.code, feedPathsIn(model).rss));
      const shared = headTags(site, new Map(), new Map()).shared.join('\n');
      expect(shared).toContain(`href="${feedPathsIn(site).rss}"`);
      expect(shared).toContain(`href="${feedPathsIn(site).atom}"`);
    }
  });

  it("gives each language's forms their translated texts and the source's where there is none", () => {
    for (const translation of model.translations) {
      const site = sites.find((s) => s.language?.code === translation.language.code)!;
      expect(site.forms.map((form) => form.fields.map((field) => field.label))).toEqual(
        translation.forms.map((form) => form.fields.map((field) => field.label)),
      );
    }
    const source = model.forms.map((form) => form.submitLabel);
    const translated = sites.map((site) => site.forms.map((form) => form.submitLabel));
    // The fixture translates a form into one language and leaves another language's forms untranslated.
    expect(translated.filter((labels) => JSON.stringify(labels) !== JSON.stringify(source))).toHaveLength(1);
  });
});

describe('source texts on a translated page', () => {
  it("lists as shown in the source's language exactly the texts a translation lacks", () => {
    for (const site of sites.slice(1)) {
      const untranslated = untranslatedTexts(model, site);
      const translation = model.translations.find((t) => t.language.code === site.language!.code)!;
      expect([...untranslated].sort()).toEqual([...new Set(Object.values(translation.fallbacks).flat())].sort());
    }
    expect(untranslatedTexts(model, sites[0]).size).toBe(0);
  });

  it('wraps each such text in the source language, as the browser reads it, and nothing in scripts or options', () => {
    const texts = new Set(["The team's note", 'Contact']);
    const html =
      '<h2>The team&#x27;s note</h2><p> Contact </p><p>Kontakt</p>' +
      '<script type="application/json">{"a":"<x>Contact</x>"}</script><select><option>Contact</option></select>';
    expect(markSourceLanguage(html, texts, 'en')).toBe(
      '<h2><span lang="en">The team&#x27;s note</span></h2><p><span lang="en"> Contact </span></p><p>Kontakt</p>' +
        '<script type="application/json">{"a":"<x>Contact</x>"}</script><select><option>Contact</option></select>',
    );
  });
});
