// What every studio browser test file needs: one studio on a fresh copy of the fixture site and one
// browser for the file's tests, the studio page opened as an editor opens it, and Save.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { restoreSite, startStudio, type TestStudio } from '../fixtures/studio.ts';
import { launchChromium } from './chromium.ts';

export const outcome = { timeout: 30_000 };

export interface StudioSession {
  studio: () => TestStudio;
  browser: () => Browser;
  /** The studio page at `query` (e.g. "?path=/contact"), once it has loaded; closed after the test. */
  open: (query?: string) => Promise<Page>;
}

/**
 * Starts the studio, served built as on the server, and a browser before the file's tests;
 * `restore` puts site/ back after each test. A file about Vite's side calls startStudio itself.
 */
export function useStudio(options: { restore?: boolean } = {}): StudioSession {
  let studio: TestStudio | undefined;
  let browser: Browser | undefined;
  const pages: Page[] = [];
  beforeAll(async () => {
    [studio, browser] = await Promise.all([startStudio({ code: 'built' }), launchChromium()]);
  }, 180_000);
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.close()));
    if (options.restore && studio) restoreSite(studio);
  });
  afterAll(async () => {
    await browser?.close();
    await studio?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('The studio is not started: call this inside a test.');
    return value;
  };
  return {
    studio: () => started(studio),
    browser: () => started(browser),
    open: async (query = '') => {
      const page = await started(browser).newPage({ viewport: { width: 1400, height: 900 } });
      pages.push(page);
      await page.goto(started(studio).studioUrl + query);
      await page.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, {
        timeout: 60_000,
      });
      return page;
    },
  };
}

/** Save the open `file`, and wait for the studio to say it has no unsaved edits left. */
export async function save(page: Page, file: string): Promise<void> {
  await page.locator(`[data-open-file="${file}"]`).waitFor(outcome);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('No unsaved edits', { exact: true }).waitFor(outcome);
}
