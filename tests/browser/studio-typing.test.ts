// Typing in the studio as people type: long texts key by key (a field that grows past one line keeps
// its element, its focus and every key), select-all-and-type, paste, letters in a number field
// (kept and said, never dropped; Save waits), and undo and redo with the keys inside a field and
// the Markdown editor, which are always the studio's (never the browser's own undo). The fields
// come from each fixture entry's schema; every test reads back what Save wrote to disk.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { composedSchemas } from '../../scripts/content/schemas.ts';
import { Contract, type Resolved, type Schema } from '../../src/studio/schema.ts';
import { fixtureSite } from '../fixtures/studio.ts';
import { editTextAs, offeredPage } from './studio-locators.ts';
import { outcome, save, useStudio } from './studio-session.ts';

const session = useStudio({ restore: true });
const contract = new Contract(Object.fromEntries(composedSchemas()) as Record<string, Record<string, unknown>>, []);
type Path = (string | number)[];

/** The YAML of a page, or the front matter of an article or document. */
const dataOf = (text: string): Record<string, unknown> =>
  parse(text.startsWith('---') ? text.split(/^---$/m)[1] : text) as Record<string, unknown>;
const onDisk = async (file: string) => dataOf(await readFile(path.join(session.studio().root, 'site', file), 'utf8'));
const committed = async (file: string) => dataOf(await readFile(path.join(fixtureSite, file), 'utf8'));
const getIn = (data: unknown, at: Path): unknown =>
  at.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], data);

/** A copy of `data` with the values at `paths` left out. */
function without(data: unknown, paths: Path[]): unknown {
  const copy = structuredClone(data) as Record<string | number, unknown>;
  for (const at of paths) delete (getIn(copy, at.slice(0, -1)) as Record<string | number, unknown>)[at.at(-1)!];
  return copy;
}

/** Text that people type: sentences of the schema's shared text definitions (one line, running text). */
const typedText = new Set(['text', 'paragraph', 'offPageText']);

/** Every text field with a value in `data` (lists included), as the schema describes it, with its path. */
function textFields(resolved: Resolved, data: unknown, at: Path = []): { path: Path; schema: Schema }[] {
  const branch = contract.branch(resolved, data) ?? resolved;
  const { schema, file } = branch;
  if (Array.isArray(data) && schema.items)
    return data.flatMap((item, i) => textFields(contract.resolve(schema.items!, file), item, [...at, i]));
  if (data && typeof data === 'object' && schema.properties)
    return Object.entries(schema.properties).flatMap(([key, child]) =>
      key in data
        ? textFields(contract.resolve(child, file), (data as Record<string, unknown>)[key], [...at, key])
        : [],
    );
  return typeof data === 'string' && typedText.has(branch.def ?? '') && !schema.enum ? [{ path: at, schema }] : [];
}

/** A long sentence for the field at `at` (past 70 characters, as long as its schema allows), ending in `tail`. */
function sentenceFor(at: Path, schema: Schema, tail = ''): string {
  const words = `Typed key by key into ${at.join(' ')}, a sentence long enough to grow the box past one line`;
  const room = Math.min(schema.maxLength ?? 140, 140) - tail.length;
  return `${words.slice(0, room).trimEnd()}${tail}`;
}

const panelOf = (ui: Page) => ui.getByRole('region', { name: 'Editing panel' });
const fieldAt = (ui: Page, at: Path) => panelOf(ui).locator(`:is(input, textarea)[data-path='${JSON.stringify(at)}']`);
const isFocused = (field: Locator) => field.evaluate((el) => el === document.activeElement);
const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

/** Opens every folded list item of the form, so each field of the entry is on screen. */
async function unfoldAll(ui: Page) {
  const folded = panelOf(ui).locator('button[aria-expanded="false"]:not([aria-haspopup])');
  for (let opened = 0; (await folded.count()) > 0 && opened < 100; opened++) await folded.first().click();
}

/**
 * Selects all of the field's text and types `text` key by key, then checks that the field has it
 * all, still has the focus, and is the same element it was (a replaced box loses the keys after).
 */
async function selectAllAndType(ui: Page, field: Locator, text: string) {
  await field.click();
  await field.evaluate((el) => el.setAttribute('data-typing', 'here'));
  await ui.keyboard.press(`${mod}+A`);
  await ui.keyboard.type(text);
  await expect.poll(() => field.inputValue(), outcome).toBe(text);
  expect(await isFocused(field), 'the field keeps the focus').toBe(true);
  expect(await field.getAttribute('data-typing'), 'the field is the element it was').toBe('here');
}

/** In an open (or opening) list of options, moves with ArrowDown to `wanted` and takes it with Enter. */
async function pickWithArrows(ui: Page, wanted: string) {
  // Mantine marks the option the arrow keys are on (aria-selected is the value it already has).
  const chosen = ui.locator('[role="option"][data-combobox-selected]');
  for (let presses = 0; presses < 200; presses++) {
    await ui.keyboard.press('ArrowDown');
    if ((await chosen.count()) > 0 && (await chosen.first().innerText()).trim() === wanted) break;
  }
  expect((await chosen.first().innerText()).trim()).toBe(wanted);
  await ui.keyboard.press('Enter');
}

/** Opens the page's section of type `type` in the editing panel; its index. */
async function openSection(ui: Page, file: string, type: string): Promise<number> {
  const sections = (await committed(file)).sections as { type: string }[];
  const index = sections.findIndex((s) => s.type === type);
  expect(index, `${file} has a ${type} section`).toBeGreaterThanOrEqual(0);
  await ui.locator(`[data-section-row="${index}"]`).click();
  // Its fields are shown: any field under the section's path.
  await panelOf(ui).locator(`[data-path^='["sections",${index},']`).first().waitFor(outcome);
  return index;
}

describe('typing', () => {
  it("every text field of an article (one line, running text, the cover image's alt text) takes a long text typed key by key over all of its text, keeping its focus and its element; Save writes each as typed", async () => {
    const ui = await session.open('?path=/resources/blogs/first-note');
    const original = await committed('blog/first-note.md');
    // List items are covered on a page below; here the article's own fields and its image's.
    const fields = textFields(contract.root('article'), original).filter((f) => !f.path.some(Number.isInteger));
    const kinds = new Set(fields.map((f) => f.schema.pattern));
    expect(fields.map((f) => f.path.join('.'))).toEqual(expect.arrayContaining(['title', 'excerpt', 'image.alt']));
    expect(kinds.size, 'one-line and running text').toBeGreaterThanOrEqual(2);

    const typed = new Map<string, string>();
    for (const { path: at, schema } of fields) {
      const text = sentenceFor(at, schema);
      expect(text.length).toBeGreaterThan(70);
      await selectAllAndType(ui, fieldAt(ui, at), text);
      typed.set(JSON.stringify(at), text);
    }
    // Each keeps what was typed in it after the others were typed.
    for (const { path: at } of fields) expect(await fieldAt(ui, at).inputValue()).toBe(typed.get(JSON.stringify(at)));

    await save(ui, 'blog/first-note.md');
    const saved = await onDisk('blog/first-note.md');
    for (const { path: at } of fields) expect(getIn(saved, at)).toBe(typed.get(JSON.stringify(at)));
    // Nothing else changed.
    const paths = fields.map((f) => f.path);
    expect(without(saved, paths)).toEqual(without(original, paths));
  });

  it('select-all and type in a multi-line field replaces its text with every letter typed (not just the first)', async () => {
    const ui = await session.open('?path=/resources/blogs/first-note');
    const original = await committed('blog/first-note.md');
    const field = fieldAt(ui, ['excerpt']);
    expect(String(original.excerpt).length).toBeGreaterThan(70);
    await selectAllAndType(ui, field, 'Fresh and short.');
    // Again, now that the text is short, with a line typed by Shift+Enter and Enter.
    await field.press(`${mod}+A`);
    await ui.keyboard.type('First line.');
    await ui.keyboard.press('Enter');
    await ui.keyboard.type('Second line.');
    await expect.poll(() => field.inputValue(), outcome).toBe('First line.\nSecond line.');
    expect(await isFocused(field)).toBe(true);
    await save(ui, 'blog/first-note.md');
    expect((await onDisk('blog/first-note.md')).excerpt).toBe('First line.\nSecond line.');
  });

  it("the fields of a page section's list items (questions and answers) take long texts key by key; a one-line field takes no line break", async () => {
    const ui = await session.open('?path=/offer');
    const index = await openSection(ui, 'pages/offer.yaml', 'faq');
    const original = await committed('pages/offer.yaml');
    await unfoldAll(ui);
    const section = contract.section('faq')!;
    const fields = textFields(section, getIn(original, ['sections', index]), ['sections', index]);
    const inItems = fields.filter((f) => f.path.includes('items'));
    expect(inItems.length, 'fields in list items').toBeGreaterThanOrEqual(4);
    for (const { path: at, schema } of fields) await selectAllAndType(ui, fieldAt(ui, at), sentenceFor(at, schema));

    // Enter in a one-line field (a question) adds no line; in running text (an answer) it does.
    const question = fieldAt(ui, ['sections', index, 'items', 0, 'question']);
    const answer = fieldAt(ui, ['sections', index, 'items', 0, 'answer']);
    await question.press('End');
    await question.press('Enter');
    await ui.keyboard.type('?');
    await answer.press('End');
    await answer.press('Enter');
    await ui.keyboard.type('A second paragraph.');
    await expect.poll(() => answer.inputValue(), outcome).toMatch(/\nA second paragraph\.$/);

    await save(ui, 'pages/offer.yaml');
    const saved = await onDisk('pages/offer.yaml');
    for (const { path: at, schema } of fields) {
      const expected = sentenceFor(at, schema);
      if (at.at(-1) === 'question' && at.at(-2) === 0) expect(getIn(saved, at)).toBe(`${expected}?`);
      else if (at.at(-1) === 'answer' && at.at(-2) === 0)
        expect(getIn(saved, at)).toBe(`${expected}\nA second paragraph.`);
      else expect(getIn(saved, at)).toBe(expected);
    }
  });

  it('paste: text pasted from the clipboard lands where the caret is; in a one-line field its line breaks become spaces; inserted text too', async () => {
    const ui = await session.open('?path=/resources/blogs/first-note');
    await ui.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const copy = (text: string) => ui.evaluate((t) => navigator.clipboard.writeText(t), text);
    const title = fieldAt(ui, ['title']);
    const excerpt = fieldAt(ui, ['excerpt']);

    await copy('Pasted\nover two lines');
    await title.click();
    await ui.keyboard.press(`${mod}+A`);
    await ui.keyboard.press(`${mod}+V`);
    await ui.keyboard.type(', then typed');
    await expect.poll(() => title.inputValue(), outcome).toBe('Pasted over two lines, then typed');

    await copy('Line one of the summary.\nLine two.');
    await excerpt.click();
    await ui.keyboard.press(`${mod}+A`);
    await ui.keyboard.press(`${mod}+V`);
    await ui.keyboard.insertText(' Inserted.');
    await expect.poll(() => excerpt.inputValue(), outcome).toBe('Line one of the summary.\nLine two. Inserted.');
    expect(await isFocused(excerpt)).toBe(true);

    await save(ui, 'blog/first-note.md');
    const saved = await onDisk('blog/first-note.md');
    expect([saved.title, saved.excerpt]).toEqual([
      'Pasted over two lines, then typed',
      'Line one of the summary.\nLine two. Inserted.',
    ]);
  });

  it('a link, an icon and a choice in a list item take their value from the keyboard, the focus staying in the field; Save writes them', async () => {
    const ui = await session.open('?path=/');
    const index = await openSection(ui, 'pages/home.yaml', 'hero');
    await unfoldAll(ui);
    const button = ['sections', index, 'buttons', 0];
    const original = await committed('pages/home.yaml');
    const hero = contract.section('hero')!;
    const buttons = contract.resolve(hero.schema.properties!.buttons, hero.file);
    const buttonSchema = contract.resolve(buttons.schema.items!, buttons.file);
    const optionsOf = (name: string) =>
      contract.resolve(buttonSchema.schema.properties![name], buttonSchema.file).schema.enum!.map(String);
    const other = (name: string) => optionsOf(name).find((option) => option !== getIn(original, [...button, name]))!;

    const link = fieldAt(ui, [...button, 'to']);
    await selectAllAndType(ui, link, '/contact');
    // A link field (its schema is the internal path): the site's addresses are offered.
    await offeredPage(ui, '/contact').waitFor(outcome);
    await ui.keyboard.press('Escape');
    expect(await link.inputValue()).toBe('/contact');

    // The icon: its name typed to filter the list, then picked with the arrow keys and Enter.
    const icon = fieldAt(ui, [...button, 'icon']);
    const wantedIcon = optionsOf('icon').find(
      (name) => name.includes('-') && name !== getIn(original, [...button, 'icon']),
    )!;
    await icon.click();
    await ui.keyboard.press(`${mod}+A`);
    await ui.keyboard.type(wantedIcon);
    await pickWithArrows(ui, wantedIcon);
    await expect.poll(() => icon.inputValue(), outcome).toBe(wantedIcon);
    expect(await isFocused(icon)).toBe(true);

    // The choice: opened and picked with the arrow keys and Enter.
    const variant = fieldAt(ui, [...button, 'variant']);
    const wantedVariant = other('variant');
    await variant.focus();
    await pickWithArrows(ui, wantedVariant);
    await expect.poll(() => variant.inputValue(), outcome).toBe(wantedVariant);
    expect(await isFocused(variant)).toBe(true);

    await save(ui, 'pages/home.yaml');
    const saved = await onDisk('pages/home.yaml');
    expect(['to', 'icon', 'variant'].map((name) => getIn(saved, [...button, name]))).toEqual([
      '/contact',
      wantedIcon,
      wantedVariant,
    ]);
  });
});

describe('a number field', () => {
  it('letters typed in a whole-number field stay as typed and are said at the field; Save refuses and writes nothing; a number typed over them is saved; the arrow keys step it', async () => {
    const ui = await session.open('?path=/resources/blogs/first-note');
    const original = await committed('blog/first-note.md');
    const before = await readFile(path.join(session.studio().root, 'site', 'blog/first-note.md'), 'utf8');
    const readTime = fieldAt(ui, ['readTime']);
    expect(contract.root('article').schema.properties?.readTime.type).toBe('integer');

    await selectAllAndType(ui, readTime, 'six');
    /** What the field's error says (as a screen reader reads it: the text its aria-describedby names). */
    const said = () =>
      readTime.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .filter((id) => id.endsWith('-error'))
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(''),
      );
    await expect.poll(said, outcome).toBe('Write a whole number, like 6.');
    expect(await readTime.getAttribute('aria-invalid')).toBe('true');
    // A decimal is no whole number either: still said, still kept.
    await selectAllAndType(ui, readTime, '6.5');
    await expect.poll(said, outcome).toBe('Write a whole number, like 6.');

    await ui.keyboard.press(`${mod}+S`);
    await ui
      .getByText(/Not saved: .*“6\.5”: Write a whole number, like 6\./)
      .first()
      .waitFor(outcome);
    expect(await readFile(path.join(session.studio().root, 'site', 'blog/first-note.md'), 'utf8')).toBe(before);
    expect(await readTime.inputValue()).toBe('6.5');

    await selectAllAndType(ui, readTime, '12');
    await expect.poll(said, outcome).toBe('');
    await readTime.press('ArrowUp');
    await expect.poll(() => readTime.inputValue(), outcome).toBe('13');
    await save(ui, 'blog/first-note.md');
    expect(await onDisk('blog/first-note.md')).toEqual({ ...original, readTime: 13 });
  });

  it('the studio undo takes back letters typed in a number field first, then the number before them', async () => {
    const ui = await session.open('?path=/resources/blogs/first-note');
    const original = await committed('blog/first-note.md');
    const readTime = fieldAt(ui, ['readTime']);
    await selectAllAndType(ui, readTime, '9');
    await ui.keyboard.type('x');
    await expect.poll(() => readTime.inputValue(), outcome).toBe('9x');
    await ui.keyboard.press(`${mod}+Z`);
    await expect.poll(() => readTime.inputValue(), outcome).toBe('9');
    await ui.keyboard.press(`${mod}+Z`);
    await expect.poll(() => readTime.inputValue(), outcome).toBe(String(original.readTime));
    expect(await isFocused(readTime)).toBe(true);
  });
});

describe('undo and redo with the keys', () => {
  it("inside a text box they are the studio's: Ctrl+Z takes back the typing (never empties the box), Ctrl+Shift+Z and Ctrl+Y bring it back, step by step across fields, the focus staying put", async () => {
    const ui = await session.open('?path=/resources/blogs/first-note');
    const original = await committed('blog/first-note.md');
    const title = fieldAt(ui, ['title']);
    const author = fieldAt(ui, ['author']);
    const undoButton = ui.getByRole('button', { name: 'Undo', exact: true });
    const redoButton = ui.getByRole('button', { name: 'Redo', exact: true });

    await selectAllAndType(ui, title, 'A Title Typed Over');
    await selectAllAndType(ui, author, 'Sam Typed');
    // In the author's box: the author back, then the title, the focus staying in the author's box.
    await ui.keyboard.press(`${mod}+Z`);
    await expect.poll(() => author.inputValue(), outcome).toBe(original.author);
    expect(await title.inputValue()).toBe('A Title Typed Over');
    await ui.keyboard.press(`${mod}+Z`);
    await expect.poll(() => title.inputValue(), outcome).toBe(original.title);
    expect(await isFocused(author)).toBe(true);
    await expect.poll(() => undoButton.isDisabled(), outcome).toBe(true);
    // Nothing more to undo: the box keeps its text (the browser's own undo would empty it).
    await ui.keyboard.press(`${mod}+Z`);
    expect([await author.inputValue(), await title.inputValue()]).toEqual([original.author, original.title]);
    expect(await redoButton.isEnabled()).toBe(true);

    await ui.keyboard.press(`${mod}+Shift+Z`);
    await expect.poll(() => title.inputValue(), outcome).toBe('A Title Typed Over');
    await ui.keyboard.press(`${mod}+Y`);
    await expect.poll(() => author.inputValue(), outcome).toBe('Sam Typed');
    expect(await isFocused(author)).toBe(true);
    // The caret is where the text came back: typing goes on after it.
    await ui.keyboard.type(' and more');
    await expect.poll(() => author.inputValue(), outcome).toBe('Sam Typed and more');

    await save(ui, 'blog/first-note.md');
    expect(await onDisk('blog/first-note.md')).toEqual({
      ...original,
      title: 'A Title Typed Over',
      author: 'Sam Typed and more',
    });
  });

  it("inside the Markdown editor they are the studio's too: the typing goes and comes back, and the studio can redo it", async () => {
    const ui = await session.open('?path=/resources/blogs/first-note');
    const file = path.join(session.studio().root, 'site', 'blog/first-note.md');
    const before = await readFile(file, 'utf8');
    await editTextAs(ui, 'Markdown');
    const editor = ui.getByRole('textbox', { name: 'Text (Markdown)' });
    const redoButton = ui.getByRole('button', { name: 'Redo', exact: true });
    const line = '> A quotation, so quotes render.';
    await editor.locator('.cm-line', { hasText: line }).click();
    await ui.keyboard.press('End');
    await ui.keyboard.type(' Typed, then undone and redone.');
    await expect.poll(() => editor.textContent(), outcome).toContain(`${line} Typed, then undone and redone.`);

    await ui.keyboard.press(`${mod}+Z`);
    await expect.poll(() => editor.textContent(), outcome).not.toContain('Typed, then');
    expect(await editor.textContent()).toContain(line);
    await expect.poll(() => redoButton.isEnabled(), outcome).toBe(true);
    await ui.keyboard.press(`${mod}+Shift+Z`);
    await expect.poll(() => editor.textContent(), outcome).toContain(`${line} Typed, then undone and redone.`);
    await ui.keyboard.press(`${mod}+Z`);
    await expect.poll(() => editor.textContent(), outcome).not.toContain('Typed, then');
    await redoButton.click();
    await expect.poll(() => editor.textContent(), outcome).toContain(`${line} Typed, then undone and redone.`);

    await save(ui, 'blog/first-note.md');
    expect(await readFile(file, 'utf8')).toBe(
      before.replace(`\n${line}\n`, `\n${line} Typed, then undone and redone.\n`),
    );
  });

  it("a text box that is none of the entry's fields (the content list's filter) keeps the browser's own undo; the entry's history is untouched", async () => {
    const ui = await session.open('?path=/resources/blogs/first-note');
    const title = fieldAt(ui, ['title']);
    await selectAllAndType(ui, title, 'Kept Title');
    const filter = ui.getByRole('textbox', { name: /filter/i });
    await filter.click();
    await ui.keyboard.type('note');
    await ui.keyboard.press(`${mod}+Z`);
    await expect.poll(() => filter.inputValue(), outcome).not.toBe('note');
    expect(await title.inputValue()).toBe('Kept Title');
    expect(await ui.getByRole('button', { name: 'Redo', exact: true }).isDisabled()).toBe(true);
  });
});
