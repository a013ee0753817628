// axe-core's WCAG 2.2 AA rules on every route of the fixture site in each of its languages (every
// section type, both backgrounds, the not-found page), at phone and desktop width: zero violations.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAxe } from '../../scripts/bench/axe.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('no route has an axe violation at 390 px or 1280 px', async () => {
  const { routes, site } = JSON.parse(readFileSync(path.join(fixtureDistDir, '_site.json'), 'utf8')) as SiteManifest;
  // The not-found page in each language, the site's own first.
  const missing = (site.languages ?? []).map(({ code }, index) => `${index ? `/${code}` : ''}/no-such-page`);
  const rows = await runAxe(h.baseUrl, [...routes, ...missing]);
  expect(rows.length).toBe((routes.length + missing.length) * 2);
  expect(
    rows
      .filter((r) => r.violations.length)
      .map(
        (r) =>
          `${r.route} @${r.width}: ${r.violations.map((v) => `${v.id} (${v.help}) at ${v.targets.join(', ')}`).join(', ')}`,
      ),
  ).toEqual([]);
}, 240_000);
