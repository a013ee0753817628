// The page behaviours of src/enhance/ on the built fixture site, as a visitor meets them: the
// header's menu on a phone and its overflow fallback, tooltips by pointer and keyboard, printing, the white paper dialogs
// (whose code comes only with the click), hiding by query before the page is shown, the
// not-found log, and prefetch on intent where Speculation Rules are missing. The rules themselves
// are unit-tested in tests/unit/enhance.test.ts.
import { describe, expect, it } from 'vitest';
import { openPage } from './harness.ts';
import { outcome } from './studio-session.ts';
import { useHarness } from './suites/use-harness.ts';

const site = useHarness();

describe('page behaviours without the app', () => {
  it('the menu on a phone: its button names what a press does, shows the matching icon, and Escape closes it', async () => {
    const h = site();
    const { page, log } = await openPage(h.browser, { width: 390, height: 844 });
    await page.goto(h.baseUrl + '/offer');
    const menu = page.locator('#mobile-navigation');
    const open = page.getByRole('button', { name: 'Open navigation' });
    // The icon shown is the one of what a press does.
    const icon = (name: string) => page.locator(`[data-menu-toggle] svg.tabler-icon-${name}`);
    expect([await icon('menu-2').isVisible(), await icon('x').isVisible()]).toEqual([true, false]);
    await open.click();
    const close = page.getByRole('button', { name: 'Close navigation' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    await menu.waitFor(outcome);
    expect([await icon('menu-2').isVisible(), await icon('x').isVisible()]).toEqual([false, true]);
    await close.click();
    await menu.waitFor({ state: 'hidden', ...outcome });
    expect(await open.getAttribute('aria-expanded')).toBe('false');

    await open.click();
    await menu.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden', ...outcome });
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(log.errors).toEqual([]);
    await page.close();
  });

  it('without scroll-state container queries, the header measures in script when its links overflow', async () => {
    const h = site();
    const { page } = await openPage(h.browser, { width: 1280 });
    await page.addInitScript(() => {
      const supports = CSS.supports.bind(CSS);
      CSS.supports = (...args: [string, string?]) =>
        !(args[0] === 'container-type' && args[1] === 'scroll-state') && supports(...(args as [string, string]));
    });
    await page.goto(h.baseUrl + '/');
    const box = page.locator('[data-overflow-box]');
    const overflowing = () => box.evaluate((element) => element.hasAttribute('data-overflowing'));
    expect(await overflowing()).toBe(false);
    // A link too long for the row: the row gives way to the menu button, and takes it back after.
    await box.evaluate((element) => {
      const link = document.createElement('a');
      link.id = 'long-link';
      link.textContent = 'A very long link '.repeat(12);
      element.firstElementChild!.append(link);
    });
    await expect.poll(overflowing).toBe(true);
    await page.getByRole('button', { name: 'Open navigation' }).waitFor(outcome);
    await page.locator('#long-link').evaluate((link) => link.remove());
    await expect.poll(overflowing).toBe(false);
    await page.close();
  });

  it('tooltips: keyboard focus opens one after the delay, it describes its button only while shown, Escape and leaving hide it, and the next opens at once within the skip delay', async () => {
    const h = site();
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/white-paper');
    const button = page.getByRole('button', { name: 'Read the Whole Paper' }).first();
    const tooltip = page.getByRole('tooltip', { name: 'Opens the paper in a dialog' });
    expect(await button.getAttribute('aria-describedby')).toBeNull();
    await button.focus();
    await tooltip.waitFor(outcome);
    expect(await button.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'hidden', ...outcome });
    expect(await button.getAttribute('aria-describedby')).toBeNull();

    // Within the skip delay (200 ms in the fixture) the next one opens at once, timed in the page.
    await page.goto(h.baseUrl + '/');
    const footer = page.getByRole('contentinfo');
    const request = footer.getByRole('button', { name: 'Request Paper' });
    await request.scrollIntoViewIfNeeded();
    await request.hover();
    await page.getByRole('tooltip', { name: 'Ask for the fixture paper by e-mail' }).waitFor(outcome);
    const reopenedAfter = await request.evaluate(async (element) => {
      const anchor = element.parentElement!;
      const tip = anchor.querySelector<HTMLElement>('[role="tooltip"]')!;
      anchor.dispatchEvent(new PointerEvent('pointerleave'));
      if (!tip.hidden) return -1;
      const start = performance.now();
      anchor.dispatchEvent(new PointerEvent('pointerenter'));
      await new Promise<void>((resolve) =>
        new MutationObserver(() => !tip.hidden && resolve()).observe(tip, { attributes: true }),
      );
      return performance.now() - start;
    });
    expect(reopenedAfter).toBeGreaterThanOrEqual(0);
    // Far below the 500 ms open delay; the bound allows a busy machine's slow timer.
    expect(reopenedAfter).toBeLessThan(450);
    await page.mouse.move(0, 0);
    await page.getByRole('tooltip').waitFor({ state: 'hidden', ...outcome });
    await page.close();
  });

  it('print calls the browser print; the dialogs download their code on the click, the reader shows the page’s paper, and a request keeps what was typed until sent', async () => {
    const h = site();
    const { page, log } = await openPage(h.browser);
    await page.addInitScript(() => {
      Object.assign(window, { printed: 0, print: () => ((window as unknown as { printed: number }).printed += 1) });
    });
    await page.goto(h.baseUrl + '/summary');
    await page.getByRole('button', { name: 'Print This' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto(h.baseUrl + '/white-paper');
    const before = scripts.length;
    await page.getByRole('button', { name: 'Read the Whole Paper' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Read the Paper Here' });
    await dialog.waitFor(outcome);
    expect(scripts.length, 'the dialog’s code came with the click').toBeGreaterThan(before);
    await dialog.getByRole('heading', { name: 'Paper Details' }).waitFor(outcome);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden', ...outcome });

    await page.getByRole('contentinfo').getByRole('button', { name: 'Request Paper' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Full Name').fill('Ravi Kumar');
    await form.getByRole('button', { name: 'Not Now' }).click();
    await form.waitFor({ state: 'hidden', ...outcome });
    await page.getByRole('contentinfo').getByRole('button', { name: 'Request Paper' }).click();
    expect(await form.getByLabel('Full Name').inputValue()).toBe('Ravi Kumar');
    await form.getByLabel('Email Address').fill('ravi@example.com');
    await form.getByLabel('Company Name').fill('Beta Labs');
    await form.getByLabel('Select White Paper').selectOption({ index: 1 });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      form.getByRole('button', { name: 'Open the Paper' }).click(),
    ]);
    expect(new URL(popup.url()).pathname + new URL(popup.url()).search).toBe('/white-paper?source=form');
    await page.getByText('Done. The fixture paper is opening in a new window.').waitFor(outcome);
    await form.waitFor({ state: 'hidden', ...outcome });
    await page.getByRole('contentinfo').getByRole('button', { name: 'Request Paper' }).click();
    expect(await form.getByLabel('Full Name').inputValue()).toBe('');
    expect(log.errors).toEqual([]);
    await popup.close();
    await page.close();
  });

  it('what ?source=form hides is hidden before the page is shown; an unknown address is logged', async () => {
    const h = site();
    const { page, log } = await openPage(h.browser);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const cta = document.querySelector('section[data-type="cta"]');
        Object.assign(window, { ctaShownAtLoad: cta && getComputedStyle(cta).display !== 'none' });
      });
    });
    await page.goto(h.baseUrl + '/white-paper?source=form');
    expect(await page.evaluate(() => (window as unknown as { ctaShownAtLoad: boolean }).ctaShownAtLoad)).toBe(false);
    expect(await page.getByRole('button', { name: 'Read the Whole Paper' }).count()).toBe(0);
    expect(await page.locator('section[data-type="cta"]').isVisible()).toBe(false);
    await page.goto(h.baseUrl + '/white-paper?source=other');
    expect(await page.locator('section[data-type="cta"]').isVisible()).toBe(true);

    expect((await page.goto(h.baseUrl + '/no/such/page'))?.status()).toBe(404);
    await expect
      .poll(() => log.messages)
      .toContain('error: 404 Error: User attempted to access non-existent route: /no/such/page');
    await page.close();
  });

  it('without Speculation Rules, a page of the site is prefetched when pointed at or focused, once', async () => {
    const h = site();
    const { page } = await openPage(h.browser);
    await page.addInitScript(() => {
      const supports = HTMLScriptElement.supports.bind(HTMLScriptElement);
      HTMLScriptElement.supports = (type: string) => type !== 'speculationrules' && supports(type);
    });
    await page.goto(h.baseUrl + '/');
    const prefetched = () =>
      page.evaluate(() => [...document.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute('href')));
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Proof' }).hover();
    await expect.poll(prefetched).toEqual([h.baseUrl + '/proof']);
    await footer.getByRole('link', { name: 'Reach Us' }).focus();
    await footer.getByRole('link', { name: 'Proof' }).hover();
    await expect.poll(prefetched).toEqual([h.baseUrl + '/proof', h.baseUrl + '/contact']);
    await page.close();
  });
});
