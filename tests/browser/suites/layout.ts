// The shared layout in a real browser: navigation, active links, the mobile menu, scrolling, the
// not-found page and when the modules load. Run by the engine test on the
// fixture's copy and by the spec check on the spec's copy.
import { describe, expect, it } from 'vitest';
import { openPage, type Harness } from '../harness.ts';

/** A navigation link: its name and where it leads. */
interface Link {
  name: string;
  path: string;
}

export interface LayoutCopy {
  siteName: string;
  /** The header link to the home page. */
  home: string;
  /** A header link to a page that is not the home page; its name is the page's title. */
  page: Link;
  /** The header link to /contact, and a heading on that page. */
  contact: { name: string; heading: string };
  /** A header link, and a page below its path. */
  section: Link & { below: string };
  /** An article, and the header link to the blog. */
  article: { path: string; link: string };
  /** A header link that waits in the mobile menu on a phone. */
  mobile: Link;
  /** A footer link far down the home page; its name starts the page's title. */
  footer: Link;
  /** Every header link, when the test checks they all fit in one row. */
  allLinks?: string[];
  notFound: { text: string; home: string };
}

export function layoutSuite(site: () => Harness, copy: LayoutCopy): void {
  const mainNav = { name: 'Main', exact: true } as const;

  describe('header navigation', () => {
    it('navigates through real links, each a page of its own, updating title and active link', async () => {
      const h = site();
      const { page, log } = await openPage(h.browser);
      await page.goto(h.baseUrl + '/');
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
      const nav = page.getByRole('navigation', mainNav);
      expect(await nav.getByRole('link', { name: copy.page.name }).getAttribute('href')).toBe(copy.page.path);
      await nav.getByRole('link', { name: copy.page.name }).click();
      await page.waitForURL(h.baseUrl + copy.page.path);
      await page.waitForFunction((title) => document.title === title, `${copy.page.name} | ${copy.siteName}`);
      // A new document (prerendered by the speculation rules or loaded on the click).
      expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(false);
      expect(await nav.getByRole('link', { name: copy.page.name }).getAttribute('aria-current')).toBe('page');
      expect(await nav.getByRole('link', { name: copy.home }).getAttribute('aria-current')).toBeNull();
      await nav.getByRole('link', { name: copy.contact.name }).click();
      await page.waitForURL(h.baseUrl + '/contact');
      await page.getByRole('heading', { name: copy.contact.heading }).waitFor();
      expect(log.errors).toEqual([]);
      await page.close();
    });

    it('the link to / is active only on /, the others on their path and below', async () => {
      const h = site();
      const { page } = await openPage(h.browser);
      const nav = page.getByRole('navigation', mainNav);
      await page.goto(h.baseUrl + '/');
      expect(await nav.getByRole('link', { name: copy.home }).getAttribute('aria-current')).toBe('page');
      await page.goto(h.baseUrl + copy.section.below);
      expect(await nav.getByRole('link', { name: copy.home }).getAttribute('aria-current')).toBeNull();
      expect(await nav.getByRole('link', { name: copy.section.name }).getAttribute('aria-current')).toBe('page');
      await page.goto(h.baseUrl + copy.article.path);
      expect(await nav.getByRole('link', { name: copy.article.link }).getAttribute('aria-current')).toBe('page');
      await page.close();
    });

    it('a link opened in a new tab is a real page', async () => {
      const h = site();
      const { page } = await openPage(h.browser);
      const response = await page.goto(h.baseUrl + copy.mobile.path);
      expect(response?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
      await page.close();
    });
  });

  const { allLinks } = copy;
  if (allLinks)
    describe('header', () => {
      it('shows every link in one row when they fit, and no menu button', async () => {
        const h = site();
        const { page } = await openPage(h.browser, { width: 1280 });
        await page.goto(h.baseUrl + '/');
        const nav = page.getByRole('navigation', mainNav);
        for (const name of allLinks) expect(await nav.getByRole('link', { name }).isVisible(), name).toBe(true);
        expect(await page.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(false);
        await page.close();
      });
    });

  describe('mobile menu', () => {
    it('opens from the burger and closes when a link is chosen', async () => {
      const h = site();
      const { page } = await openPage(h.browser, { width: 390, height: 844 });
      await page.goto(h.baseUrl + '/');
      const menu = page.locator('#mobile-navigation');
      expect(await menu.isVisible()).toBe(false);
      // On a phone the links wait in the menu: the row is hidden and the menu button shows.
      expect(
        await page.getByRole('navigation', mainNav).getByRole('link', { name: copy.mobile.name }).isVisible(),
      ).toBe(false);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      expect(await menu.isVisible()).toBe(true);
      await menu.getByRole('link', { name: copy.mobile.name }).click();
      await page.waitForURL(h.baseUrl + copy.mobile.path);
      await menu.waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: 'Open navigation' }).getAttribute('aria-expanded')).toBe('false');
      await page.close();
    });
  });

  describe('scrolling', () => {
    it('every path change starts at the top', async () => {
      const h = site();
      const { page } = await openPage(h.browser);
      await page.goto(h.baseUrl + '/');
      await page.getByRole('contentinfo').getByRole('link', { name: copy.footer.name }).scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      await page.getByRole('contentinfo').getByRole('link', { name: copy.footer.name }).click();
      await page.waitForURL(h.baseUrl + copy.footer.path);
      await page.waitForFunction((name) => document.title.startsWith(name), copy.footer.name);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.close();
    });
  });

  describe('not found', () => {
    it('an unknown address gets a 404 status, the not-found page, and a console log of the path', async () => {
      const h = site();
      const { page, log } = await openPage(h.browser);
      const response = await page.goto(h.baseUrl + '/no-such-page');
      expect(response?.status()).toBe(404);
      expect(await page.getByRole('heading', { name: '404' }).isVisible()).toBe(true);
      expect(await page.getByText(copy.notFound.text).isVisible()).toBe(true);
      const home = page.getByRole('main').getByRole('link', { name: copy.notFound.home });
      expect(await home.getAttribute('href')).toBe('/');
      await expect.poll(() => log.messages.some((m) => m.includes('/no-such-page'))).toBe(true);
      await home.click();
      await page.waitForURL(h.baseUrl + '/');
      await page.close();
    });
  });

  describe('loading', () => {
    it("the page's own script is its small entry; an island's code is fetched only when the visitor reaches into it", async () => {
      const h = site();
      const { page } = await openPage(h.browser, { width: 390, height: 844 });
      const scriptsFetched = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((e) => e.name)
            .filter((name) => /\/assets\/.*\.js$/.test(name)),
        );
      let named: string[] = [];
      for (const route of ['/', copy.article.path, '/contact']) {
        const html = await (await fetch(h.baseUrl + route)).text();
        named = [
          ...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g),
        ].map((m) => new URL(m[1], h.baseUrl).href);
        // Loaded and quiet: whatever the page would fetch by itself has been fetched by then.
        await page.goto(h.baseUrl + route, { waitUntil: 'networkidle' });
        expect(named.length, route).toBeGreaterThan(0);
        const fetched = await scriptsFetched();
        expect(fetched.filter((name) => named.includes(name)).length, route).toBeGreaterThan(0);
        expect(
          fetched.filter((name) => !named.includes(name)),
          route,
        ).toEqual([]);
      }
      // On /contact, the visitor reaching into the form brings the island's code, and it hydrates.
      await page.locator('[data-island] input').first().focus();
      await page.locator('[data-island][data-island-state="hydrated"]').first().waitFor({ timeout: 30_000 });
      expect((await scriptsFetched()).filter((name) => !named.includes(name)).length).toBeGreaterThan(0);
      await page.close();
    });
  });
}
