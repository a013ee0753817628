// The studio's speed as an editor feels it (`npm run studio` on a copy of site/, in Chromium):
// how long the studio takes to open with the page shown in its preview, and how long a keystroke
// in a field takes to show in that preview.
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { launchChromium } from '../../tests/browser/chromium.ts';
import { startStudio } from '../../tests/fixtures/studio.ts';

export interface StudioTimes {
  /** The first open after the studio started, in ms from navigation start. */
  openColdMs: number;
  /** The median of `reloads` opens after that. */
  openWarmMs: number;
  keystrokeMedianMs: number;
  keystrokeP95Ms: number;
  keystrokes: number;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const round = (ms: number) => Math.round(ms);

/** Ready: the studio says so and the frame shows the page with its sections marked for editing. */
async function openTime(page: Page): Promise<number> {
  const state = () =>
    page.evaluate(() => {
      const frame = document.querySelector('iframe')?.contentDocument;
      return JSON.stringify({
        studio: document.documentElement.dataset.studio,
        app: frame?.documentElement?.dataset.app,
        marked: frame?.querySelectorAll('[data-section]').length,
      });
    });
  const handle = await page
    .waitForFunction(
      () => {
        const frame = document.querySelector('iframe')?.contentDocument;
        const shown = frame?.documentElement?.dataset.app === 'ready' && frame.querySelector('[data-section]');
        return document.documentElement.dataset.studio === 'ready' && shown ? performance.now() : undefined;
      },
      undefined,
      { polling: 'raf', timeout: 120_000 },
    )
    .catch(async (error: Error) => {
      throw new Error(`The studio did not open: ${await state()}`, { cause: error });
    });
  return (await handle.jsonValue()) as number;
}

/**
 * One keystroke: from the field's input event in the studio to the frame's heading showing the new
 * text, both read as wall-clock times in the browser (checked every animation frame, as a person
 * would see it).
 */
async function keystroke(page: Page, key: string, expected: string, section: number): Promise<number> {
  const shown = page.evaluate(
    ({ expected, section }) =>
      new Promise<number>((resolve) => {
        const look = () => {
          const heading = document
            .querySelector('iframe')
            ?.contentDocument?.querySelector(`[data-section="${section}"] h2`);
          if (heading?.textContent === expected) resolve(performance.timeOrigin + performance.now());
          else requestAnimationFrame(look);
        };
        look();
      }),
    { expected, section },
  );
  await page.keyboard.press(key);
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`The preview did not show "${expected}" within 10 s of the keystroke.`)),
      10_000,
    ).unref(),
  );
  const end = await Promise.race([shown, timeout]);
  const start = await page.evaluate(() => (window as unknown as { inputAt: number }).inputAt);
  return end - start;
}

async function sectionFrame(page: Page): Promise<Frame> {
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  if (!frame) throw new Error('The studio shows no preview frame.');
  return frame;
}

export async function runStudio(root: string, options: { reloads: number; keystrokes: number }): Promise<StudioTimes> {
  // The studio as `npm run studio` starts it: the build before this step set NODE_ENV=production
  // in this process, which would give the dev server production React and no dev-only code.
  const studio = await startStudio({ site: path.join(root, 'site'), env: { NODE_ENV: undefined } });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${studio.base}/_studio/?path=/`);
    const openColdMs = await openTime(page);
    const warm: number[] = [];
    for (let i = 0; i < options.reloads; i++) {
      await page.reload();
      warm.push(await openTime(page));
    }

    // Select the second section by clicking its heading in the preview: the studio focuses its title field.
    const section = 1;
    const heading = (await sectionFrame(page)).locator(`[data-section="${section}"] h2`);
    const title = (await heading.textContent()) ?? '';
    await heading.click();
    await page.waitForFunction((title) => (document.activeElement as HTMLInputElement | null)?.value === title, title);
    await page.evaluate(() =>
      document.addEventListener(
        'input',
        () => ((window as unknown as { inputAt: number }).inputAt = performance.timeOrigin + performance.now()),
        true,
      ),
    );
    const times: number[] = [];
    // Alternately add a letter and take it away, so every keystroke changes what the page shows.
    for (let i = 0; i < options.keystrokes; i++) {
      const letter = String.fromCharCode(97 + (Math.floor(i / 2) % 26));
      times.push(await keystroke(page, i % 2 ? 'Backspace' : letter, i % 2 ? title : title + letter, section));
      await page.waitForTimeout(250);
    }
    return {
      openColdMs: round(openColdMs),
      openWarmMs: round(quantile(warm, 0.5)),
      keystrokeMedianMs: round(quantile(times, 0.5)),
      keystrokeP95Ms: round(quantile(times, 0.95)),
      keystrokes: times.length,
    };
  } finally {
    await browser.close();
    await studio.stop();
  }
}
