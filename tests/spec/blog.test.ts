// The blog: twelve articles with their meta and bodies, a generated listing, related reading,
// images that never show a broken icon, and not one broken internal link anywhere on the site: the
// shared suite (tests/browser/suites/blog.ts) with the spec's exact copy.
import { expect } from 'vitest';
import { siteDistDir } from '../browser/harness.ts';
import { blogSuite } from '../browser/suites/blog.ts';
import { useHarness } from '../browser/suites/use-harness.ts';

blogSuite({
  site: useHarness({ distDir: siteDistDir }),
  distDir: siteDistDir,
  copy: {
    slugs: [
      'quantifying-business-value',
      'projects-to-programs',
      'strategic-storytelling',
      'innovation-hub-transformation',
      'talent-acquisition-digital-age',
      'bridging-cultural-divides',
      'one-team-culture',
      'co-creation-collaboration',
      'cultural-diversity-asset',
      'employer-brand-community',
      'intrapreneurial-mindset',
      'future-work-flexibility-ai',
    ],
    byline: 'Meridian Narratives Team',
    eachArticle: async ({ page, route, article, longDate }) => {
      expect(longDate).toMatch(/^(December|January) \d{1,2}, 202[34]$/);
      expect(article.readTime).toBeGreaterThanOrEqual(6);
      expect(article.readTime).toBeLessThanOrEqual(9);
      const words = (await page.locator('article').innerText()).split(/\s+/).length;
      expect(words, route).toBeGreaterThan(900);
      expect(await page.locator('article h2').count(), route).toBeGreaterThan(1);
    },
    // The fixed slug: the link points at the registered route.
    recommended: {
      route: '/resources/blogs/talent-acquisition-digital-age',
      hrefs: ['/resources/blogs/future-work-flexibility-ai'],
    },
    sidebar: '/resources/blogs/strategic-storytelling',
    // The old future-of-work slug answers 301 to the registered one.
    redirect: {
      from: '/resources/blogs/future-of-work-flexibility-ai',
      to: '/resources/blogs/future-work-flexibility-ai',
    },
    listing: { newest: 'January 15, 2024' },
    smallCover: '/resources/blogs/one-team-culture',
    socialImage: /^https:\/\/www\.example\.com\/images\/\S+$/,
    minLinks: 30,
  },
});
