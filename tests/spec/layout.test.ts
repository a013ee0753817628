// The shared layout in a real browser: navigation, active links, the mobile menu, scrolling,
// the not-found page and the error screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, siteDistDir, startHarness, type Harness } from '../browser/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ distDir: siteDistDir });
});
afterAll(() => h.close());

describe('header navigation', () => {
  it('navigates client-side through real links, updating title and active link', async () => {
    const { page, log } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/');
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    expect(await nav.getByRole('link', { name: 'Services' }).getAttribute('href')).toBe('/services');
    await nav.getByRole('link', { name: 'Services' }).click();
    await page.waitForURL(h.baseUrl + '/services');
    await page.waitForFunction(() => document.title === 'Services | Meridian Narratives');
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(await nav.getByRole('link', { name: 'Services' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    await nav.getByRole('link', { name: 'Summon Us' }).click();
    await page.waitForURL(h.baseUrl + '/contact');
    await page.getByRole('heading', { name: 'What to Expect' }).waitFor();
    expect(log.errors).toEqual([]);
    await page.close();
  });

  it('Home is active only on /, the others on their path and below', async () => {
    const { page } = await openPage(h.browser);
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await page.goto(h.baseUrl + '/');
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await page.goto(h.baseUrl + '/solutions/analytics-at-scale');
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(await nav.getByRole('link', { name: 'Solutions' }).getAttribute('aria-current')).toBe('page');
    await page.goto(h.baseUrl + '/resources/blogs/one-team-culture');
    expect(await nav.getByRole('link', { name: 'Resources' }).getAttribute('aria-current')).toBe('page');
    await page.close();
  });

  it('a link opened in a new tab is a real page', async () => {
    const { page } = await openPage(h.browser);
    const response = await page.goto(h.baseUrl + '/technology');
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    await page.close();
  });
});

describe('mobile menu', () => {
  it('opens from the burger and closes when a link is chosen', async () => {
    const { page } = await openPage(h.browser, { width: 390, height: 844 });
    await page.goto(h.baseUrl + '/');
    const menu = page.locator('#mobile-navigation');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Technology' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Technology' }).click();
    await page.waitForURL(h.baseUrl + '/technology');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Open navigation' }).getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });
});

describe('scrolling', () => {
  it('every path change starts at the top', async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Challenges' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Challenges' }).click();
    await page.waitForURL(h.baseUrl + '/challenges');
    await page.waitForFunction(() => document.title.startsWith('Challenges'));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });
});

describe('not found', () => {
  it('an unknown address gets a 404 status, the not-found page, and a console log of the path', async () => {
    const { page, log } = await openPage(h.browser);
    const response = await page.goto(h.baseUrl + '/no-such-page');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { name: '404' }).isVisible()).toBe(true);
    expect(await page.getByText('Oops! Page not found').isVisible()).toBe(true);
    const home = page.getByRole('main').getByRole('link', { name: 'Return to Home' });
    expect(await home.getAttribute('href')).toBe('/');
    await expect.poll(() => log.messages.some((m) => m.includes('/no-such-page'))).toBe(true);
    await home.click();
    await page.waitForURL(h.baseUrl + '/');
    await page.close();
  });

  it('a client-side navigation to an unknown address shows the same page', async () => {
    const { page, log } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/');
    await page.evaluate(() => {
      history.pushState(null, '', '/nowhere');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByText('Oops! Page not found').waitFor();
    await expect.poll(() => log.messages.some((m) => m.includes('/nowhere'))).toBe(true);
    await page.close();
  });
});

describe('error screen', () => {
  it('a failing page load shows "Unexpected Application Error!" with the status, and the site recovers', async () => {
    const { page } = await openPage(h.browser);
    await page.route('**/_data/services.json', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto(h.baseUrl + '/');
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Services' }).click();
    await page.getByText('Unexpected Application Error!').waitFor();
    expect(await page.getByText('500 Internal Server Error').isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Solutions' }).click();
    await page.waitForURL(h.baseUrl + '/solutions');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    await page.close();
  });
});

describe('loading', () => {
  it('the application modules are fetched only after the page has loaded and shown its first content', async () => {
    const { page } = await openPage(h.browser, { width: 390, height: 844 });
    for (const route of ['/', '/resources/blogs/one-team-culture', '/contact']) {
      await page.goto(h.baseUrl + route);
      const timing = await page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
        const modules = performance.getEntriesByType('resource').filter((e) => /\/assets\/(?!boot-).*\.js$/.test(e.name)).map((e) => e.startTime);
        return { fcp, load, modules };
      });
      expect(timing.fcp, route).toBeGreaterThan(0);
      expect(timing.modules.length, route).toBeGreaterThan(0);
      expect(Math.min(...timing.modules), route).toBeGreaterThanOrEqual(Math.max(timing.fcp, timing.load));
    }
    await page.close();
  });
});
