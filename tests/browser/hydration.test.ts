// Visitors' pages are prerendered HTML that React never hydrates as a whole: only islands (the
// sections the registry marks interactive) hydrate, each as a root of its own. On the fixture site,
// built with React's development build (which reports any hydration mismatch): no warning on any
// route; a page without an island requests no script beyond the small entry and runs no React; the
// form's island hydrates, keeps what was typed before it was ready and sends it; links are plain
// page loads that land on the new page with its title.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { isTranslated } from '../fixtures/languages.ts';
import { openPage, startHarness, type Harness } from './harness.ts';

let h: Harness;
const manifest = JSON.parse(readFileSync(path.join(fixtureDistDir, '_site.json'), 'utf8')) as SiteManifest;
const htmlOf = (route: string) =>
  readFileSync(path.join(fixtureDistDir, route === '/' ? '' : route, 'index.html'), 'utf8');
const hasIsland = (route: string) => htmlOf(route).includes('data-island=');
/** React's own code: the element type every React build defines. */
const reactCode = /react\.transitional\.element|react\.element/;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** Every script the page requests from now on, with its body. */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(new URL(response.url()).pathname, response.text());
  });
  return scripts;
}

/** Reaches into each island as a visitor does (a focus in it) and waits until every one has hydrated. */
async function hydrateEveryIsland(page: Page) {
  const islands = page.locator('[data-island]');
  for (let i = 0; i < (await islands.count()); i++)
    await islands.nth(i).locator('input, select, textarea, button').first().focus();
  await expect
    .poll(() => page.locator('[data-island]:not([data-island-state="hydrated"])').count(), { timeout: 60_000 })
    .toBe(0);
}

describe('islands, with React development build', () => {
  it('every route loads without a warning; a page without an island runs no React and requests only its entry', async () => {
    const { page, log } = await openPage(h.browser);
    const problems: string[] = [];
    const statics = manifest.routes.filter((route) => !hasIsland(route));
    expect(statics.length).toBeGreaterThan(0);
    expect(manifest.routes.filter(hasIsland).length).toBeGreaterThan(0);
    // Every page of the site's own language, and each translation's pages with an island, which
    // hydrate from the translation's own shell.
    const routes = manifest.routes.filter((route) => !isTranslated(manifest, route) || hasIsland(route));
    expect(routes.some((route) => isTranslated(manifest, route))).toBe(true);
    for (const route of routes) {
      log.errors.length = 0;
      const scripts = recordScripts(page);
      const response = await page.goto(h.baseUrl + route, { waitUntil: 'networkidle' });
      expect(response?.status(), route).toBe(200);
      expect(await page.evaluate(() => document.getElementById('root')!.children.length), route).toBeGreaterThan(0);
      if (hasIsland(route)) await hydrateEveryIsland(page);
      // React logs "Download the React DevTools" as info in development; anything louder is a defect.
      problems.push(...log.errors.map((e) => `${route}: ${e}`));
      if (hasIsland(route)) continue;
      // The scripts the HTML names (the entry and what it imports) and nothing else; none is React.
      const named = [
        ...htmlOf(route).matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g),
      ].map((m) => m[1]);
      expect(named.length, route).toBeGreaterThan(0);
      expect(
        [...scripts.keys()].filter((script) => !named.includes(script)),
        route,
      ).toEqual([]);
      for (const [script, body] of scripts) expect(reactCode.test(await body), `${route} ${script}`).toBe(false);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the form hydrates as an island, keeps what was typed before it was ready, and sends it', async () => {
    const { page, log } = await openPage(h.browser);
    // The island's code is held until the fields are filled and the form sent, as on a slow phone.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: Route[] = [];
    await page.route(/\/assets\/hydrate-[^/]+\.js$/, async (route) => {
      held.push(route);
      await released;
      await route.continue();
    });
    const scripts = recordScripts(page);
    await page.goto(h.baseUrl + '/contact');
    const form = page.locator('[data-island] form');
    await page.getByLabel('Full Name').fill('Asha Rao');
    // Focus in the island asked for its code: it is on its way, and held.
    await expect.poll(() => held.length).toBe(1);
    expect(await form.getAttribute('data-state')).toBe('idle');
    await page.getByLabel('Email Address').fill('asha@example.com');
    await page.getByLabel('Company Name').fill('Acme GCC');
    await page.getByLabel('Your Role').fill('Head of Engineering');
    await page.getByLabel('Project Urgency').selectOption({ label: 'Within 2 weeks' });
    const sent = page.waitForRequest((request) => request.method() === 'POST');
    // Enter before the island is ready: the form is held, not sent as a page request.
    await page.getByLabel('Your Role').press('Enter');
    expect(new URL(page.url()).search).toBe('');
    release();
    const body = (await sent).postDataJSON() as Record<string, string>;
    expect(body).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.com',
      company: 'Acme GCC',
      role: 'Head of Engineering',
      urgency: 'immediate',
    });
    await expect.poll(() => form.getAttribute('data-state')).toBe('success');
    expect(await page.locator('[data-island]').getAttribute('data-island-state')).toBe('hydrated');
    // The island brought React, and its component, with it.
    const bodies = await Promise.all(scripts.values());
    expect(bodies.some((text) => reactCode.test(text))).toBe(true);
    expect(log.errors).toEqual([]);
    await page.close();
  });

  it('a link is a page load that lands on the new page with its title', async () => {
    const { page, log } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/');
    const link = page.locator('header a[href="/offer"]').first();
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await link.click();
    await page.waitForURL(h.baseUrl + '/offer');
    const title = /<title>([^<]+)<\/title>/.exec(htmlOf('/offer'))![1];
    await expect.poll(() => page.title()).toBe(title.replace('&amp;', '&'));
    // A new document: what the previous page set is gone.
    expect(await page.evaluate(() => 'samePage' in window)).toBe(false);
    expect(log.errors).toEqual([]);
    await page.close();
  });

  it('an address with a query hides what asks to be hidden', async () => {
    // Every route whose content hides something for a query ("hideWhenQuery") is opened with it.
    const withQuery = manifest.routes.flatMap((route) => {
      const data = readFileSync(path.join(fixtureDistDir, '_data', `${route === '/' ? 'index' : route}.json`), 'utf8');
      return [...new Set([...data.matchAll(/"hideWhenQuery":"([^"]+)"/g)].map((m) => m[1]))].map(
        (query) => `${route}?${query}`,
      );
    });
    expect(withQuery.length).toBeGreaterThan(0);
    const { page, log } = await openPage(h.browser);
    const shown = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('#root section, #root button, #root a')].filter((e) => e.checkVisibility())
            .length,
      );
    for (const address of withQuery) {
      log.errors.length = 0;
      await page.goto(h.baseUrl + address.split('?')[0]);
      const plain = await shown();
      await page.goto(h.baseUrl + address);
      expect(log.errors, address).toEqual([]);
      // Something the page shows without the query is gone with it.
      expect(await shown(), address).toBeLessThan(plain);
    }
    await page.close();
  });

  it('a hydration mismatch in an island would be reported (the check can fail)', async () => {
    const { page, log } = await openPage(h.browser);
    // Alter the island's server HTML before React sees it, as a bug in prerendering would.
    await page.route(h.baseUrl + '/contact', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('Send Question</', 'Send Questionz</');
      expect(html).toContain('Send Questionz');
      await route.fulfill({ response, body: html, headers: { ...response.headers(), 'content-encoding': '' } });
    });
    await page.goto(h.baseUrl + '/contact', { waitUntil: 'networkidle' });
    await page.locator('[data-island] input').first().focus();
    await expect.poll(() => log.errors.join('\n'), { timeout: 60_000 }).toMatch(/hydrat/i);
    await page.close();
  });
});
