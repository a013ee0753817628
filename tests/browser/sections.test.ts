// Every section type, as the fixture site uses it: each page shows its sections in order, with
// every text of every field, every link where the YAML says, and each section's anchor id. Then
// the behaviours around sections (print, tooltips, reading without JavaScript): the shared suite
// (./suites/page-behaviours.ts) on the fixture's copy.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { sectionTexts } from '../fixtures/section-schema.ts';
import { openPage } from './harness.ts';
import { normal, pageBehavioursSuite } from './suites/page-behaviours.ts';
import { useHarness } from './suites/use-harness.ts';

const site = useHarness();

const { model } = await loadSite({ root: fixtureSiteRoot });
// The words each section shows are the fields its schema declares as text or paragraph
// (tests/fixtures/section-schema.ts): a new type or field is checked without a list to update.
function destinations(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(destinations);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) =>
      (k === 'to' || k === 'href') && typeof v === 'string' ? [v] : destinations(v),
    );
  return [];
}

describe.each(model!.pages.map((page) => [page.path, page] as const))('%s', (path, page) => {
  it('shows every section in order, with all its texts, links and anchor', async () => {
    const h = site();
    const { page: tab, log } = await openPage(h.browser);
    expect((await tab.goto(h.baseUrl + path))?.status()).toBe(200);
    const rendered = tab.locator('main section[data-type]');
    expect(await rendered.evaluateAll((sections) => sections.map((s) => s.getAttribute('data-type')))).toEqual(
      page.sections.map((s) => s.type),
    );
    for (const [index, section] of page.sections.entries()) {
      const element = rendered.nth(index);
      // textContent, not innerText: sections below the fold are not laid out until scrolled to.
      const shown = normal((await element.textContent())!);
      for (const text of sectionTexts(section))
        expect(shown, `${path} ${section.type}: "${text}"`).toContain(normal(text));
      const hrefs = await element.locator('a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
      for (const target of destinations(section))
        expect(hrefs, `${path} ${section.type} links to ${target}`).toContain(target);
      if (section.id) expect(await element.getAttribute('id')).toBe(section.id);
      if (section.background) expect(await element.getAttribute('data-background')).toBe(section.background);
    }
    expect(log.errors).toEqual([]);
    await tab.close();
  });
});

describe('hero', () => {
  it('shows its image with its size and alt text, and the highlight apart from the title', async () => {
    const h = site();
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/');
    const image = page.locator('section[data-type="hero"] img');
    expect(await image.getAttribute('alt')).toBe('An illustration beside the hero');
    expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['1200', '630']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Every Field. One Page.');
    expect(await page.getByRole('heading', { level: 1 }).locator('span', { hasText: 'One Page.' }).count()).toBe(1);
    await page.goto(h.baseUrl + '/?preview=hero-off');
    await expect.poll(() => page.locator('section[data-type="hero"]:visible').count()).toBe(0);
    await page.close();
  });
});

pageBehavioursSuite({
  site,
  copy: {
    print: { route: '/summary', button: 'Print This', heading: 'Summary Findings' },
    tooltip: { button: 'Request Paper', text: 'Ask for the fixture paper by e-mail', openDelayMs: 500 },
    withoutJs: model!.pages.map((page) => ({
      path: page.path,
      texts: sectionTexts(page.sections[0]),
      sections: page.sections.length,
    })),
  },
});
