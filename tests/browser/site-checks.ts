// Checks that hold for any content, in the page as a visitor's browser has it: nothing wider than
// the window, the site's name and header button on one line, every image with its size and alt
// text, and axe's WCAG 2.2 AA rules. Used on site/, on edited copies of it and on the stress fixture.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { WCAG_TAGS } from '../../scripts/bench/axe.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Sections below the fold skip layout (content-visibility: auto) until scrolled to: lay them all out. */
function renderEverything(page: Page): Promise<void> {
  return page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('*'))
      if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
  });
}

/** Elements sticking out past the window's end edge (the right, or the left in a right-to-left language), the page scrolling sideways, or a wrapped name or header button. */
export async function layoutProblems(page: Page): Promise<string[]> {
  await renderEverything(page);
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''}> "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    if (document.documentElement.scrollWidth > width)
      problems.push(
        `the page scrolls sideways: ${document.documentElement.scrollWidth} px wide in a ${width} px window`,
      );
    // An element is too wide when it reaches past the window's end and no scrolling or clipping box holds it.
    const rtl = getComputedStyle(document.documentElement).direction === 'rtl';
    const beyond = (box: DOMRect) => (rtl ? box.left < -0.5 : box.right > width + 0.5);
    const clipped = (el: Element) => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' && !beyond(parent.getBoundingClientRect())) return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (beyond(box) && !clipped(el))
        problems.push(
          `${describe(el)} reaches ${Math.round(rtl ? width - box.left : box.right)} px in a ${width} px window`,
        );
    }
    // Text that must stay on one line: the site's name and the header's button.
    for (const el of document.querySelectorAll('[data-one-line]')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      // The lines its text occupies: the distinct tops of the text's boxes.
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = [...range.getClientRects()]
        .filter((r) => r.width > 0)
        .map((r) => r.top)
        .sort((x, y) => x - y);
      const lines = tops.filter(
        (top, i) => i === 0 || top - tops[i - 1] > parseFloat(getComputedStyle(el).fontSize) / 2,
      ).length;
      if (lines > 1) problems.push(`${describe(el)} wraps onto ${lines} lines`);
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis')
        problems.push(`${describe(el)} is cut off`);
    }
    return [...new Set(problems)].slice(0, 10);
  });
}

/** Every <img> without an alt attribute or without its width and height. */
export function imageProblems(page: Page): Promise<string[]> {
  return page
    .locator('img')
    .evaluateAll((images) =>
      images
        .filter(
          (img) =>
            !img.hasAttribute('alt') ||
            !(Number(img.getAttribute('width')) > 0) ||
            !(Number(img.getAttribute('height')) > 0),
        )
        .map(
          (img) =>
            `<img src="${(img.getAttribute('src') ?? '').slice(0, 60)}"> lacks ${[!img.hasAttribute('alt') && 'alt', !(Number(img.getAttribute('width')) > 0) && 'width', !(Number(img.getAttribute('height')) > 0) && 'height'].filter(Boolean).join(', ')}`,
        ),
    );
}

/** axe-core's WCAG 2.2 AA violations on the page as it is, each with the elements at fault. */
export async function axeProblems(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol, which the site's script policy does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  await renderEverything(page);
  return page.evaluate(async (tags) => {
    type Result = { violations: { id: string; help: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => `${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, WCAG_TAGS);
}
