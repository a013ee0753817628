// The blog: twelve articles with their meta and bodies, a generated listing, related reading,
// images that never show a broken icon, and not one broken internal link anywhere on the site.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteManifest } from '../../scripts/build/site-files.ts';
import { openPage, siteDistDir, startHarness, type Harness } from '../browser/harness.ts';

let h: Harness;
const manifest = JSON.parse(readFileSync(path.join(siteDistDir, '_site.json'), 'utf8')) as SiteManifest;
const articles = manifest.routes.filter((r) => r.startsWith('/resources/blogs/'));

beforeAll(async () => {
  h = await startHarness({ distDir: siteDistDir });
});
afterAll(() => h.close());

describe('articles', () => {
  it('there are the 12 registered slugs', () => {
    expect(articles.map((a) => a.split('/').pop()).sort()).toEqual(
      ['quantifying-business-value', 'projects-to-programs', 'strategic-storytelling', 'innovation-hub-transformation', 'talent-acquisition-digital-age', 'bridging-cultural-divides', 'one-team-culture', 'co-creation-collaboration', 'cultural-diversity-asset', 'employer-brand-community', 'intrapreneurial-mindset', 'future-work-flexibility-ai'].sort(),
    );
  });

  it('every article renders its category, author, long date, read time, title, image and body', async () => {
    const { page, log } = await openPage(h.browser);
    for (const route of articles) {
      const response = await page.goto(h.baseUrl + route);
      expect(response?.status(), route).toBe(200);
      const data = JSON.parse((await page.locator('#route-data').textContent())!);
      const { article } = data;
      expect(await page.getByRole('heading', { level: 1 }).textContent(), route).toBe(article.title);
      const longDate = new Date(`${article.date}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
      expect(longDate).toMatch(/^(December|January) \d{1,2}, 202[34]$/);
      const meta = await page.locator('article header').innerText();
      for (const expected of [article.category, 'Meridian Narratives Team', longDate, `${article.readTime} min read`]) expect(meta, route).toContain(expected);
      expect(article.readTime).toBeGreaterThanOrEqual(6);
      expect(article.readTime).toBeLessThanOrEqual(9);
      const image = page.locator('article img').first();
      expect(await image.getAttribute('alt')).toBeTruthy();
      expect(Number(await image.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await image.getAttribute('height'))).toBeGreaterThan(0);
      const words = (await page.locator('article').innerText()).split(/\s+/).length;
      expect(words, route).toBeGreaterThan(900);
      expect(await page.locator('article h2').count(), route).toBeGreaterThan(1);
      expect(await page.getByRole('link', { name: '← Back to Blogs' }).getAttribute('href')).toBe('/resources/blogs');
    }
    expect(log.errors).toEqual([]);
    await page.close();
  });

  it("'Recommended Reading' lists three linked titles with category and icon; strategic-storytelling has a sidebar", async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/resources/blogs/talent-acquisition-digital-age');
    const reading = page.getByRole('navigation', { name: 'Recommended Reading' });
    expect(await reading.getByRole('link').count()).toBe(3);
    expect(await reading.locator('svg').count()).toBe(3);
    // The fixed slug: the link points at the registered route.
    expect(await reading.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toContain('/resources/blogs/future-work-flexibility-ai');
    await page.goto(h.baseUrl + '/resources/blogs/strategic-storytelling');
    expect(await page.getByRole('navigation', { name: 'Related Posts' }).getByRole('link').count()).toBe(3);
    await page.close();
  });

  it('the old future-of-work slug answers 301 to the registered one', async () => {
    const response = await fetch(h.baseUrl + '/resources/blogs/future-of-work-flexibility-ai', { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/resources/blogs/future-work-flexibility-ai');
  });
});

describe('the listing at /resources/blogs', () => {
  it('shows all 12 articles, newest first, each linking to its article', async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/resources/blogs');
    const titles = page.locator('main h3 a');
    expect(await titles.count()).toBe(12);
    const hrefs = await titles.evaluateAll((links) => links.map((l) => l.getAttribute('href')!));
    expect([...hrefs].sort()).toEqual([...articles].sort());
    const dates = await page.locator('main time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime')!));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await page.locator('main time').first().textContent()).toBe('January 15, 2024');
    await titles.first().click();
    await page.waitForURL(h.baseUrl + hrefs[0]);
    await page.close();
  });
});

describe('images', () => {
  it('below the fold they load lazily; a failed image shows the designed fallback, never a broken icon', async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/resources/blogs');
    expect(await page.locator('main img').last().getAttribute('loading')).toBe('lazy');
    await page.route('**/images/blog/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(h.baseUrl + '/resources/blogs');
    await page.locator('main li').last().scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('main [data-image-fallback]').count(), { timeout: 10_000 }).toBe(12);
    expect(await page.locator('main img').count()).toBe(0);
    await page.close();
  });

  it("an article's small cover travels inside the page, so its largest paint needs no second request", async () => {
    const { page } = await openPage(h.browser);
    const imageRequests: string[] = [];
    page.on('request', (request) => request.resourceType() === 'image' && request.url().includes('/images/blog/') && imageRequests.push(request.url()));
    await page.goto(h.baseUrl + '/resources/blogs/one-team-culture');
    const cover = page.locator('article img').first();
    expect(await cover.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(imageRequests).toEqual([]);
    // Social previews get an absolute image address on the site (the drawn social card).
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^https:\/\/www\.example\.com\/images\/\S+$/);
    await page.close();
  });
});

describe('links', () => {
  it('crawling every internal link of every page finds none broken', async () => {
    const { page } = await openPage(h.browser);
    const seen = new Set<string>();
    for (const route of manifest.routes) {
      await page.goto(h.baseUrl + route);
      const hrefs = await page.locator('a[href^="/"]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
      hrefs.forEach((href) => seen.add(href.split('#')[0]));
    }
    expect(seen.size).toBeGreaterThanOrEqual(30);
    const broken: string[] = [];
    for (const href of seen) {
      const response = await fetch(h.baseUrl + href);
      if (response.status !== 200) broken.push(`${href} → ${response.status}`);
    }
    expect(broken).toEqual([]);
    await page.close();
  });
});
