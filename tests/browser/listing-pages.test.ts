// The paged listing in Chromium, on a copy of the fixture site given enough made-up articles for
// seven pages at the schema's smallest perPage: each page read without JavaScript (its cards, the
// labelled pager with the current page marked, previous and next, rel=prev/next), then walked
// by its links (each a page load; each page's own route data holding only its cards), axe and the Nu checker on a few of them, what the server answers past the last page, and
// the studio's preview of the listing following an edit of its Articles per page.
import { access, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe } from '../../scripts/bench/axe.ts';
import { checkHtml } from '../../scripts/check-html.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { sectionSchemas } from '../../scripts/content/schemas.ts';
import type { SiteModel } from '../../scripts/content/model.ts';
import { listingPageCount, listingPagePath } from '../../shared/listing-pages.ts';
import { routeDataUrl, type PageRoute } from '../../shared/route-data.ts';
import { buildContent } from '../fixtures/build-content.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { manyArticles } from '../fixtures/many-articles.ts';
import { startStudio } from '../fixtures/studio.ts';
import { openPage, startHarness, type Harness } from './harness.ts';
import { outcome } from './studio-session.ts';

const listing = '/resources/blogs';
const perPage = (sectionSchemas().sections.articles.properties as Record<string, { minimum: number }>).perPage.minimum;
const wanted = 7;

let root: string;
let h: Harness;
let model: SiteModel;
let pages: number;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'listing-pages-'));
  await cp(path.join(fixtureSiteRoot, 'site'), path.join(root, 'site'), { recursive: true });
  const blogs = path.join(root, 'site/pages/resources/blogs.yaml');
  await writeFile(blogs, (await readFile(blogs, 'utf8')).replace(/^ {4}perPage: \d+$/m, `    perPage: ${perPage}`));
  const existing = (await loadSite({ root })).model!.articles.length;
  const template = await readFile(path.join(root, 'site/blog/fourth-note.md'), 'utf8');
  for (const article of manyArticles(template, (wanted - 1) * perPage + 1 - existing))
    await writeFile(path.join(root, article.file), article.text);
  model = (await loadSite({ root })).model!;
  pages = listingPageCount(model.articles.length, perPage);
  expect(pages).toBe(wanted);
  await buildContent(root, path.join(root, 'dist'));
  h = await startHarness({ distDir: path.join(root, 'dist') });
}, 300_000);

afterAll(async () => {
  await h?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** The titles page `n` of the listing must show: its slice of the articles, newest first. */
const titlesOf = (n: number) => model.articles.slice((n - 1) * perPage, n * perPage).map((a) => a.title);

describe('the paged listing', () => {
  it('reads page by page without JavaScript: its cards, the pager, rel=prev/next; nothing past the last page', async () => {
    const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(h.baseUrl + listing);
    for (let n = 1; n <= pages; n++) {
      const address = listingPagePath(listing, n);
      expect(new URL(page.url()).pathname).toBe(address);
      expect(await page.locator('main h3 a').allTextContents()).toEqual(titlesOf(n));
      const nav = page.getByRole('navigation', { name: 'Pages of articles' });
      expect(await nav.count()).toBe(1);
      const current = nav.locator('[aria-current="page"]');
      expect(await current.allTextContents()).toEqual([String(n)]);
      expect(await current.getAttribute('href')).toBe(address);
      // The first, the last, the current page and its neighbours are linked by number.
      const numbers = (await nav.getByRole('link', { name: /^Page \d+$/ }).allTextContents()).map(Number);
      expect(numbers).toEqual(
        expect.arrayContaining([1, pages, ...[n - 1, n, n + 1].filter((k) => k >= 1 && k <= pages)]),
      );
      const previous = nav.getByRole('link', { name: 'Previous page' });
      const next = nav.getByRole('link', { name: 'Next page' });
      expect(await previous.count()).toBe(n > 1 ? 1 : 0);
      expect(await next.count()).toBe(n < pages ? 1 : 0);
      const head = async (rel: string) =>
        page
          .locator(`head link[rel="${rel}"]`)
          .evaluateAll((links) => links.map((l) => new URL(l.getAttribute('href')!).pathname));
      expect(await head('prev')).toEqual(n > 1 ? [listingPagePath(listing, n - 1)] : []);
      expect(await head('next')).toEqual(n < pages ? [listingPagePath(listing, n + 1)] : []);
      expect(
        await page.locator('head link[rel="canonical"]').evaluate((l) => new URL(l.getAttribute('href')!).pathname),
      ).toBe(address);
      if (n < pages) await Promise.all([page.waitForURL(h.baseUrl + listingPagePath(listing, n + 1)), next.click()]);
    }
    await context.close();

    const status = async (address: string) => (await fetch(h.baseUrl + address, { redirect: 'manual' })).status;
    expect(await status(listingPagePath(listing, pages))).toBe(200);
    expect(await status(listingPagePath(listing, pages + 1))).toBe(404);
    expect(await status(routeDataUrl(listingPagePath(listing, pages + 1)))).toBe(404);
    expect(await status(`${listing}/page/1`)).toBe(404);
    expect(await status(`${listing}/page/0`)).toBe(404);
    expect(await status(`${listingPagePath(listing, 2)}/`)).toBe(301);
    // The first, a middle and the last page: no axe violation, valid HTML.
    const sample = [1, Math.ceil(pages / 2), pages].map((n) => listingPagePath(listing, n));
    const rows = await runAxe(h.baseUrl, sample);
    expect(rows.length).toBe(sample.length * 2);
    expect(
      rows.flatMap((r) => r.violations.map((v) => `${r.route} @${r.width}: ${v.id} at ${v.targets.join(', ')}`)),
    ).toEqual([]);
    const files = sample.map((address) => path.join(root, 'dist', address, 'index.html'));
    for (const file of files) await access(file);
    expect((await checkHtml(files)).map((m) => `${m.url}:${m.lastLine} ${m.message}`)).toEqual([]);
    const sitemap = await (await fetch(h.baseUrl + '/sitemap.xml')).text();
    for (let n = 1; n <= pages; n++) expect(sitemap).toContain(`${listingPagePath(listing, n)}</loc>`);
  });

  it('walks from page to page by its links, each a page of its own holding only its own cards', async () => {
    const { page, log } = await openPage(h.browser);
    await page.goto(h.baseUrl + listing);
    const nav = page.getByRole('navigation', { name: 'Pages of articles' });
    const steps: [string, number][] = [
      ['Page 2', 2],
      ['Next page', 3],
      [`Page ${pages}`, pages],
      ['Previous page', pages - 1],
      ['Page 1', 1],
    ];
    for (const [name, n] of steps) {
      await page.evaluate(() => Object.assign(window, { previousPage: true }));
      await nav.getByRole('link', { name, exact: true }).click();
      const address = listingPagePath(listing, n);
      await page.waitForURL(h.baseUrl + address);
      await expect.poll(() => page.locator('main h3 a').allTextContents()).toEqual(titlesOf(n));
      await expect.poll(() => nav.locator('[aria-current="page"]').textContent()).toBe(String(n));
      // A page load of its own, starting at its top.
      expect(await page.evaluate(() => ({ same: 'previousPage' in window, y: window.scrollY }))).toEqual({
        same: false,
        y: 0,
      });
      // Its data, as the build wrote it, holds only its own cards.
      const route = (await (await fetch(h.baseUrl + routeDataUrl(address))).json()) as PageRoute;
      const list = route.sections.find((s) => s.type === 'articles');
      expect(list?.type === 'articles' && list.articles.map((a) => a.title)).toEqual(titlesOf(n));
      expect(list?.type === 'articles' && list.pager).toEqual({ page: n, pages, listing });
    }
    expect(await page.title()).toContain(model.pages.find((p) => p.path === listing)!.title);
    await page.goBack();
    await page.waitForURL(h.baseUrl + listingPagePath(listing, pages - 1));
    await expect.poll(() => page.locator('main h3 a').allTextContents()).toEqual(titlesOf(pages - 1));
    expect(log.errors).toEqual([]);
    await page.close();
  });

  it("shows the listing's first page in the studio's preview, which follows an edit of Articles per page", async () => {
    const studio = await startStudio({ site: path.join(root, 'site'), code: 'built' });
    const ui = await h.browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      await ui.goto(`${studio.studioUrl}?path=${listing}`);
      await ui.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, outcome);
      // Found again at each use: the studio may replace the frame while it loads.
      const frame = ui.frameLocator('iframe[title="Page preview"]');
      const cards = frame.locator('main h3 a');
      const nav = frame.getByRole('navigation', { name: 'Pages of articles' });
      await expect.poll(() => cards.allTextContents(), outcome).toEqual(titlesOf(1));
      expect(await nav.locator('[aria-current="page"]').textContent()).toBe('1');
      expect(await nav.getByRole('link', { name: `Page ${pages}`, exact: true }).count()).toBe(1);
      // The list is the page's first section: selecting it shows its fields, the new one with them.
      await frame.locator('[data-section="0"] h2').first().click(outcome);
      const field = ui
        .getByRole('region', { name: 'Editing panel' })
        .getByRole('textbox', { name: 'Articles per page', exact: true });
      await expect.poll(() => field.inputValue(), outcome).toBe(String(perPage));
      const more = perPage + 1;
      await field.fill(String(more));
      const fewer = listingPageCount(model.articles.length, more);
      await expect.poll(() => cards.count(), outcome).toBe(more);
      await expect.poll(() => nav.getByRole('link', { name: `Page ${fewer}`, exact: true }).count(), outcome).toBe(1);
      expect(await nav.getByRole('link', { name: `Page ${pages}`, exact: true }).count()).toBe(fewer < pages ? 0 : 1);
    } finally {
      await ui.close();
      await studio.stop();
    }
  }, 180_000);
});
