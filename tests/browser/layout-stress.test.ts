// The layout holds for any valid content: the stress fixture (tests/fixtures/stress-site.ts: the
// longest name and header button the schema allows, eleven navigation links, run-on titles with
// a 45-letter word, every section with its fewest and its most items) at phone, tablet, laptop
// and desktop width. Nothing may be wider than the window, and the site's name and the header
// button may not wrap. Where the links do not fit on one line, the menu button takes their place.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { buildContent } from '../fixtures/build-content.ts';
import { projectRoot } from '../fixtures/fixture-site.ts';
import { writeStressSite } from '../fixtures/stress-site.ts';
import { openPage, startHarness, type Harness } from './harness.ts';
import { layoutProblems } from './site-checks.ts';

const outDir = path.join(projectRoot, '.cache', 'dist-stress-site');
let h: Harness;
let manifest: SiteManifest;

beforeAll(async () => {
  await buildContent(await writeStressSite(), outDir);
  manifest = JSON.parse(readFileSync(path.join(outDir, '_site.json'), 'utf8'));
  h = await startHarness({ distDir: outDir });
}, 300_000);
afterAll(() => h?.close());

describe.each([390, 768, 1024, 1280])('at %i px', (width) => {
  it('no route has anything wider than the window, a wrapped name or a wrapped header button', async () => {
    const { page } = await openPage(h.browser, { width, height: 900 });
    const problems: string[] = [];
    for (const route of manifest.routes) {
      await page.goto(h.baseUrl + route);
      problems.push(...(await layoutProblems(page)).map((problem) => `${route}: ${problem}`));
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('the links that do not fit are in the menu, which opens and lists every one', async () => {
    const { page } = await openPage(h.browser, { width, height: 900 });
    await page.goto(h.baseUrl + '/');
    const burger = page.getByRole('button', { name: 'Open navigation' });
    expect(await burger.isVisible()).toBe(true);
    expect(
      await page
        .getByRole('navigation', { name: 'Main', exact: true })
        .getByRole('link', { name: 'Navigation Link Number 1' })
        .isVisible(),
    ).toBe(false);
    await burger.click();
    const menu = page.locator('#mobile-navigation');
    expect(await menu.getByRole('link').count()).toBe(manifest.routes.length > 0 ? 12 : 0);
    expect(await layoutProblems(page)).toEqual([]);
    await page.close();
  });
});
