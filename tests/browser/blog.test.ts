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
