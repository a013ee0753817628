// Every route of the fixture site, loaded from its prerendered HTML and hydrated by React's
// development build (which reports any hydration mismatch), with nothing at all in the console.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { openPage, startHarness, type Harness } from './harness.ts';

let h: Harness;
const manifest = JSON.parse(readFileSync(path.join(fixtureDistDir, '_site.json'), 'utf8')) as SiteManifest;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('hydration with React development build', () => {
  it('every route hydrates without a warning or error in the console', async () => {
    const { page, log } = await openPage(h.browser);
    const problems: string[] = [];
    for (const route of manifest.routes) {
      log.errors.length = 0;
      const response = await page.goto(h.baseUrl + route, { waitUntil: 'networkidle' });
      expect(response?.status(), route).toBe(200);
      // React logs "Download the React DevTools" as info in development; anything louder is a defect.
      problems.push(...log.errors.map((e) => `${route}: ${e}`));
      expect(await page.evaluate(() => document.getElementById('root')!.children.length), route).toBeGreaterThan(0);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('an address with a query hides what asks to be hidden, after hydrating without a mismatch', async () => {
    // Every route whose content hides something for a query ("hideWhenQuery") is opened with it.
    const withQuery = manifest.routes.flatMap((route) => {
      const data = readFileSync(path.join(fixtureDistDir, '_data', `${route === '/' ? 'index' : route}.json`), 'utf8');
      return [...new Set([...data.matchAll(/"hideWhenQuery":"([^"]+)"/g)].map((m) => m[1]))].map(
        (query) => `${route}?${query}`,
      );
    });
    expect(withQuery.length).toBeGreaterThan(0);
    const { page, log } = await openPage(h.browser);
    for (const address of withQuery) {
      log.errors.length = 0;
      await page.goto(h.baseUrl + address, { waitUntil: 'networkidle' });
      expect(log.errors, address).toEqual([]);
      const [plain, queried] = await Promise.all([
        fetch(h.baseUrl + address.split('?')[0]).then((r) => r.text()),
        page.evaluate(() => document.querySelectorAll('#root section, #root button, #root a').length),
      ]);
      // Something the prerendered page shows is gone once the query applies.
      expect(queried, address).toBeLessThan((plain.match(/<(section|button|a)[\s>]/g) ?? []).length);
    }
    await page.close();
  });

  it('a hydration mismatch would be reported (the check can fail)', async () => {
    const { page, log } = await openPage(h.browser);
    // Alter the server HTML before React sees it, as a bug in prerendering would.
    await page.route(h.baseUrl + '/offer', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('Offer</a>', 'Offerz</a>');
      await route.fulfill({ response, body: html, headers: { ...response.headers(), 'content-encoding': '' } });
    });
    await page.goto(h.baseUrl + '/offer', { waitUntil: 'networkidle' });
    await expect.poll(() => log.errors.join('\n')).toMatch(/hydrat/i);
    await page.close();
  });
});
