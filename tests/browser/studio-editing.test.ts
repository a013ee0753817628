// Editing in the studio that needs a real browser: reordering by drag (the mouse on the outline,
// the keyboard on a list in a form) and typing in the Markdown editor (CodeMirror). Each test
// saves and compares the file on disk with the fixture as committed, line by line.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureSite } from '../fixtures/studio.ts';
import { axeProblems } from './site-checks.ts';
import { editTextAs } from './studio-locators.ts';
import { outcome, save, useStudio } from './studio-session.ts';
import { sectionName } from '../fixtures/studio-labels.ts';

const session = useStudio();
const studio = session.studio;
const onDisk = (file: string) => readFile(path.join(studio().root, 'site', file), 'utf8');
const committed = (file: string) => readFile(path.join(fixtureSite, file), 'utf8');
const openStudio = session.open;

/** The lines of `text` from the line equal to `first` up to (not including) the next line that `until` matches. */
function block(text: string, first: string, until: RegExp): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(first);
  expect(start, `"${first}" is a line of the file`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > start && until.test(line));
  return lines.slice(start, end < 0 ? undefined : end);
}

/** `text` with the lines of `moved` taken out and put back before the line equal to `before`. */
function moveLines(text: string, moved: string[], before: string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((_, i) => moved.every((line, j) => lines[i + j] === line));
  lines.splice(at, moved.length);
  lines.splice(lines.indexOf(before), 0, ...moved);
  return lines.join('\n');
}

describe('reordering', () => {
  it('drags a section in the outline with the mouse and a list item with the keyboard; the saved file has the same lines with the two blocks moved', async () => {
    const ui = await openStudio('?path=/');
    const original = await committed('pages/home.yaml');

    // The mouse: the hero (section 1) dropped on the cards (section 3).
    const handle = ui.getByRole('button', { name: `Drag section 1 (${sectionName('hero')}) to reorder` });
    const from = (await handle.boundingBox())!;
    const to = (await ui.locator('[data-section-row="2"]').boundingBox())!;
    await ui.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await ui.mouse.down();
    await ui.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 4 });
    await ui.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 4, { steps: 12 });
    await ui.mouse.up();
    await ui.getByRole('button', { name: `Drag section 3 (${sectionName('hero')}) to reorder` }).waitFor(outcome);

    // The keyboard: in the figures (now section 1), the first figure moved one down.
    await ui.locator('[data-section-row="0"]').getByText('Four Figures in a Row').click();
    const figure = ui.getByRole('button', { name: 'Drag Fixture figure one to reorder' });
    await figure.focus();
    await ui.keyboard.press('Space');
    await ui
      .getByRole('status')
      .filter({ hasText: 'Picked up Fixture figure one, in position 1 of 4.' })
      .waitFor({ state: 'attached', ...outcome });
    await ui.keyboard.press('ArrowDown');
    await ui
      .getByRole('status')
      .filter({ hasText: 'Fixture figure one moves to position 2 of 4.' })
      .waitFor({ state: 'attached', ...outcome });
    await ui.keyboard.press('Space');
    await ui
      .getByRole('status')
      .filter({ hasText: 'Dropped Fixture figure one in position 2 of 4.' })
      .waitFor({ state: 'attached', ...outcome });
    // The keyboard stays with the moved item, so it can go on moving it.
    await expect.poll(() => figure.evaluate((el) => el === document.activeElement), outcome).toBe(true);
    await expect
      .poll(
        () =>
          ui
            .getByRole('button', { name: /^Drag Fixture figure/ })
            .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
        outcome,
      )
      .toEqual([
        'Drag Fixture figure two to reorder',
        'Drag Fixture figure one to reorder',
        'Drag Fixture figure three to reorder',
        'Drag Fixture figure four to reorder',
      ]);

    await save(ui, 'pages/home.yaml');
    const saved = await onDisk('pages/home.yaml');
    // The hero's lines (with the blank line that follows each section) now come after the cards,
    // the first figure's lines after the second figure's; nothing else changed.
    const hero = block(original, '  - type: hero', /^  - type: /);
    const figureOne = block(original, '      - value: 1,234+', /^      - value: /);
    expect(hero.at(-1)).toBe('');
    expect(saved).toBe(moveLines(moveLines(original, hero, '  - type: articles'), figureOne, '      - value: USD 7B'));
  });
});

describe('the Markdown editor', () => {
  it("the editor is a labelled textbox axe finds nothing wrong with; typing in an article's body shows in the rendered text at once; the studio's undo and redo reach the editor; Save changes only the line typed in", async () => {
    const ui = await openStudio('?path=/resources/blogs/first-note');
    const original = await committed('blog/first-note.md');
    await editTextAs(ui, 'Markdown');
    const editor = ui.getByRole('textbox', { name: 'Text (Markdown)' });
    const rendered = ui.getByRole('region', { name: 'Rendered text' });
    await expect.poll(() => editor.evaluate((el) => el.getAttribute('contenteditable')), outcome).toBe('true');
    await expect
      .poll(
        () => editor.getAttribute('aria-describedby').then((ids) => ui.locator(`[id="${ids}"]`).textContent()),
        outcome,
      )
      .toContain('## for a heading');
    expect(await axeProblems(ui)).toEqual([]);

    // The cursor at the end of the quotation, then typing: the editor and the rendered text follow.
    await editor.locator('.cm-line', { hasText: '> A quotation, so quotes render.' }).click();
    await ui.keyboard.press('End');
    await ui.keyboard.type(' Typed in the **studio**.');
    await rendered
      .locator('blockquote', { hasText: 'A quotation, so quotes render. Typed in the studio.' })
      .locator('strong', { hasText: 'studio' })
      .waitFor(outcome);

    // The studio's Undo (its button, outside the editor) takes the typing back out of the editor.
    await ui.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => editor.textContent(), outcome).not.toContain('Typed in the');
    await expect
      .poll(
        () =>
          rendered
            .locator('blockquote')
            .textContent()
            .then((text) => text?.trim()),
        outcome,
      )
      .toBe('A quotation, so quotes render.');
    await ui.getByRole('button', { name: 'Redo' }).click();
    await expect
      .poll(() => editor.textContent(), outcome)
      .toContain('> A quotation, so quotes render. Typed in the **studio**.');
    // The caret ends after the text the redo brought back, and focus coming back by keyboard keeps it.
    await editor.focus();
    await ui.keyboard.type(' Twice.');
    await expect
      .poll(() => editor.textContent(), outcome)
      .toContain('> A quotation, so quotes render. Typed in the **studio**. Twice.');

    await save(ui, 'blog/first-note.md');
    const saved = await onDisk('blog/first-note.md');
    expect(saved).toBe(
      original.replace(
        '\n> A quotation, so quotes render.\n',
        '\n> A quotation, so quotes render. Typed in the **studio**. Twice.\n',
      ),
    );
    expect(saved).not.toBe(original);
  });
});
