// Drafts that survive anything (issue 23, item 1), as an editor lives them in Chromium. In the
// laptop studio: type, reload at once, and the draft is back ("Unsaved draft from <time>"); kept,
// it is one undoable step and its save changes only the edited line; dropped, it is gone; a draft
// of a file discarded in the review is gone too. On the studio on the server (a child process, as
// `npm start` runs it, with an editor signed in): type, kill the server, start it again, and the
// draft is back from the server (a fresh browser); typed while the server cannot be reached, it is
// back from the browser's copy.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { changedLines, fixtureSite } from '../fixtures/studio.ts';
import { fieldAt } from './studio-locators.ts';
import { outcome, save, useStudio } from './studio-session.ts';

const session = useStudio({ restore: true });
const committed = (file: string) => readFile(path.join(fixtureSite, file), 'utf8');
const onDisk = (file: string) => readFile(path.join(session.studio().root, 'site', file), 'utf8');

/** The drafts this browser keeps, by file: the draft's data and body. */
const keptInBrowser = (ui: Page) =>
  ui.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((key) => key.startsWith('studio-draft:'))
        .map((key) => {
          const kept = JSON.parse(localStorage.getItem(key)!) as { file: string; draft: unknown };
          return [kept.file, kept.draft];
        }),
    ),
  );

/** Reloads the studio (saying yes to "leave with unsaved edits?") and waits until it is ready. */
async function reload(ui: Page) {
  const accept = (dialog: { accept: () => Promise<void> }) => void dialog.accept();
  ui.on('dialog', accept);
  await ui.reload();
  ui.off('dialog', accept);
  await ui.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, { timeout: 60_000 });
}

const offer = (ui: Page) => ui.getByRole('dialog', { name: /^Unsaved draft from / });
const markdown = (ui: Page) => ui.getByRole('textbox', { name: 'Text (Markdown)' });
const markdownText = (ui: Page) =>
  markdown(ui).evaluate((el) => [...el.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n'));

describe('in the laptop studio', () => {
  it('type, reload at once: the draft is back; kept, it is one undoable step, and its save changes only the edited line; then it is gone', async () => {
    const file = 'pages/contact.yaml';
    const ui = await session.open('?path=/contact');
    const description = fieldAt(ui, ['description']);
    const original = await description.inputValue();
    const typed = 'Ask us anything about the fixture site, and we answer every message within a day.';
    await description.fill(typed);
    // Reloaded at once: the page going away writes the draft (no waiting for the pause after typing).
    await reload(ui);

    const question = offer(ui);
    await question.waitFor(outcome);
    // "Unsaved draft from <weekday, month day, time>" in the browser's own words.
    expect(await question.getByRole('heading').textContent()).toMatch(
      /^Unsaved draft from \w+, \w+ \d{1,2}(, \d{4})? at \d{1,2}:\d{2}( [AP]M)?$/,
    );
    // Nothing is typed over while the question is open.
    expect(await description.inputValue()).toBe(original);
    await question.getByRole('button', { name: 'Keep the draft' }).click();
    await question.waitFor({ state: 'detached', ...outcome });
    await expect.poll(() => description.inputValue(), outcome).toBe(typed);
    await ui.getByText('Unsaved edits').waitFor(outcome);

    // One step over the file: Undo is the file, Redo the draft.
    await ui.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => description.inputValue(), outcome).toBe(original);
    expect(await ui.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    await ui.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => description.inputValue(), outcome).toBe(typed);

    await save(ui, file);
    expect(changedLines(session.studio(), file)).toEqual({
      removed: [`description: ${original}`],
      added: [`description: ${typed}`],
    });
    // Saved: no draft is kept, and none is offered again.
    await expect.poll(() => keptInBrowser(ui), outcome).toEqual({});
    await reload(ui);
    await expect.poll(() => description.inputValue(), outcome).toBe(typed);
    expect(await offer(ui).count()).toBe(0);
  });

  it('a Markdown draft dropped is gone; a draft of a file discarded in the review is gone too', async () => {
    const file = 'blog/second-note.md';
    const ui = await session.open('?path=/resources/blogs/second-note');
    const original = await markdownText(ui);
    await markdown(ui).locator('.cm-line', { hasText: '- another list item' }).click();
    await ui.keyboard.press('End');
    await ui.keyboard.type(' kept as a draft');
    // Kept shortly after the last keystroke, without leaving the page.
    await expect
      .poll(() => keptInBrowser(ui), outcome)
      .toEqual({
        [file]: expect.objectContaining({ body: expect.stringContaining('- another list item kept as a draft') }),
      });
    await reload(ui);
    const question = offer(ui);
    await question.getByText('Second Fixture Note').waitFor(outcome);
    await question.getByRole('button', { name: 'Drop the draft' }).click();
    await question.waitFor({ state: 'detached', ...outcome });
    expect(await markdownText(ui)).toBe(original);
    await expect.poll(() => keptInBrowser(ui), outcome).toEqual({});
    await reload(ui);
    expect(await offer(ui).count()).toBe(0);
    expect(await onDisk(file)).toBe(await committed(file));

    // A saved edit, then an unsaved one kept as a draft; the file discarded in the review takes both.
    await markdown(ui).locator('.cm-line', { hasText: '- a list item' }).click();
    await ui.keyboard.press('End');
    await ui.keyboard.type(' saved');
    await save(ui, file);
    await markdown(ui).locator('.cm-line', { hasText: '- a list item saved' }).click();
    await ui.keyboard.press('End');
    await ui.keyboard.type(' and a draft');
    await expect.poll(async () => Object.keys(await keptInBrowser(ui)), outcome).toEqual([file]);
    await ui.getByRole('button', { name: 'Changes', exact: true }).click();
    const review = ui.getByRole('dialog', { name: 'Changes since the last commit' });
    await review.getByRole('button', { name: 'Discard all changes to Second Fixture Note' }).click();
    await review.getByRole('button', { name: 'Yes, discard' }).click();
    await expect.poll(() => onDisk(file), outcome).toBe(await committed(file));
    await expect.poll(() => keptInBrowser(ui), outcome).toEqual({});
    await expect.poll(() => markdownText(ui), outcome).toBe(original);
  });
});
