// The listing's paging rules, on a small site given enough made-up articles: how many pages, their
// addresses, what each page's data holds, the manifest the server answers from (so nothing past
// the last page is a route), the sitemap, rel=prev/next, the feed's limit and the schema's bounds.
// Every number comes from the schema (articles.perPage) or from the rule under test.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { sectionSchemas } from '../../scripts/content/schemas.ts';
import { FEED_ARTICLES, writeFeeds } from '../../scripts/site-build/feed.ts';
import { headTags } from '../../scripts/site-build/head-tags.ts';
import { inlineSmallImages } from '../../scripts/site-build/inline-image.ts';
import { routeData } from '../../scripts/site-build/model-to-routes.ts';
import { manifest, sitemap } from '../../scripts/site-build/site-files.ts';
import { listingPageCount, listingPagePath, pagerNumbers } from '../../shared/listing-pages.ts';
import type { PageRoute, RouteData, SectionOf } from '../../shared/route-data.ts';
import { manyArticles } from '../fixtures/many-articles.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

const field = (sectionSchemas().sections.articles.properties as Record<string, Record<string, number>>).perPage;
const { default: perPage, minimum, maximum } = field;
const home = files['site/pages/home.yaml'];
const withPerPage = (value: number) =>
  home.replace('  - type: articles\n', `  - type: articles\n    perPage: ${value}\n`);

/** The fixture site with `extra` more articles (1 + extra in all) and the home page's list as given. */
async function siteWith(extra: number, homeYaml = home) {
  const made = manyArticles(files['site/blog/hello-world.md'], extra);
  const root = await writeFixture({
    'site/pages/home.yaml': homeYaml,
    ...Object.fromEntries(made.map((article) => [article.file, article.text])),
  });
  const { model, errors } = await loadSite({ root });
  expect(errors.map(formatError)).toEqual([]);
  return { root, model: model!, slugs: model!.articles.map((a) => a.slug) };
}

const listOf = (route: RouteData | undefined): SectionOf<'articles'> => {
  const list = (route as PageRoute).sections.find((s) => s.type === 'articles');
  if (list?.type !== 'articles') throw new Error(`${route?.path} has no article list`);
  return list;
};

describe('articles.perPage in the schema', () => {
  it('has a default inside its bounds', () => {
    expect(field.type).toBe('integer');
    expect(minimum).toBeGreaterThanOrEqual(1);
    expect(perPage).toBeGreaterThanOrEqual(minimum);
    expect(perPage).toBeLessThanOrEqual(maximum);
  });

  it('refuses a number below or above its bounds, and a number that is not whole, at the field', async () => {
    for (const value of [minimum - 1, maximum + 1, perPage + 0.5]) {
      const root = await writeFixture({ 'site/pages/home.yaml': withPerPage(value) });
      const { model, errors } = await loadSite({ root });
      expect(model).toBeUndefined();
      expect(errors.map((e) => `${e.file}:${e.line} ${e.path}`)).toEqual([
        `site/pages/home.yaml:${home.split('\n').indexOf('  - type: articles') + 2} section 3 (articles) › perPage`,
      ]);
    }
    for (const value of [minimum, maximum]) {
      const { errors } = await loadSite({ root: await writeFixture({ 'site/pages/home.yaml': withPerPage(value) }) });
      expect(errors.map(formatError)).toEqual([]);
    }
  });
});

describe('the paged listing', () => {
  it("gives each page of the schema's default number of cards its own address and only its own cards", async () => {
    // Two full pages and one card on a third.
    const { root, model, slugs } = await siteWith(2 * perPage);
    expect(slugs).toHaveLength(2 * perPage + 1);
    const routes = routeData(model, inlineSmallImages(root));
    const addresses = [1, 2, 3].map((n) => listingPagePath('/', n));
    expect(addresses).toEqual(['/', '/page/2', '/page/3']);
    addresses.forEach((address, index) => {
      const list = listOf(routes.get(address));
      expect(list.articles.map((a) => a.slug)).toEqual(slugs.slice(index * perPage, (index + 1) * perPage));
      expect(list.pager).toEqual({ page: index + 1, pages: 3, listing: '/' });
    });
    expect(routes.has(listingPagePath('/', 4))).toBe(false);
    expect(routes.has(listingPagePath('/', 1) + '/page/1')).toBe(false);
    // Every other section of the page is on each of its pages; each page has a title of its own.
    expect((routes.get('/page/2') as PageRoute).sections.map((s) => s.type)).toEqual(
      (routes.get('/') as PageRoute).sections.map((s) => s.type),
    );
    expect(new Set(addresses.map((a) => (routes.get(a) as PageRoute).title)).size).toBe(3);
    expect((routes.get('/page/3') as PageRoute).title).toBe('Home (page 3 of 3)');

    // The server answers exactly the routes in the manifest: the three pages, nothing past them.
    const served = manifest(model).routes;
    expect(served).toEqual(expect.arrayContaining(addresses));
    expect(served).not.toContain(listingPagePath('/', 4));
    expect(served.filter((route) => route.includes('/page/'))).toEqual(addresses.slice(1));
    const map = sitemap(model);
    for (const address of addresses) expect(map).toContain(`<loc>https://www.example.com${address}</loc>`);
    expect(map).not.toContain(`<loc>https://www.example.com${listingPagePath('/', 4)}</loc>`);
  });

  it('is one page, with no further address, while the articles fit', async () => {
    const { root, model } = await siteWith(perPage - 1);
    const routes = routeData(model, inlineSmallImages(root));
    expect(listOf(routes.get('/')).articles).toHaveLength(perPage);
    expect(listOf(routes.get('/')).pager).toEqual({ page: 1, pages: 1, listing: '/' });
    expect([...routes.keys()].filter((key) => key.includes('/page/'))).toEqual([]);
    expect(manifest(model).routes.filter((key) => key.includes('/page/'))).toEqual([]);
    expect(headTags(model, new Map(), new Map()).byPath['/'] ?? []).toEqual([]);
  });

  it("follows the section's own perPage, and links each page to its neighbours with rel=prev/next", async () => {
    const { root, model, slugs } = await siteWith(2 * minimum + 1, withPerPage(minimum));
    const pages = listingPageCount(slugs.length, minimum);
    expect(pages).toBe(3);
    const routes = routeData(model, inlineSmallImages(root));
    expect(listOf(routes.get('/page/3')).articles.map((a) => a.slug)).toEqual(slugs.slice(2 * minimum));
    const { byPath } = headTags(model, new Map(), new Map());
    const links = (address: string) => (byPath[address] ?? []).filter((tag) => /rel="(prev|next)"/.test(tag));
    expect(links('/')).toEqual(['<link rel="next" href="https://www.example.com/page/2" />']);
    expect(links('/page/2')).toEqual([
      '<link rel="prev" href="https://www.example.com/" />',
      '<link rel="next" href="https://www.example.com/page/3" />',
    ]);
    expect(links('/page/3')).toEqual(['<link rel="prev" href="https://www.example.com/page/2" />']);
  });

  it('takes its further addresses: links to them resolve, and a page file that claims one is told', async () => {
    const made = manyArticles(files['site/blog/hello-world.md'], minimum);
    const solutions = files['site/pages/solutions.yaml'];
    const root = await writeFixture({
      'site/pages/home.yaml': withPerPage(minimum),
      ...Object.fromEntries(made.map((article) => [article.file, article.text])),
      // A link to the listing's second page is a link to a page.
      'site/pages/solutions.yaml': solutions.replace('to: /contact', `to: ${listingPagePath('/', 2)}`),
    });
    expect((await loadSite({ root })).errors.map(formatError)).toEqual([]);
    // A page of its own at that address is refused at its address, in words that say whose it is.
    await writeFile(
      path.join(root, 'site/pages/taken.yaml'),
      solutions.replace('path: /solutions', `path: ${listingPagePath('/', 2)}`),
    );
    const { errors } = await loadSite({ root });
    expect(errors.map((error) => [error.file, error.message])).toEqual([
      [
        'site/pages/taken.yaml',
        `"${listingPagePath('/', 2)}" is page 2 of the article list on site/pages/home.yaml. Give this page another address.`,
      ],
    ]);
  });

  it('puts the further pages under the listing page’s own address', () => {
    expect(listingPagePath('/resources/blogs', 1)).toBe('/resources/blogs');
    expect(listingPagePath('/resources/blogs', 2)).toBe('/resources/blogs/page/2');
    expect(listingPagePath('/', 7)).toBe('/page/7');
    expect(listingPageCount(0, perPage)).toBe(1);
    expect(listingPageCount(perPage, perPage)).toBe(1);
    expect(listingPageCount(perPage + 1, perPage)).toBe(2);
  });
});

describe('the pager', () => {
  it('shows the first, the last and the current page with its neighbours, a gap where numbers are left out', () => {
    expect(pagerNumbers(1, 1)).toEqual([1]);
    expect(pagerNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pagerNumbers(1, 9)).toEqual([1, 2, null, 9]);
    expect(pagerNumbers(4, 9)).toEqual([1, 2, 3, 4, 5, null, 9]);
    expect(pagerNumbers(5, 9)).toEqual([1, null, 4, 5, 6, null, 9]);
    expect(pagerNumbers(9, 9)).toEqual([1, null, 8, 9]);
    expect(pagerNumbers(6, 9)).toEqual([1, null, 5, 6, 7, 8, 9]);
  });
});

describe('the feeds', () => {
  it(`hold the newest ${FEED_ARTICLES} articles only`, async () => {
    const { root, model, slugs } = await siteWith(FEED_ARTICLES + 5);
    const { rss, atom } = await writeFeeds(model, root);
    const links = (xml: string, pattern: RegExp) => [...xml.matchAll(pattern)].map((m) => m[1].split('/').pop());
    const newest = slugs.slice(0, FEED_ARTICLES);
    expect(links(rss, /<item>[\s\S]*?<link>([^<]+)<\/link>/g)).toEqual(newest);
    expect(links(atom, /<entry>[\s\S]*?<link href="([^"]+)"/g)).toEqual(newest);
  });
});
