// The blog in a real browser: every article page with its meta and body, related reading, the
// generated listing newest first, an old address redirected, covers that never show a broken icon,
// small covers inside the page, and not one broken internal link anywhere. Run by the engine test
// on the fixture's copy and by the spec check on the spec's copy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SiteManifest } from '../../../shared/site-manifest.ts';
import { routeDataUrl, type ArticleRoute } from '../../../shared/route-data.ts';
import { listingPagePath } from '../../../shared/listing-pages.ts';
import { openPage, type Harness } from '../harness.ts';

/** What a check of one article page is given: the article as its page received it. */
export interface ArticlePage {
  page: Page;
  route: string;
  article: ArticleRoute['article'];
  /** The article's date as the page writes it: "January 15, 2024". */
  longDate: string;
}

export interface BlogCopy {
  /** Every article's slug. */
  slugs: string[];
  /** The byline on every article; without it, each article's own author. */
  byline?: string;
  /** The checks of one article page that the other site does not share. */
  eachArticle: (article: ArticlePage) => Promise<void>;
  /** An article's 'Recommended Reading': three links, these among them in this order. */
  recommended: { route: string; hrefs: string[]; category?: string };
  /** An article with three 'Related Posts' in its sidebar. */
  sidebar: string;
  /** An article with neither. */
  withoutReading?: string;
  redirect: { from: string; to: string };
  listing: { titles?: string[]; newest: string };
  /** An article whose cover is small enough to travel inside the page. */
  smallCover: string;
  socialImage: RegExp;
  largeCover?: { route: string; src: string };
  /** How many internal addresses the crawl finds at the least; default: one a route. */
  minLinks?: number;
}

export function readManifest(distDir: string): SiteManifest {
  return JSON.parse(readFileSync(path.join(distDir, '_site.json'), 'utf8')) as SiteManifest;
}

export function blogSuite({ site, distDir, copy }: { site: () => Harness; distDir: string; copy: BlogCopy }): void {
  const manifest = readManifest(distDir);
  // The listing's further pages (/resources/blogs/page/2, …) are no articles.
  const listingPages = new Set(manifest.routes.map((_, i) => listingPagePath('/resources/blogs', i + 2)));
  const articles = manifest.routes.filter((r) => r.startsWith('/resources/blogs/') && !listingPages.has(r));

  describe('articles', () => {
    it('there are the registered slugs', () => {
      expect(articles.map((a) => a.split('/').pop()).sort()).toEqual([...copy.slugs].sort());
    });

    it('every article renders its category, author, long date, read time, title, image and body', async () => {
      const h = site();
      const { page, log } = await openPage(h.browser);
      for (const route of articles) {
        const response = await page.goto(h.baseUrl + route);
        expect(response?.status(), route).toBe(200);
        // The article's data as the build wrote it (the page itself is HTML and embeds none).
        const { article } = (await (await fetch(h.baseUrl + routeDataUrl(route))).json()) as ArticleRoute;
        expect(await page.getByRole('heading', { level: 1 }).textContent(), route).toBe(article.title);
        const longDate = new Date(`${article.date}T00:00:00Z`).toLocaleDateString('en-US', {
          timeZone: 'UTC',
          month: 'long',
          day: 'numeric',
          year: 'numeric',
        });
        const meta = await page.locator('article header').innerText();
        for (const expected of [
          article.category,
          copy.byline ?? article.author,
          longDate,
          `${article.readTime} min read`,
        ])
          expect(meta, route).toContain(expected);
        const image = page.locator('article img').first();
        expect(await image.getAttribute('alt')).toBeTruthy();
        expect(Number(await image.getAttribute('width'))).toBeGreaterThan(0);
        expect(Number(await image.getAttribute('height'))).toBeGreaterThan(0);
        await copy.eachArticle({ page, route, article, longDate });
        expect(await page.getByRole('link', { name: '← Back to Blogs' }).getAttribute('href')).toBe('/resources/blogs');
      }
      expect(log.errors).toEqual([]);
      await page.close();
    });

    it("'Recommended Reading' lists the chosen articles with their icons; 'Related Posts' the sidebar", async () => {
      const h = site();
      const { page } = await openPage(h.browser);
      await page.goto(h.baseUrl + copy.recommended.route);
      const reading = page.getByRole('navigation', { name: 'Recommended Reading' });
      const hrefs = await reading.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      expect(hrefs).toHaveLength(3);
      expect(hrefs.filter((href) => href !== null && copy.recommended.hrefs.includes(href))).toEqual(
        copy.recommended.hrefs,
      );
      expect(await reading.locator('svg').count()).toBe(3);
      if (copy.recommended.category) expect(await reading.textContent()).toContain(copy.recommended.category);
      await page.goto(h.baseUrl + copy.sidebar);
      expect(await page.getByRole('navigation', { name: 'Related Posts' }).getByRole('link').count()).toBe(3);
      if (copy.withoutReading) {
        await page.goto(h.baseUrl + copy.withoutReading);
        expect(await page.getByRole('navigation', { name: 'Recommended Reading' }).count()).toBe(0);
        expect(await page.getByRole('navigation', { name: 'Related Posts' }).count()).toBe(0);
      }
      await page.close();
    });

    it('an old address in redirects.yaml answers 301 to the article', async () => {
      const response = await fetch(site().baseUrl + copy.redirect.from, { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe(copy.redirect.to);
    });
  });

  describe('the listing at /resources/blogs', () => {
    it('shows every article, newest first, each linking to its article, page by page', async () => {
      const h = site();
      const { page } = await openPage(h.browser);
      // The cards of every page of the listing, following its Next page links to the last page.
      const shown: { title: string; href: string; datetime: string }[] = [];
      let address: string | null = '/resources/blogs';
      while (address) {
        await page.goto(h.baseUrl + address);
        for (const card of await page
          .locator('main li')
          .filter({ has: page.locator('h3 a') })
          .all())
          shown.push({
            title: (await card.locator('h3 a').textContent()) ?? '',
            href: (await card.locator('h3 a').getAttribute('href')) ?? '',
            datetime: (await card.locator('time').getAttribute('datetime')) ?? '',
          });
        const next = page
          .getByRole('navigation', { name: 'Pages of articles' })
          .getByRole('link', { name: 'Next page' });
        address = (await next.count()) ? await next.getAttribute('href') : null;
      }
      expect(shown).toHaveLength(copy.slugs.length);
      if (copy.listing.titles) expect(shown.map((card) => card.title)).toEqual(copy.listing.titles);
      expect(shown.map((card) => card.href).sort()).toEqual([...articles].sort());
      const dates = shown.map((card) => card.datetime);
      expect(dates).toEqual([...dates].sort().reverse());
      await page.goto(h.baseUrl + '/resources/blogs');
      const titles = page.locator('main h3 a');
      expect(await page.locator('main time').first().textContent()).toBe(copy.listing.newest);
      const hrefs = await titles.evaluateAll((links) => links.map((l) => l.getAttribute('href')!));
      await titles.first().click();
      await page.waitForURL(h.baseUrl + hrefs[0]);
      await page.close();
    });
  });

  describe('images', () => {
    it('below the fold they load lazily; a failed image shows the designed fallback, never a broken icon', async () => {
      const h = site();
      const { page } = await openPage(h.browser);
      await page.goto(h.baseUrl + '/resources/blogs');
      expect(await page.locator('main img').last().getAttribute('loading')).toBe('lazy');
      await page.route('**/images/blog/**', (route) => route.fulfill({ status: 404, body: '' }));
      await page.goto(h.baseUrl + '/resources/blogs');
      await page.locator('main li').last().scrollIntoViewIfNeeded();
      await expect
        .poll(() => page.locator('main [data-image-fallback]').count(), { timeout: 15_000 })
        .toBe(copy.slugs.length);
      expect(await page.locator('main img').count()).toBe(0);
      await page.close();
    });

    it('a small cover travels inside the page, so its largest paint needs no second request; a large one keeps its address; social previews get an absolute image address', async () => {
      const h = site();
      const { page } = await openPage(h.browser);
      const imageRequests: string[] = [];
      page.on(
        'request',
        (request) =>
          request.resourceType() === 'image' &&
          request.url().includes('/images/blog/') &&
          imageRequests.push(request.url()),
      );
      await page.goto(h.baseUrl + copy.smallCover);
      const cover = page.locator('article img').first();
      expect(await cover.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(imageRequests).toEqual([]);
      // Social previews get an image at its own absolute address on the site (the drawn social card).
      expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(copy.socialImage);
      if (copy.largeCover) {
        await page.goto(h.baseUrl + copy.largeCover.route);
        expect(await page.locator('article img').first().getAttribute('src')).toBe(copy.largeCover.src);
      }
      await page.close();
    });
  });

  describe('links', () => {
    it('crawling every internal link of every page finds none broken', async () => {
      const h = site();
      const { page } = await openPage(h.browser);
      const seen = new Set<string>();
      for (const route of manifest.routes) {
        await page.goto(h.baseUrl + route);
        const hrefs = await page
          .locator('a[href^="/"]')
          .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
        hrefs.forEach((href) => seen.add(href.split('#')[0]));
      }
      expect(seen.size).toBeGreaterThanOrEqual(copy.minLinks ?? manifest.routes.length);
      const broken: string[] = [];
      for (const href of seen) {
        const response = await fetch(h.baseUrl + href);
        if (response.status !== 200) broken.push(`${href} → ${response.status}`);
      }
      expect(broken).toEqual([]);
      await page.close();
    });
  });
}
