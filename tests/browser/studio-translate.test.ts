// Translating a page in the studio, in real Chromium: the toolbar's Translate menu opens the home
// page's texts beside their Urdu translation, the boxes right-to-left and in Urdu, the original in
// the site's own language, every word on screen one a translator reads (no field key, no path); a
// translation typed and saved lands in the Urdu file alone, with the original's fingerprint. An
// article's text is one long box whose save replaces the body of its translation alone. A typed
// translation survives a reload as the translator's draft, offered when the view opens again, and
// is gone once saved.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { splitFrontMatter } from '../../scripts/content/front-matter.ts';
import { fingerprint } from '../../scripts/content/translatable.ts';
import { outcome, useStudio } from './studio-session.ts';
import { developerWordsOn, schemaKeys } from './studio-walk.ts';

const session = useStudio({ restore: true });

it('translates a text of a page into a right-to-left language, side by side, and saves only that language', async () => {
  const page = await session.open('?path=/');
  const site = (file: string) => path.join(session.studio().root, 'site', file);
  const before = await readFile(site('pages/home.de.yaml'), 'utf8');
  await page.getByRole('button', { name: 'Translate' }).click();
  await page.getByRole('menuitem', { name: /^اردو/ }).click();
  const dialog = page.getByRole('dialog', { name: /into اردو$/ });
  await dialog.getByRole('status').waitFor(outcome);

  // The first text not translated yet: its box is Urdu, right to left, and shows it is empty.
  const missing = dialog.getByRole('group').filter({ hasText: 'Not translated' }).first();
  const box = missing.getByRole('textbox');
  expect(await box.getAttribute('dir')).toBe('rtl');
  expect(await box.getAttribute('lang')).toBe('ur');
  const original = missing.locator('[lang="en"]');
  expect(await original.getAttribute('dir')).toBe('ltr');
  const words = await original.innerText();
  expect(await developerWordsOn(page, schemaKeys())).toEqual([]);

  await box.fill('ترجمہ شدہ');
  await dialog.getByRole('button', { name: 'Save اردو' }).click();
  await dialog.getByText(/· Saved$/).waitFor(outcome);
  const saved = parse(await readFile(site('pages/home.ur.yaml'), 'utf8')) as Record<
    string,
    { text: string; from: string }
  >;
  expect(Object.values(saved)).toContainEqual({ text: 'ترجمہ شدہ', from: fingerprint(words) });
  // The other language's file is as it was.
  expect(await readFile(site('pages/home.de.yaml'), 'utf8')).toBe(before);
}, 120_000);

it("translates an article's text in one long box, and saves it below the translation's front matter", async () => {
  const page = await session.open('?path=/resources/blogs/first-note');
  const file = path.join(session.studio().root, 'site', 'blog/first-note.de.md');
  const before = splitFrontMatter(await readFile(file, 'utf8'))!;
  await page.getByRole('button', { name: 'Translate' }).click();
  await page.getByRole('menuitem', { name: /^Deutsch/ }).click();
  const dialog = page.getByRole('dialog', { name: /into Deutsch$/ });
  await dialog.getByRole('status').waitFor(outcome);
  const box = dialog.getByRole('group', { name: 'Text', exact: true }).getByRole('textbox');
  expect(await box.inputValue()).toBe(before.body);
  expect(await developerWordsOn(page, schemaKeys())).toEqual([]);

  const body = `${before.body}\nEin Absatz mehr.\n`;
  await box.fill(body);
  await dialog.getByRole('button', { name: 'Save Deutsch' }).click();
  await dialog.getByText(/· Saved$/).waitFor(outcome);
  const after = splitFrontMatter(await readFile(file, 'utf8'))!;
  expect(after).toEqual({ ...before, body });
}, 120_000);

/** Reloads the studio (saying yes to any "leave with unsaved edits?") and waits until it is ready. */
async function reload(ui: Page) {
  const accept = (dialog: { accept: () => Promise<void> }) => void dialog.accept();
  ui.on('dialog', accept);
  await ui.reload();
  ui.off('dialog', accept);
  await ui.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, { timeout: 60_000 });
}

/** Opens the home page's Urdu translation and waits until it shows its texts or asks about a draft. */
async function openUrdu(ui: Page) {
  await ui.getByRole('button', { name: 'Translate' }).click();
  await ui.getByRole('menuitem', { name: /^اردو/ }).click();
  const dialog = ui.getByRole('dialog', { name: /into اردو$/ });
  await dialog.getByRole('status').or(dialog.getByRole('alertdialog')).first().waitFor(outcome);
  return dialog;
}

/** The translation drafts this browser keeps. */
const translationDrafts = (ui: Page) =>
  ui.evaluate(() => Object.keys(localStorage).filter((key) => /^studio-draft:[^:]+:translation:/.test(key)));

it('keeps a typed translation as a draft across a reload, and forgets it once saved', async () => {
  const ui = await session.open('?path=/');
  let dialog = await openUrdu(ui);
  const groups = dialog.getByRole('group');
  const index = (await groups.allInnerTexts()).findIndex((text) => text.includes('Not translated'));
  const box = () => dialog.getByRole('group').nth(index).getByRole('textbox');
  const typed = 'مسودے میں محفوظ';
  await box().fill(typed);
  // Reloaded at once: the page going away keeps the draft, with no wait for a pause in typing.
  await reload(ui);

  dialog = await openUrdu(ui);
  const question = dialog.getByRole('alertdialog', { name: 'Unsaved draft' });
  await question.waitFor(outcome);
  expect(await question.innerText()).toMatch(/Unsaved draft from \w+, \w+ \d{1,2}(, \d{4})? at \d{1,2}:\d{2}/);
  // Nothing can be typed over the draft while the question is open.
  expect(await dialog.getByRole('textbox').count()).toBe(0);
  expect(await developerWordsOn(ui, schemaKeys())).toEqual([]);
  await question.getByRole('button', { name: 'Keep the draft' }).click();
  await expect.poll(() => box().inputValue(), outcome).toBe(typed);
  await dialog.getByText('Changed, not saved yet').waitFor(outcome);

  await dialog.getByRole('button', { name: 'Save اردو' }).click();
  await dialog.getByText(/· Saved$/).waitFor(outcome);
  await expect.poll(() => translationDrafts(ui), outcome).toEqual([]);
  await reload(ui);
  dialog = await openUrdu(ui);
  await expect.poll(() => box().inputValue(), outcome).toBe(typed);
  expect(await dialog.getByRole('alertdialog').count()).toBe(0);
  expect(await dialog.getByText('Changed, not saved yet').count()).toBe(0);
}, 120_000);
