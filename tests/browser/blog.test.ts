// The blog engine on the fixture site: every article page with its meta and body, related reading,
// the generated listing newest first, an old address redirected, covers that never show a broken
// icon, small covers inside the page, and not one broken internal link anywhere.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteManifest } from '../../scripts/build/site-files.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { openPage, startHarness, type Harness } from './harness.ts';

let h: Harness;
const manifest = JSON.parse(readFileSync(path.join(fixtureDistDir, '_site.json'), 'utf8')) as SiteManifest;
const articles = manifest.routes.filter((r) => r.startsWith('/resources/blogs/'));

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('articles', () => {
  it('every article renders its category, author, long date, read time, title, image and body', async () => {
    expect(articles.length).toBe(4);
    const { page, log } = await openPage(h.browser);
    for (const route of articles) {
      const response = await page.goto(h.baseUrl + route);
      expect(response?.status(), route).toBe(200);
      const { article } = JSON.parse((await page.locator('#route-data').textContent())!);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), route).toBe(article.title);
      const longDate = new Date(`${article.date}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
      const meta = await page.locator('article header').innerText();
      for (const expected of [article.category, article.author, longDate, `${article.readTime} min read`]) expect(meta, route).toContain(expected);
      const image = page.locator('article img').first();
      expect(await image.getAttribute('alt')).toBe(article.image.alt);
      expect(Number(await image.getAttribute('width'))).toBe(1200);
      expect(Number(await image.getAttribute('height'))).toBe(630);
      for (const heading of ['Why This Note Exists', 'What It Shows']) expect(await page.getByRole('heading', { level: 2, name: heading }).count(), route).toBe(1);
      expect(await page.locator('article blockquote').count(), route).toBe(1);
      expect(await page.getByRole('link', { name: '← Back to Blogs' }).getAttribute('href')).toBe('/resources/blogs');
    }
    expect(log.errors).toEqual([]);
    await page.close();
  });

  it('the byline is the article author, or the site name with "Team"; dates read in full', async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/resources/blogs/first-note');
    expect(await page.locator('article header').innerText()).toContain('Robin Example');
    expect(await page.locator('article header').innerText()).toContain('March 10, 2030');
    await page.goto(h.baseUrl + '/resources/blogs/third-note');
    expect(await page.locator('article header').innerText()).toContain('Fixture Works Team');
    await page.close();
  });

  it("'Recommended Reading' lists the chosen articles with their icons; 'Related Posts' the sidebar", async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/resources/blogs/first-note');
    const reading = page.getByRole('navigation', { name: 'Recommended Reading' });
    expect(await reading.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toEqual(['/resources/blogs/second-note', '/resources/blogs/third-note', '/resources/blogs/fourth-note']);
    expect(await reading.locator('svg').count()).toBe(3);
    expect(await reading.textContent()).toContain('Innovation Strategy');
    expect(await page.getByRole('navigation', { name: 'Related Posts' }).getByRole('link').count()).toBe(3);
    await page.goto(h.baseUrl + '/resources/blogs/fourth-note');
    expect(await page.getByRole('navigation', { name: 'Recommended Reading' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Related Posts' }).count()).toBe(0);
    await page.close();
  });

  it('an old address in redirects.yaml answers 301 to the article', async () => {
    const response = await fetch(h.baseUrl + '/resources/blogs/old-first-note', { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/resources/blogs/first-note');
  });
});

describe('the listing', () => {
  it('shows every article, newest first, each linking to its article', async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/resources/blogs');
    const titles = page.locator('main h3 a');
    expect(await titles.allTextContents()).toEqual(['First Fixture Note', 'Second Fixture Note', 'Third Fixture Note', 'Fourth Fixture Note']);
    const hrefs = await titles.evaluateAll((links) => links.map((l) => l.getAttribute('href')!));
    expect([...hrefs].sort()).toEqual([...articles].sort());
    expect(await page.locator('main time').first().textContent()).toBe('March 10, 2030');
    await titles.first().click();
    await page.waitForURL(h.baseUrl + hrefs[0]);
    await page.close();
  });

  it('a draft article is neither listed nor published', async () => {
    expect(manifest.routes).not.toContain('/draft-page');
    expect((await fetch(h.baseUrl + '/draft-page')).status).toBe(404);
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
    await expect.poll(() => page.locator('main [data-image-fallback]').count(), { timeout: 10_000 }).toBe(articles.length);
    expect(await page.locator('main img').count()).toBe(0);
    await page.close();
  });

  it("a small cover travels inside the page; a large one keeps its address; social previews get an absolute image address", async () => {
    const { page } = await openPage(h.browser);
    const imageRequests: string[] = [];
    page.on('request', (request) => request.resourceType() === 'image' && request.url().includes('/images/blog/') && imageRequests.push(request.url()));
    await page.goto(h.baseUrl + '/resources/blogs/first-note');
    const cover = page.locator('article img').first();
    expect(await cover.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(imageRequests).toEqual([]);
    // Social previews get an image at its own absolute address (the drawn social card).
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^https:\/\/fixture\.example\.org\/images\/\S+\.(png|jpe?g|svg)$/);
    await page.goto(h.baseUrl + '/resources/blogs/fourth-note');
    expect(await page.locator('article img').first().getAttribute('src')).toBe('/images/blog/fourth-note.svg');
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
    expect(seen.size).toBeGreaterThanOrEqual(manifest.routes.length);
    const broken: string[] = [];
    for (const href of seen) {
      const response = await fetch(h.baseUrl + href);
      if (response.status !== 200) broken.push(`${href} → ${response.status}`);
    }
    expect(broken).toEqual([]);
    await page.close();
  });
});
