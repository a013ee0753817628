// Every section type, as the fixture site uses it: each page shows its sections in order, with
// every text of every field, every link where the YAML says, and each section's anchor id. Then
// the behaviours around sections: print, tooltips, and reading without JavaScript.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { openPage, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const { model } = await loadSite({ root: fixtureSiteRoot });
// Fields that name a choice, a destination or a file rather than holding visible text.
const notText = new Set(['type', 'id', 'background', 'hideWhenQuery', 'icon', 'color', 'variant', 'to', 'href', 'action', 'src', 'alt', 'source', 'form', 'tooltip']);

function texts(value: unknown, key = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => texts(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => (notText.has(k) ? [] : texts(v, k)));
  return typeof value === 'string' ? [value] : [];
}
function destinations(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(destinations);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => ((k === 'to' || k === 'href') && typeof v === 'string' ? [v] : destinations(v)));
  return [];
}
const normal = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

describe.each(model!.pages.map((page) => [page.path, page] as const))('%s', (path, page) => {
  it('shows every section in order, with all its texts, links and anchor', async () => {
    const { page: tab, log } = await openPage(h.browser);
    expect((await tab.goto(h.baseUrl + path))?.status()).toBe(200);
    const rendered = tab.locator('main section[data-type]');
    expect(await rendered.evaluateAll((sections) => sections.map((s) => s.getAttribute('data-type')))).toEqual(page.sections.map((s) => s.type));
    for (const [index, section] of page.sections.entries()) {
      const element = rendered.nth(index);
      // textContent, not innerText: sections below the fold are not laid out until scrolled to.
      const shown = normal((await element.textContent())!);
      for (const text of texts(section)) expect(shown, `${path} ${section.type}: "${text}"`).toContain(normal(text));
      const hrefs = await element.locator('a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
      for (const target of destinations(section)) expect(hrefs, `${path} ${section.type} links to ${target}`).toContain(target);
      if (section.id) expect(await element.getAttribute('id')).toBe(section.id);
      if (section.background) expect(await element.getAttribute('data-background')).toBe(section.background);
    }
    expect(log.errors).toEqual([]);
    await tab.close();
  });
});

describe('hero', () => {
  it('shows its image with its size and alt text, and the highlight apart from the title', async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/');
    const image = page.locator('section[data-type="hero"] img');
    expect(await image.getAttribute('alt')).toBe('An illustration beside the hero');
    expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['1200', '630']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Every Field. One Page.');
    expect(await page.getByRole('heading', { level: 1 }).locator('span', { hasText: 'One Page.' }).count()).toBe(1);
    await page.goto(h.baseUrl + '/?preview=hero-off');
    await expect.poll(() => page.locator('section[data-type="hero"]').count()).toBe(0);
    await page.close();
  });
});

describe('print', () => {
  it('the print button opens the print dialog, and printing hides it and the site chrome', async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/summary');
    await page.evaluate(() => Object.assign(window, { printed: 0, print: () => ((window as unknown as { printed: number }).printed += 1) }));
    await page.getByRole('button', { name: 'Print This' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print This' }).isVisible()).toBe(false);
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.locator('footer').isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Summary Findings' }).isVisible()).toBe(true);
    await page.close();
  });
});

describe('tooltips', () => {
  it('open only after the delay set in site.yaml, with their text', async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/');
    const button = page.getByRole('contentinfo').getByRole('button', { name: 'Request Paper' });
    await button.scrollIntoViewIfNeeded();
    await button.hover();
    const started = Date.now();
    await page.waitForTimeout(250);
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await page.getByRole('tooltip').waitFor({ timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(await page.getByRole('tooltip').textContent()).toBe('Ask for the fixture paper by e-mail');
    await page.close();
  });
});

describe('without JavaScript', () => {
  it('every page is readable: the prerendered HTML holds every section', async () => {
    const context = await h.browser.newContext({ javaScriptEnabled: false });
    const tab = await context.newPage();
    for (const page of model!.pages) {
      await tab.goto(h.baseUrl + page.path);
      expect(await tab.locator('main section[data-type]').count(), page.path).toBe(page.sections.length);
      const shown = normal((await tab.locator('main').textContent())!);
      for (const text of texts(page.sections[0])) expect(shown, page.path).toContain(normal(text));
    }
    await context.close();
  });
});
