// What every page does beyond showing its sections: the print button, tooltips that wait for the
// delay in site.yaml, and reading without JavaScript. Run by the engine test on the fixture's copy
// and by the spec check on the spec's copy.
import { describe, expect, it } from 'vitest';
import { openPage, type Harness } from '../harness.ts';

export interface PageBehavioursCopy {
  /** A page with a print button, and a heading that stays in print. */
  print: { route: string; button: string; heading: string };
  /** A footer button with a tooltip, which opens `openDelayMs` after the pointer reaches it. */
  tooltip: { button: string; text: string; openDelayMs: number };
  /** Pages read without JavaScript: the texts each must hold, and how many sections where known. */
  withoutJs: { path: string; texts: string[]; sections?: number }[];
}

/** Text as compared: whitespace collapsed and case ignored (uppercase labels are styled so). */
export const normal = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

export function pageBehavioursSuite({ site, copy }: { site: () => Harness; copy: PageBehavioursCopy }): void {
  describe('print', () => {
    it('the print button opens the print dialog, and printing hides it and the site chrome', async () => {
      const h = site();
      const { page } = await openPage(h.browser);
      await page.goto(h.baseUrl + copy.print.route);
      await page.evaluate(() =>
        Object.assign(window, { printed: 0, print: () => ((window as unknown as { printed: number }).printed += 1) }),
      );
      await page.getByRole('button', { name: copy.print.button }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: copy.print.button }).isVisible()).toBe(false);
      expect(await page.locator('header').first().isVisible()).toBe(false);
      expect(await page.locator('footer').isVisible()).toBe(false);
      expect(await page.getByRole('heading', { name: copy.print.heading }).isVisible()).toBe(true);
      await page.close();
    });
  });

  describe('tooltips', () => {
    it(`open only after the ${copy.tooltip.openDelayMs} ms delay set in site.yaml, with their text`, async () => {
      const h = site();
      const { page } = await openPage(h.browser);
      await page.goto(h.baseUrl + '/');
      const button = page.getByRole('contentinfo').getByRole('button', { name: copy.tooltip.button });
      await button.scrollIntoViewIfNeeded();
      // Timed inside the page, from the pointer reaching the button to the tooltip appearing: on a
      // busy machine the test's own clock lags the page's by an unknown amount either way.
      type Timed = Element & { tooltipOpened?: Promise<number> };
      await button.evaluate((element: Timed) => {
        element.tooltipOpened = new Promise<number>((resolve) => {
          let reached = 0;
          element.parentElement!.addEventListener('pointerenter', () => (reached ||= performance.now()));
          new MutationObserver((_, observer) => {
            if (!reached || !document.querySelector('[role="tooltip"]:not([hidden])')) return;
            observer.disconnect();
            resolve(performance.now() - reached);
          }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
        });
      });
      await button.hover();
      // A timer never fires early; 5 ms allows for the clock's rounding.
      expect(await button.evaluate((element: Timed) => element.tooltipOpened)).toBeGreaterThanOrEqual(
        copy.tooltip.openDelayMs - 5,
      );
      expect(await page.getByRole('tooltip').textContent()).toBe(copy.tooltip.text);
      await page.close();
    });
  });

  describe('without JavaScript', () => {
    it('every page is readable: the prerendered HTML holds the content', async () => {
      const context = await site().browser.newContext({ javaScriptEnabled: false });
      const tab = await context.newPage();
      for (const { path, texts, sections } of copy.withoutJs) {
        await tab.goto(site().baseUrl + path);
        if (sections !== undefined) expect(await tab.locator('main section[data-type]').count(), path).toBe(sections);
        const shown = normal((await tab.locator('main').textContent())!);
        for (const text of texts) expect(shown, path).toContain(normal(text));
      }
      await context.close();
    });
  });
}
