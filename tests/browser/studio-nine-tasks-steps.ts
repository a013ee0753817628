// The steps a marketing manager takes in the studio, for tests/browser/studio-nine-tasks.test.ts:
// fields found by their place in the entry's data (as the studio marks them) or by the schema's
// titles, text typed with the real keyboard (a key the studio drops fails the check after it), what
// a field says about itself, and the fixture's own content read from its files.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { parse } from 'yaml';
import { fixtureSite } from '../fixtures/studio.ts';
import { errorOf, fieldAt, isFocused, panelOf, problemCount, saveButton, type DataPath } from './studio-locators.ts';
import { outcome } from './studio-session.ts';

export * from './studio-locators.ts';

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

/** A fixture file as committed (what each test starts from). */
export const fixtureText = (file: string) => readFile(path.join(fixtureSite, file), 'utf8');

/** The data of a fixture page, or the front matter of an article. */
export async function fixtureData<T>(file: string): Promise<T> {
  const text = await fixtureText(file);
  return parse(text.startsWith('---') ? text.split(/^---$/m)[1] : text) as T;
}

/** `text` with `from` replaced by `to`, where `from` must occur exactly once (else the expectation is not what it says). */
export function replaceOnce(text: string, from: string, to: string): string {
  expect(text.split(from).length - 1, `"${from}" occurs once`).toBe(1);
  return text.replace(from, () => to);
}

export const previewOf = (ui: Page): FrameLocator => ui.frameLocator('iframe[title="Page preview"]');

/** The data paths of every field the panel marks as invalid. */
export const invalidFields = (ui: Page) =>
  panelOf(ui)
    .locator('[aria-invalid="true"]')
    .evaluateAll((all) => all.map((el) => el.getAttribute('data-path')).filter((at): at is string => at !== null));

/** Why Save cannot be used, as the button's description says; "" when it can. */
export const whySaveWaits = (ui: Page) =>
  saveButton(ui).evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(''),
  );

/** Whether the element is within the visible part of the editing panel. */
export const inPanelView = (element: Locator) =>
  element.evaluate((el) => {
    const panel = el.closest('[aria-label="Editing panel"]')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= panel.top - 1 && box.bottom <= panel.bottom + 1;
  });

/**
 * Clicks the field, selects all of its text and types `text` key by key; the field must then hold
 * exactly that, keep the focus and be the element it was (a box swapped mid-typing loses keys).
 */
export async function typeOver(ui: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  await field.evaluate((el) => el.setAttribute('data-typed-here', ''));
  await ui.keyboard.press(`${mod}+A`);
  if (text === '') await ui.keyboard.press('Backspace');
  else await ui.keyboard.type(text);
  await expect.poll(() => field.inputValue(), outcome).toBe(text);
  expect(await isFocused(field), 'the field keeps the focus').toBe(true);
  expect(await field.getAttribute('data-typed-here'), 'the field is the element it was').toBe('');
}

/** Types into the focused element key by key, then checks `field` ends with it. */
export async function typeOn(ui: Page, field: Locator, text: string): Promise<void> {
  const before = await field.inputValue();
  await ui.keyboard.type(text);
  await expect.poll(() => field.inputValue(), outcome).toBe(before + text);
}

export const pressUndo = (ui: Page) => ui.keyboard.press(`${mod}+Z`);
export const pressRedo = (ui: Page) => ui.keyboard.press(`${mod}+Shift+Z`);
export const pressSave = (ui: Page) => ui.keyboard.press(`${mod}+S`);
export const pressSelectAll = (ui: Page) => ui.keyboard.press(`${mod}+A`);

/** Selects section `index` in the page's outline, as a click on its row does. */
export async function selectSection(ui: Page, index: number): Promise<void> {
  await ui.locator(`[data-section-row="${index}"] .mantine-NavLink-root`).click();
  await ui.getByRole('heading', { level: 2, name: `Section ${index + 1}` }).waitFor(outcome);
}

/** Opens an entry from the content list by its name, and waits until it is the open one. */
export async function openFromList(ui: Page, name: RegExp, file: string): Promise<void> {
  await ui.getByRole('navigation', { name: 'Content' }).getByRole('link', { name }).click();
  await ui.locator(`[data-open-file="${file}"]`).waitFor(outcome);
}

/** The Changes view, once it has told what changed (or that nothing did). */
export async function openChanges(ui: Page): Promise<Locator> {
  await ui.getByRole('button', { name: 'Not live yet', exact: true }).click();
  const review = ui.getByRole('dialog', { name: 'Saved — not live yet' });
  await review
    .getByRole('region')
    .or(review.getByText(/^Nothing new/))
    .first()
    .waitFor(outcome);
  return review;
}

/** git's own words, which the review must never show an editor. */
export const gitJargon = ['@@', 'index ', 'diff --git', 'Binary files', '/dev/null', '+++', '---', 'HEAD'];

/**
 * One honest mistake, made by `make`: it must be said at the field at `at` and at no other, in
 * words without a file and line; from elsewhere (`leave`) the problem count brings the cursor back
 * to it; Save waits and says why (and, with `saveWithKeys`, Ctrl+S says "Not saved"); nothing is
 * written; after `fix` the field says nothing more.
 */
export async function mistakeAtItsField(
  ui: Page,
  mistake: {
    /** The file as it is on disk. */
    onDisk: () => Promise<string>;
    at: DataPath;
    make: () => Promise<unknown>;
    says: RegExp | ((said: string) => boolean);
    leave: () => Promise<unknown>;
    fix: () => Promise<unknown>;
    saveWithKeys?: boolean;
  },
): Promise<void> {
  const before = await mistake.onDisk();
  const field = fieldAt(ui, mistake.at);
  await mistake.make();
  await expect.poll(() => invalidFields(ui), outcome).toEqual([JSON.stringify(mistake.at)]);
  const said = await errorOf(field);
  if (mistake.says instanceof RegExp) expect(said).toMatch(mistake.says);
  else expect(mistake.says(said), `said at the field: "${said}"`).toBe(true);
  expect(await ui.evaluate(() => document.body.innerText)).not.toMatch(/\.(yaml|md):\d+/);

  await mistake.leave();
  await expect.poll(() => problemCount(ui).textContent(), outcome).toBe('1 problem');
  await problemCount(ui).click();
  await expect.poll(() => isFocused(field), outcome).toBe(true);
  expect(await inPanelView(field)).toBe(true);

  expect(await saveButton(ui).isDisabled()).toBe(true);
  expect(await whySaveWaits(ui), 'Save says why it waits').not.toMatch(/^$|^No unsaved edits$/);
  if (mistake.saveWithKeys) {
    await pressSave(ui);
    await panelOf(ui).getByRole('alert').filter({ hasText: 'Not saved' }).waitFor(outcome);
  }
  expect(await mistake.onDisk()).toBe(before);

  await mistake.fix();
  await expect.poll(() => invalidFields(ui), outcome).toEqual([]);
  expect(await errorOf(field)).toBe('');
}

/**
 * "New page" or "New article": the title typed first (the dialog puts the cursor there), the
 * address made from it (`address`, as the dialog shows it), Create; the new entry opens as `file`.
 */
export async function createEntry(
  ui: Page,
  button: 'New page' | 'New article',
  title: string,
  address: string,
  file: string,
): Promise<void> {
  await ui.getByRole('button', { name: button, exact: true }).click();
  const dialog = ui.getByRole('dialog', { name: button });
  const titleBox = dialog.getByRole('textbox', { name: 'Title' });
  await expect.poll(() => isFocused(titleBox), outcome).toBe(true);
  await typeOn(ui, titleBox, title);
  await expect.poll(() => dialog.getByRole('textbox', { name: /^Address/ }).inputValue(), outcome).toBe(address);
  await dialog.getByRole('button', { name: 'Create' }).click();
  // Creating writes the entry (and an article's cover picture), then opens it.
  await ui.locator(`[data-open-file="${file}"]`).waitFor({ timeout: 60_000 });
}
