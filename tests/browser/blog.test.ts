// The blog engine on the fixture site: the shared suite (./suites/blog.ts) on the fixture's copy,
// with the checks only the fixture's articles are made for: their exact covers and bodies, the
// byline's default, and a draft left unpublished.
import { describe, expect, it } from 'vitest';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { openPage } from './harness.ts';
import { blogSuite, readManifest } from './suites/blog.ts';
import { useHarness } from './suites/use-harness.ts';

const site = useHarness();

blogSuite({
  site,
  distDir: fixtureDistDir,
  copy: {
    slugs: ['first-note', 'second-note', 'third-note', 'fourth-note'],
    eachArticle: async ({ page, route, article }) => {
      const image = page.locator('article img').first();
      expect(await image.getAttribute('alt')).toBe(article.image.alt);
      expect(Number(await image.getAttribute('width'))).toBe(1200);
      expect(Number(await image.getAttribute('height'))).toBe(630);
      for (const heading of ['Why This Note Exists', 'What It Shows'])
        expect(await page.getByRole('heading', { level: 2, name: heading }).count(), route).toBe(1);
      expect(await page.locator('article blockquote').count(), route).toBe(1);
    },
    recommended: {
      route: '/resources/blogs/first-note',
      hrefs: ['/resources/blogs/second-note', '/resources/blogs/third-note', '/resources/blogs/fourth-note'],
      category: 'Innovation Strategy',
    },
    sidebar: '/resources/blogs/first-note',
    withoutReading: '/resources/blogs/fourth-note',
    redirect: { from: '/resources/blogs/old-first-note', to: '/resources/blogs/first-note' },
    listing: {
      titles: ['First Fixture Note', 'Second Fixture Note', 'Third Fixture Note', 'Fourth Fixture Note'],
      newest: 'March 10, 2030',
    },
    smallCover: '/resources/blogs/first-note',
    socialImage: /^https:\/\/fixture\.example\.org\/images\/\S+\.(png|jpe?g|svg)$/,
    largeCover: { route: '/resources/blogs/fourth-note', src: '/images/blog/fourth-note.svg' },
  },
});

describe('articles', () => {
  it('the byline is the article author, or the site name with "Team"; dates read in full', async () => {
    const { page } = await openPage(site().browser);
    await page.goto(site().baseUrl + '/resources/blogs/first-note');
    expect(await page.locator('article header').innerText()).toContain('Robin Example');
    expect(await page.locator('article header').innerText()).toContain('March 10, 2030');
    await page.goto(site().baseUrl + '/resources/blogs/third-note');
    expect(await page.locator('article header').innerText()).toContain('Fixture Works Team');
    await page.close();
  });
});

describe('the listing', () => {
  it('a draft article is neither listed nor published', async () => {
    expect(readManifest(fixtureDistDir).routes).not.toContain('/draft-page');
    expect((await fetch(site().baseUrl + '/draft-page')).status).toBe(404);
  });
});

describe('pictures in the text', () => {
  it.each([1440, 390])(
    'at %i px a picture wider than the column shrinks to the text: the page does not scroll sideways',
    async (width) => {
      const { page } = await openPage(site().browser, { width, height: 900 });
      await page.goto(site().baseUrl + '/resources/blogs/third-note');
      const picture = page.locator('[data-prose] img[alt="A bar chart wider than the text column"]');
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          timeout: 15_000,
        })
        .toBe(true);
      const measured = await picture.evaluate((img: HTMLImageElement) => {
        const text = img.closest('[data-prose]')!.getBoundingClientRect();
        const box = img.getBoundingClientRect();
        return {
          natural: img.naturalWidth,
          text: { left: text.left, right: text.right, width: text.width },
          box: { left: box.left, right: box.right, width: box.width, height: box.height },
          scrollWidth: document.scrollingElement!.scrollWidth,
          innerWidth: window.innerWidth,
        };
      });
      // The picture is wider than the column, so the test would see it spill if nothing held it.
      expect(measured.natural).toBeGreaterThan(measured.text.width);
      expect(measured.scrollWidth).toBeLessThanOrEqual(measured.innerWidth);
      expect(measured.box.width).toBeLessThanOrEqual(measured.text.width + 0.5);
      expect(measured.box.left).toBeGreaterThanOrEqual(measured.text.left - 0.5);
      expect(measured.box.right).toBeLessThanOrEqual(measured.text.right + 0.5);
      // Its proportions are kept (1600 × 900), not squashed into the column.
      expect(measured.box.height / measured.box.width).toBeCloseTo(900 / 1600, 2);
      await page.close();
    },
  );
});
