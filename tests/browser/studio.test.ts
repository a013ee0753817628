// The studio (`npm run studio`) driven as an editor drives it: by labels, buttons and the page in its
// preview, on a temporary copy of the fixture site in a git repository of its own. Each test starts
// from the fixture as committed and asserts what lands on disk, line by line.
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { WCAG_TAGS } from '../../scripts/bench/axe.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { changedLines, studioGit } from '../fixtures/studio.ts';
import { fileLabel, sectionLabel, sectionName } from '../fixtures/studio-labels.ts';
import { editTextAs } from './studio-locators.ts';
import { outcome, save, useStudio } from './studio-session.ts';

const session = useStudio({ restore: true });
const studio = session.studio;

const onDisk = (file: string) => readFile(path.join(studio().root, 'site', file), 'utf8');

/** The studio page at `query` (e.g. "?path=/contact"), once it has loaded its entry and the preview. */
async function openStudio(query = ''): Promise<{ page: Page; preview: FrameLocator }> {
  const page = await session.open(query);
  const preview = page.frameLocator('iframe[title="Page preview"]');
  await preview.locator('main').waitFor(outcome);
  return { page, preview };
}

const field = (p: Page, name: string) =>
  p.getByRole('region', { name: 'Editing panel' }).getByRole('textbox', { name, exact: true });

/** Presses Tab until the focused element's label (or name) matches, as a keyboard user would. */
async function tabTo(p: Page, name: RegExp): Promise<void> {
  for (let presses = 0; presses < 250; presses++) {
    await p.keyboard.press('Tab');
    const focused = await p.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return (el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '')
        .replace(/\s*\*$/, '')
        .trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.2 AA violations of the studio page itself (the preview is the site, tested on its own). */
async function axeViolations(p: Page): Promise<string[]> {
  await p.evaluate(axeSource);
  return p.evaluate(async (tags) => {
    type Result = { violations: { id: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<Result> } }).axe;
    const result = await axe.run({ exclude: [['iframe']] }, { runOnly: { type: 'tag', values: tags }, iframes: false });
    return result.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, WCAG_TAGS);
}

describe('editing a page', () => {
  it('a click on the headline in the preview selects its section and focuses its field; the edit is previewed and saved as exactly one changed line', async () => {
    const { page, preview } = await openStudio();
    const headline = preview.getByRole('heading', { level: 1, name: 'Every Field. One Page.' });
    await preview.locator('[data-section="0"]').waitFor(outcome);
    await headline.hover();
    // Hovering outlines the section and names its type as the panel does, never by its YAML name.
    const hovered = await preview
      .locator('[data-section="0"]')
      .evaluate((el) => [getComputedStyle(el).outlineStyle, getComputedStyle(el, '::before').content]);
    expect(hovered).toEqual(['solid', JSON.stringify(sectionName('hero'))]);
    expect(sectionName('hero')).not.toBe('hero');
    await headline.click();
    await page.getByRole('heading', { level: 2, name: 'Section 1' }).waitFor(outcome);
    const title = field(page, sectionLabel('hero', 'title'));
    await expect.poll(() => title.evaluate((el) => el === document.activeElement), outcome).toBe(true);
    await title.fill('Every Field. One Page. Edited in the Studio');
    await preview
      .getByRole('heading', { level: 1, name: 'Every Field. One Page. Edited in the Studio' })
      .waitFor(outcome);
    await save(page, 'pages/home.yaml');
    expect(changedLines(studio(), 'pages/home.yaml')).toEqual({
      removed: ['    title: Every Field. One Page.'],
      added: ['    title: Every Field. One Page. Edited in the Studio'],
    });
    expect(studioGit(studio(), 'status', '--porcelain')).toBe(' M site/pages/home.yaml');
  });

  it('a click on text inside a list item (an FAQ question) opens that item and focuses its field', async () => {
    const { page, preview } = await openStudio('?path=/offer');
    await preview.getByText('Does every section render?', { exact: true }).click();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return { label: el?.labels?.[0]?.textContent?.replace(/\s*\*$/, ''), value: el?.value };
      });
    await expect
      .poll(focused, outcome)
      .toEqual({ label: sectionLabel('faq', 'items', 'question'), value: 'Does every section render?' });
  });

  it('adds a section from the type picker, moves it and deletes another, and the file changes by exactly those sections', async () => {
    const { page, preview } = await openStudio('?path=/summary');
    await page.getByRole('button', { name: 'Add a section' }).click();
    await page
      .getByRole('dialog', { name: 'Add a section' })
      .getByRole('button', { name: `Add a section: ${sectionName('faq')}` })
      .click();
    await page.getByRole('button', { name: `Move section 3 (${sectionName('faq')}) up` }).click();
    await page.getByRole('button', { name: `Delete section 1 (${sectionName('hero')})` }).click();
    await expect
      .poll(
        () =>
          preview.locator('main section[data-type]').evaluateAll((all) => all.map((s) => s.getAttribute('data-type'))),
        outcome,
      )
      .toEqual(['faq', 'document']);
    await save(page, 'pages/summary.yaml');
    const { removed, added } = changedLines(studio(), 'pages/summary.yaml');
    expect(removed).toEqual([
      '  - type: hero',
      '    title: The Fixture Summary',
      '    buttons:',
      '      - label: Print This',
      '        action: print',
      '        icon: file-text',
    ]);
    expect(added).toEqual([
      '  - type: faq',
      '    title: FAQ',
      '    items:',
      '      - question: How fast can you start?',
      '        answer: Within two weeks.',
    ]);
  });

  it('undo and redo step through unsaved edits, and leaving them asks first', async () => {
    const { page } = await openStudio('?path=/contact');
    const title = field(page, fileLabel('page', 'title'));
    await title.fill('Contact Us');
    await page.getByText('Unsaved edits').waitFor(outcome);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => title.inputValue(), outcome).toBe('Contact');
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => title.inputValue(), outcome).toBe('Contact Us');
    // Opening another entry asks; declining keeps the edit.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: /^Start/ }).click();
    await expect
      .poll(() => asked, outcome)
      .toEqual(['confirm: You have unsaved edits. Leave them and open another entry?']);
    expect(await title.inputValue()).toBe('Contact Us');
    // Leaving the studio asks too; staying keeps the edit.
    await page.goto(`${studio().base}/`).catch(() => undefined);
    await expect.poll(() => asked.length, outcome).toBe(2);
    expect(asked[1]).toMatch(/^beforeunload/);
    expect(page.url()).toContain('/_studio/');
    expect(await title.inputValue()).toBe('Contact Us');
    expect(studioGit(studio(), 'status', '--porcelain')).toBe('');
  });

  it('never overwrites a file edited on disk since it was opened', async () => {
    const { page } = await openStudio('?path=/contact');
    await field(page, fileLabel('page', 'title')).fill('Contact the Studio');
    const elsewhere = (await onDisk('pages/contact.yaml')).replace(
      'description: ',
      '# Written in a text editor meanwhile.\ndescription: ',
    );
    await writeFile(path.join(studio().root, 'site', 'pages', 'contact.yaml'), elsewhere);
    await page.getByRole('alert').filter({ hasText: 'Someone else saved this meanwhile' }).waitFor(outcome);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('button', { name: 'Reload it (drops your unsaved edits)' }).click();
    await expect.poll(() => field(page, fileLabel('page', 'title')).inputValue(), outcome).toBe('Contact');
    expect(await onDisk('pages/contact.yaml')).toBe(elsewhere);
  });
});

describe('the editor nobody taught YAML', () => {
  it('changes the home headline, adds a FAQ to the contact page and publishes a new article, and git shows exactly that', async () => {
    const { page, preview } = await openStudio();
    await preview.getByRole('heading', { level: 1 }).click();
    await field(page, sectionLabel('hero', 'title')).fill('Every Field. One Page. Now Live');
    await save(page, 'pages/home.yaml');

    await page
      .getByRole('navigation', { name: 'Content' })
      .getByRole('link', { name: /^Contact\s*\/contact/ })
      .click();
    await page.locator('[data-open-file="pages/contact.yaml"]').waitFor(outcome);
    await page.getByRole('button', { name: 'Add a section' }).click();
    await page
      .getByRole('dialog', { name: 'Add a section' })
      .getByRole('button', { name: `Add a section: ${sectionName('faq')}` })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Section 2' }).waitFor(outcome);
    await field(page, sectionLabel('faq', 'title')).fill('Questions');
    await page.getByRole('button', { name: '1. How fast can you start?' }).click();
    await field(page, sectionLabel('faq', 'items', 'question')).fill('Do you answer on weekends?');
    await field(page, sectionLabel('faq', 'items', 'answer')).fill('On Mondays, first thing.');
    await preview.getByText('Do you answer on weekends?').waitFor(outcome);
    await save(page, 'pages/contact.yaml');

    await page.getByRole('button', { name: 'New article' }).click();
    const dialog = page.getByRole('dialog', { name: 'New article' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('A Note From the Studio');
    // The slug is made from the title; it stays editable.
    const slug = dialog.getByRole('textbox', { name: 'Address of the article (slug)' });
    await expect.poll(() => slug.inputValue(), outcome).toBe('a-note-from-the-studio');
    await slug.fill('studio-note');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.locator('[data-open-file="blog/studio-note.md"]').waitFor(outcome);
    await field(page, fileLabel('article', 'excerpt')).fill(
      'How an editor who never saw YAML wrote and published this note from the browser.',
    );
    await editTextAs(page, 'Markdown');
    const body = page.getByRole('textbox', { name: 'Text (Markdown)' });
    await body.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('## Written in the Browser\n\nNo YAML was typed for this note.');
    await page.getByRole('switch', { name: /^Draft/ }).click();
    await save(page, 'blog/studio-note.md');

    expect(studioGit(studio(), 'status', '--porcelain').split('\n')).toEqual([
      ' M site/pages/contact.yaml',
      ' M site/pages/home.yaml',
      '?? site/blog/studio-note.md',
      '?? site/images/blog/studio-note.svg',
    ]);
    expect(changedLines(studio(), 'pages/home.yaml')).toEqual({
      removed: ['    title: Every Field. One Page.'],
      added: ['    title: Every Field. One Page. Now Live'],
    });
    expect(changedLines(studio(), 'pages/contact.yaml')).toEqual({
      removed: [],
      added: [
        '  - type: faq',
        '    title: Questions',
        '    items:',
        '      - question: Do you answer on weekends?',
        '        answer: On Mondays, first thing.',
      ],
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(await onDisk('blog/studio-note.md')).toBe(`---
# Blog article: A Note From the Studio
id: 5
title: A Note From the Studio
excerpt: How an editor who never saw YAML wrote and published this note from the browser.
date: ${today}
category: Business Impact
readTime: 6
image:
  src: /images/blog/studio-note.svg
  alt: Abstract cover illustration for the article A Note From the Studio
  width: 1200
  height: 630
---
## Written in the Browser

No YAML was typed for this note.
`);
    // Published: the site as built (drafts left out) has the article, and validation is clean.
    const built = await loadSite({ root: studio().root });
    expect(built.errors).toEqual([]);
    expect(built.model?.articles.map((a) => a.slug)).toContain('studio-note');
  }, 120_000);
});

describe('access', () => {
  it('works from the keyboard alone: Tab to a section, Enter, Tab to a field, type, Ctrl+S', async () => {
    const { page } = await openStudio('?path=/contact');
    await tabTo(page, /Ask Us Anything$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Section 1' }).waitFor(outcome);
    await tabTo(page, new RegExp(`^${sectionLabel('form', 'eyebrow')}$`));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Write to Us');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Saved Contact', { exact: true }).waitFor(outcome);
    expect(changedLines(studio(), 'pages/contact.yaml')).toEqual({
      removed: ['    eyebrow: Contact'],
      added: ['    eyebrow: Write to Us'],
    });
  });

  it('has no axe violations with a page open and a section selected', async () => {
    const { page } = await openStudio('?path=/contact');
    await page.getByRole('button', { name: /Ask Us Anything$/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Section 1' }).waitFor(outcome);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('images', () => {
  it('uploads a picture into an image field, refuses a file that only pretends to be one, and requires the alt text', async () => {
    const { page } = await openStudio('?path=/resources/blogs/first-note');
    const image = page.getByRole('group', { name: `${fileLabel('article', 'image')} *` });
    const alt = image.getByRole('textbox', { name: fileLabel('article', 'image', 'alt') });
    const upload = async (name: string, buffer: Buffer) => {
      const chooser = page.waitForEvent('filechooser');
      await image.getByRole('button', { name: 'Upload' }).click();
      await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
    };
    await upload('notes.png', Buffer.from('Meeting notes, not a picture.\n'));
    await image.getByRole('alert').filter({ hasText: 'This file is not an image the site can show' }).waitFor(outcome);
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2168d4' } })
      .png()
      .toBuffer();
    await upload('Team Photo.png', png);
    // The file's address and its size are technical: under Details.
    await image.getByRole('button', { name: 'Details' }).click();
    await expect
      .poll(() => image.getByRole('textbox', { name: fileLabel('article', 'image', 'src') }).inputValue(), outcome)
      .toBe('/images/team-photo.png');
    expect(await readdir(path.join(studio().root, 'site', 'images'))).not.toContain('notes.png');
    expect(await readFile(path.join(studio().root, 'site', 'images', 'team-photo.png'))).toEqual(png);
    await alt.fill('');
    await expect.poll(() => alt.getAttribute('aria-invalid'), outcome).toBe('true');
    // Save is grey while a problem shows; Ctrl+S still asks, and the server refuses.
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('alert').filter({ hasText: 'Not saved' }).waitFor(outcome);
    await alt.fill('The team around a table');
    await save(page, 'blog/first-note.md');
    // The new picture's own size replaces the old one's; nothing else changes.
    expect(changedLines(studio(), 'blog/first-note.md')).toEqual({
      removed: [
        '  src: /images/blog/first-note.svg',
        '  alt: "Cover of the fixture article First Fixture Note"',
        '  width: 1200',
        '  height: 630',
      ],
      added: ['  src: /images/team-photo.png', '  alt: "The team around a table"', '  width: 1600', '  height: 900'],
    });
  });
});
