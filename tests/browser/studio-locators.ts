// How studio browser tests find what the studio shows: the editing panel, a field by its place in
// the entry's data (as the studio marks it), what a field says about itself, the problem count and
// Save.
import type { Locator, Page } from 'playwright-core';

export type DataPath = (string | number)[];

export const panelOf = (ui: Page) => ui.getByRole('region', { name: 'Editing panel' });
/** The field holding the value at `at` in the open entry. */
export const fieldAt = (ui: Page, at: DataPath) =>
  panelOf(ui).locator(`:is(input, textarea)[data-path='${JSON.stringify(at)}']`);
export const isFocused = (field: Locator) => field.evaluate((el) => el === document.activeElement);
export const saveButton = (ui: Page) => ui.getByRole('button', { name: 'Save', exact: true });
/** A page a picker offers, found by its address (shown under its title). */
export const offeredPage = (ui: Page, address: string) =>
  ui.getByRole('option').filter({ has: ui.getByText(address, { exact: true }) });
export const problemCount = (ui: Page) => ui.getByRole('button', { name: /^\d+ problems?$/ });

/** What the studio says at a field (the error its aria-describedby names), "" when nothing. */
export const errorOf = (field: Locator) =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id.endsWith('-error'))
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(''),
  );

/** Switches the article's text to the editor named `name` ("Visual" or "Markdown"). */
export async function editTextAs(ui: Page, name: 'Visual' | 'Markdown'): Promise<void> {
  const button = ui.getByRole('group', { name: 'Edit the text as' }).getByRole('button', { name, exact: true });
  await button.click();
  await button.and(ui.locator('[aria-pressed=true]')).waitFor();
}

/** Chooses `words` in a field whose words are selected in another's text (the banner's highlight), as a mouse would select them. */
export const chooseWords = (field: Locator, words: string) =>
  field.evaluate((el: HTMLTextAreaElement, chosen) => {
    const at = el.value.indexOf(chosen);
    if (at < 0) throw new Error(`"${chosen}" is not in "${el.value}"`);
    el.focus();
    el.setSelectionRange(at, at + chosen.length);
  }, words);
