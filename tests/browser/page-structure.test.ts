// On the fixture site: each page's h1 is its largest heading at every width, and a
// link is a page load that starts at the new page's top, so screen readers announce the page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { parse } from 'yaml';
import { fixtureDistDir, fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { ownLanguageRoutes } from '../fixtures/languages.ts';
import { openPage, startHarness, type Harness } from './harness.ts';

let h: Harness;
const manifest = JSON.parse(readFileSync(path.join(fixtureDistDir, '_site.json'), 'utf8')) as SiteManifest;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('visible hierarchy', () => {
  it('the h1 is the largest heading on every page at phone, tablet, laptop and wide widths', async () => {
    const problems: string[] = [];
    for (const width of [360, 768, 1280, 1920]) {
      // Sizes come from the prerendered page and its inlined CSS: no need to wait for hydration.
      const page = await h.browser.newPage({ viewport: { width, height: 900 } });
      // A translation's headings are the source's elements and styles with other words.
      for (const route of ownLanguageRoutes(manifest)) {
        await page.goto(h.baseUrl + route, { waitUntil: 'load' });
        const sizes = await page.evaluate(() =>
          [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => ({
            level: heading.tagName,
            size: parseFloat(getComputedStyle(heading).fontSize),
            text: heading.textContent!.slice(0, 40),
          })),
        );
        const h1 = sizes.filter((s) => s.level === 'H1');
        if (h1.length !== 1) {
          problems.push(`${width}px ${route}: ${h1.length} h1 elements`);
          continue;
        }
        const rivals = sizes.filter((s) => s.level !== 'H1' && s.size >= h1[0].size);
        problems.push(
          ...rivals.map((r) => `${width}px ${route}: ${r.level} "${r.text}" is ${r.size}px, h1 is ${h1[0].size}px`),
        );
      }
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 180_000);
});

describe('brand theme', () => {
  it('filled buttons use exactly the primary colour, and the logo stands in header and footer with the name as alt', async () => {
    const settings = parse(readFileSync(path.join(fixtureSiteRoot, 'site', 'site.yaml'), 'utf8')) as {
      name: string;
      theme: { primaryColor: string; logo: string };
    };
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/');
    const hex = settings.theme.primaryColor.toLowerCase();
    const expected = `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    const backgrounds = await page.evaluate(() =>
      [...document.querySelectorAll('.mantine-Button-root[data-variant="filled"]')].map(
        (b) => getComputedStyle(b).backgroundColor,
      ),
    );
    expect(backgrounds.length).toBeGreaterThan(0);
    expect(new Set(backgrounds)).toEqual(new Set([expected]));
    for (const region of ['header', 'footer']) {
      const logo = page.locator(`${region} img[src="${settings.theme.logo}"]`);
      expect(await logo.getAttribute('alt')).toBe(settings.name);
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await page.close();
  });
});

describe('route changes are announced', () => {
  it('a link is a page load: the new page starts at its top with its own title, and Back returns', async () => {
    const { page, log } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const link = page.locator('nav[aria-label="Main"] a[href^="/"]:not([aria-current])').first();
    const target = (await link.getAttribute('href'))!;
    await link.click();
    await page.waitForURL(h.baseUrl + target);
    // A document of its own, which screen readers announce by its title as any page load.
    const title = /<title>([^<]*)<\/title>/.exec(await (await fetch(h.baseUrl + target)).text())![1];
    await expect.poll(() => page.title()).toBe(title.replaceAll('&amp;', '&'));
    const shown = await page.evaluate(() => ({
      sameDocument: 'sameDocument' in window,
      scrollY: window.scrollY,
      focused: document.activeElement?.tagName,
    }));
    expect(shown).toEqual({ sameDocument: false, scrollY: 0, focused: 'BODY' });
    await page.goBack();
    await page.waitForURL(h.baseUrl + '/');
    await page.locator('main h1').waitFor();
    expect(log.errors).toEqual([]);
    await page.close();
  });

  it('the first page load leaves focus alone', async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + manifest.routes[manifest.routes.length - 1]);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    await page.close();
  });
});
