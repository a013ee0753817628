// The studio stays calm: the preview is never blank across saves, the top bar keeps one line at
// 1280 px with the longest title and a long problem count, and a server restart shows "Connection
// lost" at once and is resumed by itself (a save succeeds after it, without a reload), while
// stopping the server with the studio open ends the process. A new list item is no problem until
// it is left empty.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { sectionLabel } from '../fixtures/studio-labels.ts';
import { errorOf, fieldAt, isFocused, panelOf, problemCount, saveButton } from './studio-locators.ts';
import { outcome, save, useStudio } from './studio-session.ts';

const session = useStudio({ restore: true });

async function previewOf(ui: Page): Promise<Frame> {
  const frame = await (await ui.waitForSelector('iframe[title="Page preview"]')).contentFrame();
  if (!frame) throw new Error('no preview frame');
  await frame.locator('[data-section="0"]').waitFor(outcome);
  return frame;
}

/**
 * Samples the preview from the studio page at every animation frame and at every change of its
 * document (a reload makes a new, empty document, which the sampling from outside still sees):
 * returns how many samples were taken and how many saw no page.
 */
async function watchForBlank(ui: Page): Promise<() => Promise<{ samples: number; blank: number }>> {
  await ui.evaluate(() => {
    const seen = { samples: 0, blank: 0, on: true };
    (window as unknown as { previewSeen: typeof seen }).previewSeen = seen;
    let observed: Document | undefined;
    const observer = new MutationObserver(() => sample());
    const sample = () => {
      const doc = document.querySelector<HTMLIFrameElement>('iframe[title="Page preview"]')?.contentDocument;
      seen.samples++;
      if (!doc?.body?.querySelector('[data-section]')) seen.blank++;
      if (doc?.body && doc !== observed) {
        observed = doc;
        observer.disconnect();
        observer.observe(doc.body, { childList: true, subtree: true });
      }
    };
    const tick = () => {
      if (!seen.on) return observer.disconnect();
      sample();
      requestAnimationFrame(tick);
    };
    tick();
  });
  return () =>
    ui.evaluate(() => {
      const seen = (window as unknown as { previewSeen: { samples: number; blank: number; on: boolean } }).previewSeen;
      seen.on = false;
      return { samples: seen.samples, blank: seen.blank };
    });
}

/** Whether `element` sits within the header's one line and shows its whole text. */
const fitsTheBar = (element: Awaited<ReturnType<Page['$']>>) =>
  element!.evaluate((el) => {
    const bar = el.closest('header')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const label = el.querySelector('.mantine-Badge-label, .mantine-Button-label') ?? el;
    return {
      inside: box.top >= bar.top && box.bottom <= bar.bottom && box.right <= bar.right,
      whole: label.scrollWidth <= label.clientWidth,
    };
  });

it('the preview is never blank across saves, and the top bar keeps one line at 1280 px with the longest title and 99 problems', async () => {
  const ui = await session.open('?path=/');
  const frame = await previewOf(ui);
  const seen = await watchForBlank(ui);
  const heading = frame.getByRole('heading', { level: 2, name: 'Four Figures in a Row', exact: true });
  await heading.click();
  const title = fieldAt(ui, ['sections', 1, 'title']);
  await expect.poll(() => isFocused(title), outcome).toBe(true);
  for (const word of [' Calm', ' Again']) {
    await title.press('End');
    await title.pressSequentially(word);
    await save(ui, 'pages/home.yaml');
    await frame.getByRole('heading', { level: 2, name: new RegExp(`${word}$`) }).waitFor(outcome);
  }
  const { samples, blank } = await seen();
  expect(samples).toBeGreaterThan(10);
  expect(blank).toBe(0);

  // The top bar at 1280 px: a 246-character title (the schema sets no limit) and 99 problems.
  const file = path.join(session.studio().root, 'site', 'pages', 'contact.yaml');
  const yaml = await readFile(file, 'utf8');
  const questions = Array.from({ length: 99 }, () => `      - question: ''\n        answer: Yes.\n`).join('');
  await writeFile(file, `${yaml.trimEnd()}\n  - type: faq\n    items:\n${questions}`);
  await ui.setViewportSize({ width: 1280, height: 800 });
  await ui.goto(`${session.studio().studioUrl}?path=/contact`);
  await ui.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, outcome);
  await fieldAt(ui, ['title']).fill('A'.repeat(246));
  await problemCount(ui).filter({ hasText: '99 problems' }).waitFor(outcome);
  // The same title in the search result preview: cut, and said to be.
  const result = ui.getByRole('region', { name: 'In search results' });
  await result.getByText(/^Title with the site's name: 262 characters: .* so the end is cut$/).waitFor(outcome);
  for (const part of [await problemCount(ui).elementHandle(), await saveButton(ui).elementHandle()])
    expect(await fitsTheBar(part)).toEqual({ inside: true, whole: true });
  expect(await ui.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);
});

it('a server restart shows "Connection lost" at once and the studio resumes by itself: a save succeeds without a reload; stopping the server with the studio open ends it', async () => {
  const ui = await session.open('?path=/contact');
  await previewOf(ui);
  // A mark on the studio page: gone if the page reloaded.
  await ui.evaluate(() => void ((window as unknown as { studioMark: string }).studioMark = 'kept'));
  const description = fieldAt(ui, ['description']);
  const typed = 'Ask us anything about the fixture site: we answer every message within one working day.';
  await description.fill(typed);

  // The process exits with the studio page, its change stream, its preview's websocket open.
  await session.studio().halt();
  const banner = ui.getByRole('alert').filter({ hasText: 'Connection lost — your edits are kept' });
  await banner.waitFor(outcome);

  await session.studio().resume();
  await banner.waitFor({ state: 'detached', timeout: 60_000 });
  await saveButton(ui).click();
  await ui.getByText('Saved Contact', { exact: true }).waitFor(outcome);
  expect(await readFile(path.join(session.studio().root, 'site', 'pages', 'contact.yaml'), 'utf8')).toContain(typed);
  expect(await ui.evaluate(() => (window as unknown as { studioMark?: string }).studioMark)).toBe('kept');
  expect(await ui.getByText("the studio's key").count()).toBe(0);
});

it('a new question is no problem while it is filled in, and is one once it is left with an empty answer', async () => {
  const ui = await session.open('?path=/offer');
  const sections = (
    parse(await readFile(path.join(session.studio().root, 'site', 'pages', 'offer.yaml'), 'utf8')) as {
      sections: { type: string; items?: unknown[] }[];
    }
  ).sections;
  const faq = sections.findIndex((section) => section.type === 'faq');
  const count = sections[faq].items!.length;
  await ui.locator(`[data-section-row="${faq}"] .mantine-NavLink-root`).click();
  await panelOf(ui)
    .getByRole('button', { name: `Add to ${sectionLabel('faq', 'items').toLowerCase()}` })
    .click();
  const item = ['sections', faq, 'items', count];
  const question = fieldAt(ui, [...item, 'question']);
  const answer = fieldAt(ui, [...item, 'answer']);
  // The check has found the empty item (the preview keeps the last version without problems)...
  await ui.getByText(/^Showing the last version without problems/).waitFor(outcome);
  // ...and nothing says so while it is new.
  expect(await problemCount(ui).count()).toBe(0);
  expect(await errorOf(question)).toBe('');
  await question.click();
  await ui.keyboard.type('Can you start next week?');
  expect(await errorOf(answer)).toBe('');
  // Left with its answer empty: now it is a problem, at the answer.
  await panelOf(ui)
    .getByRole('heading', { name: `Section ${faq + 1}` })
    .click();
  await expect.poll(() => problemCount(ui).textContent(), outcome).toBe('1 problem');
  await expect.poll(() => errorOf(answer), outcome).toMatch(/empty/i);
});
