// The fixture site in its three languages as the build makes them: each translation's pages and
// articles at /<code>/… with its texts and its links kept inside the language, redirects per
// language, the alternates every page and article names, the sitemap, a feed per language, the
// forms' texts, and the source texts a translated page shows marked with the source's language.
// Every expectation is derived from the fixture's model and the rule under test.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site.ts';
import type { Article, SiteModel } from '../../scripts/content/model.ts';
import { internalPaths } from '../../scripts/content/translatable.ts';
import { feedPathsIn, writeFeeds } from '../../scripts/site-build/feed.ts';
import { headTags } from '../../scripts/site-build/head-tags.ts';
import { isTranslation, languageSites, untranslatedTexts } from '../../scripts/site-build/language-sites.ts';
import { StudioState } from '../../scripts/studio/studio-state.ts';
import { routeData, siteShell } from '../../scripts/site-build/model-to-routes.ts';
import { renderDocument } from '../../scripts/site-build/prerender.ts';
import { manifest, sitemap } from '../../scripts/site-build/site-files.ts';
import { alternatesOf, languagePath } from '../../shared/languages.ts';
import { routeDataUrl, shellDataUrl, type ArticleRoute, type PageRoute } from '../../shared/route-data.ts';
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
  it('has every page and article of the source at /<code>/… in each translation', () => {
    expect(sites.map((site) => site.language?.code)).toEqual(codes());
    for (const site of sites.slice(1)) {
      const code = site.language!.code;
      expect(site.pages.map((page) => page.path)).toEqual(model.pages.map((page) => languagePath(code, page.path)));
      expect(site.articles.map((a) => a.path)).toEqual(model.articles.map((a) => languagePath(code, a.path)));
      const routes = [...routeData(site, () => undefined).keys()];
      for (const article of model.articles) {
        expect(routes).not.toContain(article.path);
        expect(routes).toContain(languagePath(code, article.path));
      }
      for (const route of routes) expect(route === `/${code}` || route.startsWith(`/${code}/`), route).toBe(true);
    }
  });

  it('keeps every link to a page or an article inside the language', () => {
    const pagePaths = new Set([...model.pages.map((page) => page.path), ...model.articles.map((a) => a.path)]);
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

  it("moves each redirect into each language, to the language's page or article where there is one", () => {
    for (const site of sites.slice(1)) {
      const code = site.language!.code;
      expect(site.redirects.map((r) => r.from)).toEqual(model.redirects.map((r) => languagePath(code, r.from)));
      model.redirects.forEach(({ to }, index) =>
        expect(site.redirects[index].to).toBe(
          [...model.pages, ...model.articles].some((target) => target.path === to) ? languagePath(code, to) : to,
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
  it("lists as shown in the source's language exactly the texts a translation lacks, each article's with it", () => {
    for (const site of sites.slice(1)) {
      const untranslated = untranslatedTexts(model, site);
      const translation = model.translations.find((t) => t.language.code === site.language!.code)!;
      const articles = new Set(model.articles.map((article) => `blog/${article.slug}.md`));
      const [ofArticles, ofTheRest] = [true, false].map((ofArticle) =>
        Object.entries(translation.fallbacks).flatMap(([file, texts]) =>
          articles.has(file) === ofArticle ? texts : [],
        ),
      );
      expect([...untranslated].sort()).toEqual([...new Set(ofTheRest)].sort());
      expect(site.articles.flatMap((article) => article.sourceTexts ?? [])).toEqual(ofArticles);
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

describe('articles in a translation', () => {
  const german = () => sites.find((site) => site.language?.code === 'de')!;
  /** The fixture's article with a translated body in German, and one left untranslated there. */
  const translatedArticle = () => german().articles.find((article) => !article.bodyLanguage)!;
  const untranslatedArticle = () => german().articles.find((article) => article.bodyLanguage)!;
  const sourceOf = (article: Article) => model.articles.find((a) => a.slug === article.slug)!;
  const routeOf = (site: SiteModel, article: Article) =>
    routeData(site, () => undefined).get(article.path) as ArticleRoute;

  it('shows a translated article at /<code>/… with its texts, body and related articles in the language', () => {
    const site = german();
    const article = translatedArticle();
    const source = sourceOf(article);
    const route = routeOf(site, article);
    expect(route.path).toBe(languagePath('de', source.path));
    expect(route.title).toBe(article.title);
    expect(route.title).not.toBe(source.title);
    expect(route.article.bodyLanguage).toBeUndefined();
    expect(route.alternates).toEqual(alternatesOf(model.settings.languages, source.path));
    // The body's links to pages and articles lead to the language's.
    const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]*)"/g)].map(([, href]) => href);
    const sourceLinks = hrefs(source.html).filter((href) => href.startsWith('/'));
    expect(sourceLinks.length).toBeGreaterThan(0);
    expect(hrefs(route.article.html)).toEqual(sourceLinks.map((href) => languagePath('de', href)));
    const titles = new Map(site.articles.map((a) => [a.path, a.title]));
    for (const link of [...route.recommended, ...route.sidebar]) {
      expect(link.path.startsWith('/de/'), link.path).toBe(true);
      expect(link.title).toBe(titles.get(link.path));
    }
    expect(route.recommended.length).toBeGreaterThan(0);
  });

  it('lists the translated articles on the language pages, at their addresses with their titles', () => {
    const site = german();
    const listed = [...routeData(site, () => undefined).values()].flatMap((route) =>
      route.kind === 'page'
        ? route.sections.flatMap((section) => (section.type === 'articles' ? section.articles : []))
        : [],
    );
    const byPath = new Map(site.articles.map((a) => [a.path, a.title]));
    expect(listed.length).toBeGreaterThan(0);
    for (const summary of listed) expect(summary.title).toBe(byPath.get(summary.path));
    expect(listed.map((summary) => summary.title)).toContain(translatedArticle().title);
  });

  it("marks an untranslated body with the source's language, and only untranslated texts as the source's", () => {
    const site = german();
    const untranslated = untranslatedTexts(model, site);
    const own = model.settings.languages![0].code;
    const route = routeOf(site, untranslatedArticle());
    expect(route.article.bodyLanguage).toBe(own);
    expect(route.article.html).toBe(withGermanLinks(sourceOf(untranslatedArticle()).html));
    // An article's untranslated texts travel with the routes that show it, so its edit changes only those.
    expect(route.article.sourceTexts).toContain(untranslatedArticle().title);
    expect(untranslated).not.toContain(untranslatedArticle().title);
    expect(routeOf(site, translatedArticle()).article.sourceTexts ?? []).not.toContain(translatedArticle().title);
    const links = [...routeOf(site, translatedArticle()).recommended, ...routeOf(site, translatedArticle()).sidebar];
    for (const link of links)
      expect(link.sourceTexts).toEqual(link.path === translatedArticle().path ? undefined : [link.title]);
    for (const article of sites[0].articles) expect(routeOf(sites[0], article).article.bodyLanguage).toBeUndefined();
  });

  it('names each article in every language in the head and the sitemap, with its date', () => {
    const xml = sitemap(model);
    const { url, languages } = model.settings;
    for (const article of model.articles)
      for (const { path } of alternatesOf(languages, article.path)) {
        const entry = xml.split('\n').find((line) => line.includes(`<loc>${url}${path}</loc>`));
        expect(entry, path).toContain(`<lastmod>${article.date}</lastmod>`);
        for (const { code, path: other } of alternatesOf(languages, article.path))
          expect(entry).toContain(`hreflang="${code}" href="${url}${other}"`);
        expect(entry).toContain(`hreflang="x-default" href="${url}${article.path}"`);
        expect(manifest(model).routes).toContain(path);
      }
    const site = german();
    const route = routeOf(site, translatedArticle());
    const template = '<html lang="en"><head><!--app-head--></head><body><!--app-html--></body></html>';
    const html = renderDocument(
      template,
      route,
      siteShell(site),
      () => ({ html: '', title: route.title }),
      () => [],
      () => '',
    );
    for (const { code, path } of route.alternates)
      expect(html).toContain(`<link rel="alternate" hreflang="${code}" href="${url}${path}" />`);
  });

  it("lists the language's articles in its feeds at their /<code>/ addresses with their titles", async () => {
    const site = german();
    const feeds = await writeFeeds(site, fixtureSiteRoot);
    for (const article of site.articles) {
      expect(feeds.rss).toContain(`<link>${model.settings.url}${article.path}</link>`);
      expect(feeds.atom).toContain(`href="${model.settings.url}${article.path}"`);
    }
    expect(feeds.rss).toContain(translatedArticle().title);
    expect(feeds.rss).not.toContain(sourceOf(translatedArticle()).title);
  });
});

/** Rendered Markdown with its links to the site's pages and articles in German, written out. */
function withGermanLinks(html: string): string {
  const paths = new Set([...model.pages.map((page) => page.path), ...model.articles.map((article) => article.path)]);
  return html.replace(/<a href="([^"]*)"/g, (whole, href: string) =>
    paths.has(href) ? `<a href="${languagePath('de', href)}"` : whole,
  );
}

describe("the studio's preview", () => {
  it("holds every language's pages and each language's shell, for the switcher to lead to", async () => {
    const preview = (await new StudioState(fixtureSiteRoot).savedPreview())!;
    for (const site of sites) {
      const translation = isTranslation(site) ? site.language!.code : undefined;
      expect(preview.shells.get(shellDataUrl(translation))).toEqual(siteShell(site));
      for (const page of site.pages) expect(preview.routes.has(routeDataUrl(page.path)), page.path).toBe(true);
    }
  });
});
