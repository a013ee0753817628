// Writing an article's body in the studio without knowing Markdown. In the Markdown editor, the
// toolbar's buttons and keys write the Markdown, a link comes from a dialog offering the site's
// pages, an image comes from the picture list or an upload and cannot go in without its
// description, and Enter twice ends a list with a blank line, so the next sentence is a paragraph
// of its own. In the visual editor (the one an article opens in), an edited paragraph changes that
// paragraph of the file and nothing else, and pasted formatting keeps only what an article holds.
// Each test saves and compares the file on disk with the fixture as committed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixtureSite } from '../fixtures/studio.ts';
import { axeProblems } from './site-checks.ts';
import { editTextAs, offeredPage } from './studio-locators.ts';
import { outcome, save, useStudio } from './studio-session.ts';

const session = useStudio({ restore: true });
const onDisk = (file: string) => readFile(path.join(session.studio().root, 'site', file), 'utf8');
const committed = (file: string) => readFile(path.join(fixtureSite, file), 'utf8');
const article = 'blog/second-note.md';

/** The studio on the second fixture article in Markdown, the caret at the end of its last line ("- another list item"). */
async function openAtListEnd(): Promise<Page> {
  const ui = await session.open('?path=/resources/blogs/second-note');
  await editTextAs(ui, 'Markdown');
  const editor = ui.getByRole('textbox', { name: 'Text (Markdown)' });
  await expect.poll(() => editor.evaluate((el) => el.getAttribute('contenteditable')), outcome).toBe('true');
  await editor.locator('.cm-line', { hasText: '- another list item' }).click();
  await ui.keyboard.press('End');
  return ui;
}

const editorText = (ui: Page) =>
  ui
    .getByRole('textbox', { name: 'Text (Markdown)' })
    .evaluate((el) => [...el.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n'));

describe('lists', () => {
  it('Enter twice ends a list and leaves a blank line: the next sentence renders as a paragraph, not inside the last item', async () => {
    const ui = await openAtListEnd();
    const original = await committed(article);
    await ui.keyboard.press('Enter');
    await ui.keyboard.press('Enter');
    await ui.keyboard.type('Next sentence.');
    const rendered = ui.getByRole('region', { name: 'Rendered text' });
    await rendered.locator('p', { hasText: 'Next sentence.' }).waitFor(outcome);
    expect(await rendered.locator('li', { hasText: 'Next sentence.' }).count()).toBe(0);
    expect(await rendered.locator('li').last().textContent()).toBe('another list item');

    await save(ui, article);
    expect(await onDisk(article)).toBe(
      original.replace('- another list item\n', '- another list item\n\nNext sentence.\n'),
    );
  });
});

describe('the toolbar', () => {
  it('every button has a name and a tooltip naming its key; headings, bold, italic, lists and a link written with buttons and keys land in the file as Markdown', async () => {
    const ui = await openAtListEnd();
    const original = await committed(article);
    const toolbar = ui.getByRole('group', { name: 'Formatting' });
    const button = (name: string) => toolbar.getByRole('button', { name, exact: true });
    expect(await axeProblems(ui)).toEqual([]);
    const keys: Record<string, string> = {
      Heading: 'Ctrl+Alt+2',
      Subheading: 'Ctrl+Alt+3',
      Bold: 'Ctrl+B',
      Italic: 'Ctrl+I',
      'Bulleted list': 'Ctrl+Shift+8',
      'Numbered list': 'Ctrl+Shift+7',
      Quote: 'Ctrl+Shift+9',
      Link: 'Ctrl+K',
    };
    for (const [name, key] of Object.entries(keys)) {
      await button(name).hover();
      await ui.getByRole('tooltip', { name: `${name} (${key})` }).waitFor(outcome);
    }
    await button('Image').hover();
    await ui.getByRole('tooltip', { name: 'Image' }).waitFor(outcome);

    // Back in the editor at the end of the list: the list ends, then a heading by its button
    // clicked on the empty line, before its words are typed.
    await ui
      .getByRole('textbox', { name: 'Text (Markdown)' })
      .locator('.cm-line', { hasText: '- another list item' })
      .click();
    await ui.keyboard.press('End');
    await ui.keyboard.press('Enter');
    await ui.keyboard.press('Enter');
    await button('Heading').click();
    await ui.keyboard.type('Our results');
    // Bold by its button with nothing selected: the placeholder is selected and typed over.
    await ui.keyboard.press('Enter');
    await ui.keyboard.press('Enter');
    await ui.keyboard.type('We grew ');
    await button('Bold').click();
    await ui.keyboard.type('fast');
    await ui.keyboard.press('End');
    await ui.keyboard.type('.');
    // Italic by its key on a selected word.
    await ui.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await ui.keyboard.press('ArrowRight');
    for (let i = 0; i < 4; i++) await ui.keyboard.press('Shift+ArrowRight');
    await ui.keyboard.press('Control+i');
    // A subheading by its key, a numbered list by its button continued by Enter and ended by Enter twice.
    await ui.keyboard.press('End');
    await ui.keyboard.press('Enter');
    await ui.keyboard.press('Enter');
    await ui.keyboard.type('In numbers');
    await ui.keyboard.press('Control+Alt+3');
    await ui.keyboard.press('Enter');
    await ui.keyboard.press('Enter');
    await ui.keyboard.type('First');
    await button('Numbered list').click();
    await ui.keyboard.press('Enter');
    await ui.keyboard.type('Second');
    await ui.keyboard.press('Enter');
    await ui.keyboard.press('Enter');
    // A link on the selected words: an unknown page is refused at the field, a page of the list taken.
    await ui.keyboard.type('Read the offer');
    await ui.keyboard.press('Shift+Home');
    await ui.keyboard.press('Control+k');
    const dialog = ui.getByRole('dialog', { name: 'Insert a link' });
    expect(await dialog.getByRole('textbox', { name: 'Text to show' }).inputValue()).toBe('Read the offer');
    const address = dialog.getByRole('combobox', { name: 'Link to' });
    await address.fill('/nowhere');
    await dialog.getByRole('button', { name: 'Insert link' }).click();
    await dialog.getByText('No page has the address /nowhere.').waitFor(outcome);
    expect(await editorText(ui)).not.toContain('/nowhere');
    await address.fill('/off');
    await offeredPage(ui, '/offer').click();
    await dialog.getByRole('button', { name: 'Insert link' }).click();
    await dialog.waitFor({ state: 'detached', ...outcome });
    // The caret is back in the editor after the link.
    await ui.keyboard.type(' today.');

    const added = [
      '',
      '## Our results',
      '',
      'We _grew_ **fast**.',
      '',
      '### In numbers',
      '',
      '1. First',
      '2. Second',
      '',
      '[Read the offer](/offer) today.',
    ].join('\n');
    await expect.poll(() => editorText(ui), outcome).toContain(added);
    const rendered = ui.getByRole('region', { name: 'Rendered text' });
    await rendered.getByRole('heading', { level: 2, name: 'Our results' }).waitFor(outcome);
    await rendered.getByRole('heading', { level: 3, name: 'In numbers' }).waitFor(outcome);
    await rendered.locator('p em', { hasText: 'grew' }).waitFor(outcome);
    await rendered.locator('p strong', { hasText: 'fast' }).waitFor(outcome);
    expect(await rendered.locator('ol li').allTextContents()).toEqual(['First', 'Second']);
    expect(await rendered.getByRole('link', { name: 'Read the offer' }).getAttribute('href')).toBe('/offer');

    await save(ui, article);
    expect(await onDisk(article)).toBe(original.replace('- another list item\n', `- another list item\n${added}\n`));
  });
});

describe('images', () => {
  it('an image from the picker cannot go in without its description; one uploaded from the dialog goes in with it, its own paragraph, no wider than the text', async () => {
    const ui = await openAtListEnd();
    const original = await committed(article);
    const before = await editorText(ui);
    const toolbar = ui.getByRole('group', { name: 'Formatting' });

    // From the picture list: refused until the description is there.
    await toolbar.getByRole('button', { name: 'Image', exact: true }).click();
    let dialog = ui.getByRole('dialog', { name: 'Insert an image' });
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await dialog.getByText('Choose an image, or upload one.').waitFor(outcome);
    await dialog.getByRole('combobox', { name: 'Choose an image' }).click();
    await ui.getByRole('option', { name: '/images/blog/first-note.svg', exact: true }).click();
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await dialog.getByText('Describe the image: without its description it cannot be inserted.').waitFor(outcome);
    expect(await dialog.isVisible()).toBe(true);
    expect(await editorText(ui)).toBe(before);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached', ...outcome });
    expect(await editorText(ui)).toBe(before);

    // Uploaded from the dialog, described, inserted at the caret as a paragraph of its own.
    await toolbar.getByRole('button', { name: 'Image', exact: true }).click();
    dialog = ui.getByRole('dialog', { name: 'Insert an image' });
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2168d4' } })
      .png()
      .toBuffer();
    const chooser = ui.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await (await chooser).setFiles({ name: 'Team Workshop.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Choose an image' }).inputValue(), outcome)
      .toBe('/images/team-workshop.png');
    await dialog.getByRole('textbox', { name: /Description for screen readers/ }).fill('Our team in a workshop');
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await dialog.waitFor({ state: 'detached', ...outcome });

    // The insertion is one step of the studio's history, undone and redone by its keys.
    const inserted = `${before.replace('- another list item\n', '- another list item\n\n![Our team in a workshop](/images/team-workshop.png)\n')}`;
    await expect.poll(() => editorText(ui), outcome).toBe(inserted);
    await ui.keyboard.press('Control+z');
    await expect.poll(() => editorText(ui), outcome).toBe(before);
    await ui.keyboard.press('Control+Shift+z');
    await expect.poll(() => editorText(ui), outcome).toBe(inserted);

    const rendered = ui.getByRole('region', { name: 'Rendered text' });
    const image = rendered.getByRole('img', { name: 'Our team in a workshop' });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), outcome)
      .toBe(1600);
    const widths = await image.evaluate((img) => ({
      image: img.getBoundingClientRect().width,
      text: img.closest('[role=region]')!.getBoundingClientRect().width,
    }));
    expect(widths.image).toBeLessThanOrEqual(widths.text);

    await save(ui, article);
    expect(await onDisk(article)).toBe(
      original.replace(
        '- another list item\n',
        '- another list item\n\n![Our team in a workshop](/images/team-workshop.png)\n',
      ),
    );
    expect((await readFile(path.join(session.studio().root, 'site/images/team-workshop.png'))).length).toBe(png.length);
  });
});

/** What Google Docs puts on the clipboard: every run in a styled span, the whole in a `b` that is not bold. */
const fromGoogleDocs = [
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5e1">',
  '<h1 dir="ltr"><span style="font-size:20pt;font-family:Arial;color:#ff0000">Pasted title</span></h1>',
  '<p dir="ltr" style="line-height:1.38"><span style="font-weight:700;font-family:Arial">Bold words</span>',
  '<span style="font-family:Arial"> and </span><span style="font-style:italic">slanted ones</span>',
  '<span> with <a href="file:///C:/Users/me/offer.docx">a file link</a> and ',
  '<a href="https://example.com/">a web link</a>.</span></p>',
  '<ul><li dir="ltr"><p dir="ltr"><span>First point</span></p></li><li><p><span>Second point</span></p></li></ul>',
  '<img src="file:///C:/Users/me/photo.png" width="300"></b>',
].join('');

describe('the visual editor', () => {
  it('an article opens as it looks; an edited paragraph changes that paragraph of the file only; Heading on an empty line starts a heading; pasted text and an image with its description land as Markdown', async () => {
    const ui = await session.open('?path=/resources/blogs/second-note');
    const original = await committed(article);
    const text = ui.getByRole('textbox', { name: 'Text', exact: true });
    await text.getByRole('heading', { level: 2, name: 'Why This Note Exists' }).waitFor(outcome);
    expect(await axeProblems(ui)).toEqual([]);
    const toolbar = ui.getByRole('group', { name: 'Formatting' });
    const button = (name: string) => toolbar.getByRole('button', { name, exact: true });
    /** The caret at the end of the block, by a click right of its last line. */
    const endOf = async (block: ReturnType<Page['locator']>) => {
      const box = (await block.boundingBox())!;
      await block.click({ position: { x: box.width - 2, y: box.height - 4 } });
    };

    await endOf(text.locator('p', { hasText: 'Article 2 of the fixture blog.' }));
    await ui.keyboard.type(' One more sentence.');
    // The studio's undo and redo reach the visual editor.
    const paragraph = text.locator('p', { hasText: 'Article 2 of the fixture blog.' });
    await ui.keyboard.press('Control+z');
    await expect.poll(() => paragraph.textContent(), outcome).not.toContain('One more sentence.');
    await ui.keyboard.press('Control+Shift+z');
    await expect.poll(() => paragraph.textContent(), outcome).toContain('One more sentence.');
    await save(ui, article);
    const edited = original.replace(
      'and to [the listing](/resources/blogs).\n',
      'and to [the listing](/resources/blogs). One more sentence.\n',
    );
    expect(edited).not.toBe(original);
    expect(await onDisk(article)).toBe(edited);

    // Enter twice ends the list; Heading on the empty line, then its words.
    await endOf(text.locator('li', { hasText: 'another list item' }));
    await ui.keyboard.press('Enter');
    await ui.keyboard.press('Enter');
    await button('Heading').click();
    await ui.keyboard.type('Our results');
    await text.getByRole('heading', { level: 2, name: 'Our results' }).waitFor(outcome);
    await ui.keyboard.press('Enter');
    await text.evaluate((editor, html) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/html', html);
      clipboardData.setData('text/plain', 'Pasted title');
      editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    }, fromGoogleDocs);
    await text.locator('li', { hasText: 'Second point' }).waitFor(outcome);

    // An image from the picture list, with its description shown under it.
    await button('Image').click();
    const dialog = ui.getByRole('dialog', { name: 'Insert an image' });
    await dialog.getByRole('combobox', { name: 'Choose an image' }).click();
    await ui.getByRole('option', { name: '/images/blog/first-note.svg', exact: true }).click();
    await dialog.getByRole('textbox', { name: /Description for screen readers/ }).fill('Cover of the first note');
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await dialog.waitFor({ state: 'detached', ...outcome });
    await text.getByText('Description: Cover of the first note').waitFor(outcome);
    // Selected in the text, its description is changed from the same button.
    await text.getByRole('img', { name: 'Cover of the first note' }).click();
    await button('Image').click();
    const change = ui.getByRole('dialog', { name: 'Change the image' });
    const description = change.getByRole('textbox', { name: /Description for screen readers/ });
    expect(await description.inputValue()).toBe('Cover of the first note');
    await description.fill('Cover of our first note');
    await change.getByRole('button', { name: 'Change image' }).click();
    await change.waitFor({ state: 'detached', ...outcome });
    await text.getByText('Description: Cover of our first note').waitFor(outcome);

    await ui.getByRole('button', { name: 'Save', exact: true }).click();
    const added = [
      '',
      '## Our results',
      '',
      '## Pasted title',
      '',
      '**Bold words** and _slanted ones_ with a file link and [a web link](https://example.com/).',
      '',
      '- First point',
      '- Second point',
      '',
      '![Cover of our first note](/images/blog/first-note.svg)',
    ].join('\n');
    await expect
      .poll(() => onDisk(article), outcome)
      .toBe(edited.replace('- another list item\n', `- another list item\n${added}\n`));

    // The same text in Markdown.
    await editTextAs(ui, 'Markdown');
    await expect.poll(() => editorText(ui), outcome).toContain(added);
  });
});
