// The review (Changes) as an editor reads it: a title edited, a section moved and a picture uploaded
// are told in words — where, and old → new — a moved section as one move, the pictures as
// thumbnails, and no trace of git's text format. Discarding one change puts back only its lines;
// discarding a file puts it back byte for byte, and a new picture is removed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composedSchemas, sectionTypes } from '../../scripts/content/schemas.ts';
import { Contract, labelOf, type Resolved } from '../../src/studio/schema.ts';
import { changedLines, fixtureSite, previewHref, studioGit } from '../fixtures/studio.ts';
import { outcome, save, useStudio } from './studio-session.ts';

const session = useStudio({ restore: true });
const studio = session.studio;
const onDisk = (file: string) => readFile(path.join(studio().root, 'site', file));
const original = (file: string) => readFile(path.join(fixtureSite, file));

// Section types and field labels are named as the studio names them, from the schema.
const contract = new Contract(Object.fromEntries(composedSchemas()), sectionTypes());
const typeName = (type: string) => labelOf(type, contract.section(type)!.schema);
const fieldLabel = (holder: Resolved, key: string) =>
  labelOf(key, contract.resolve(holder.schema.properties![key], holder.file).schema);
const heroTitle = fieldLabel(contract.section('hero')!, 'title');
const articleImage = contract.resolve(contract.root('article').schema.properties!.image, 'article.schema.json');
const altLabel = fieldLabel(articleImage, 'alt');
const imageLabel = fieldLabel(contract.root('article'), 'image');

const field = (p: Page, name: string) =>
  p.getByRole('region', { name: 'Editing panel' }).getByRole('textbox', { name, exact: true });

async function openReview(page: Page) {
  await page.getByRole('button', { name: 'Not live yet', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Saved — not live yet' });
  await review.getByRole('region').first().waitFor(outcome);
  return review;
}

describe('the review', () => {
  it('tells an edited title, a moved section and an uploaded picture in words, with thumbnails; discards one change and whole files', async () => {
    const page = await session.open();
    const preview = page.frameLocator('iframe[title="Page preview"]');
    await preview.locator('main').waitFor(outcome);

    // The headline edited and the cards section moved above the figures, saved together.
    await preview.getByRole('heading', { level: 1 }).click();
    await field(page, heroTitle).fill('Every Field. One Page. Now Live');
    await page.getByRole('button', { name: `Move section 3 (${typeName('cards')}) up` }).click();
    await save(page, 'pages/home.yaml');

    // A picture uploaded into an article's image field, with its description.
    await page
      .getByRole('navigation', { name: 'Content' })
      .getByRole('link', { name: /^First Fixture Note/ })
      .click();
    await page.locator('[data-open-file="blog/first-note.md"]').waitFor(outcome);
    const image = page.getByRole('group', { name: imageLabel }).first();
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#d46a21' } })
      .png()
      .toBuffer();
    // The studio's answer to the upload is held until the description has been typed: an upload
    // that lands while the editor types must keep what they typed.
    let answer!: () => void;
    const typed = new Promise<void>((resolve) => (answer = resolve));
    await page.route(
      (url) => url.pathname.endsWith('/upload'),
      async (route) => {
        const response = await route.fetch();
        await typed;
        await route.fulfill({ response });
      },
    );
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser', outcome),
      image.getByRole('button', { name: 'Upload' }).click(),
    ]);
    await chooser.setFiles({ name: 'Team Workshop.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => onDisk('images/team-workshop.png').catch(() => undefined), outcome).toEqual(png);
    await image.getByRole('textbox', { name: altLabel }).fill('The team at the workshop');
    answer();
    await expect.poll(() => image.locator('img').getAttribute('src'), outcome).toMatch(/team-workshop\.png$/);
    expect(await image.getByRole('textbox', { name: altLabel }).inputValue()).toBe('The team at the workshop');
    await save(page, 'blog/first-note.md');

    const review = await openReview(page);
    const home = review.getByRole('region', { name: 'Start' });
    const article = review.getByRole('region', { name: 'First Fixture Note' });
    const upload = review.getByRole('region', { name: 'New image: team-workshop.png' });
    const titleLine = home.getByRole('listitem').filter({ hasText: `${heroTitle}:` });
    await expect
      .poll(() => titleLine.locator('p').first().textContent(), outcome)
      .toBe(`Start › ${typeName('hero')} › ${heroTitle}: Every Field. One Page. → Every Field. One Page. Now Live`);
    // The move is one line, not a removal and an addition of forty lines.
    expect(await home.getByRole('listitem').allTextContents()).toHaveLength(2);
    expect(await home.getByRole('listitem').nth(1).locator('p').first().textContent()).toBe(
      `Start: ${typeName('cards')} moved above ${typeName('stats')}`,
    );
    // The article's image: old and new side by side, and its new description.
    const imageLine = article.getByRole('listitem');
    expect(await imageLine.count()).toBe(1);
    expect(await imageLine.textContent()).toContain('/images/blog/first-note.svg → /images/team-workshop.png');
    expect(await imageLine.textContent()).toContain('The team at the workshop');
    // Thumbnails that really show the pictures.
    const shown = (locator: ReturnType<Page['locator']>) =>
      locator.evaluateAll((images) =>
        (images as HTMLImageElement[]).map((img) => [new URL(img.src).pathname, img.complete && img.naturalWidth > 0]),
      );
    await expect
      .poll(() => shown(imageLine.locator('img')), outcome)
      .toEqual([
        [previewHref(session.studio(), '/images/blog/first-note.svg'), true],
        [previewHref(session.studio(), '/images/team-workshop.png'), true],
      ]);
    await expect
      .poll(() => shown(upload.locator('img')), outcome)
      .toEqual([[previewHref(session.studio(), '/images/team-workshop.png'), true]]);
    // No git jargon anywhere.
    const text = (await review.textContent()) ?? '';
    for (const jargon of ['@@', 'index ', 'diff --git', 'Binary files', '/dev/null', '+++', '---'])
      expect(text).not.toContain(jargon);

    // One change discarded: only the title's line goes back; the move stays.
    await titleLine.getByRole('button', { name: 'Discard this change to Start' }).click();
    await titleLine.getByRole('button', { name: 'Yes, discard' }).click();
    await expect.poll(() => home.getByRole('listitem').count(), outcome).toBe(1);
    const moveOnly = changedLines(studio(), 'pages/home.yaml');
    expect(moveOnly.added.some((line) => line.includes('title: Every Field'))).toBe(false);
    expect([...moveOnly.added].sort()).toEqual([...moveOnly.removed].sort());
    // The move discarded too: the page is the committed file, byte for byte.
    await home.getByRole('button', { name: 'Discard this change to Start' }).click();
    await home.getByRole('button', { name: 'Yes, discard' }).click();
    await home.waitFor({ state: 'detached', ...outcome });
    expect(await onDisk('pages/home.yaml')).toEqual(await original('pages/home.yaml'));

    // A whole file discarded: the article as committed, byte for byte; the new picture removed.
    await article.getByRole('button', { name: 'Discard all changes to First Fixture Note' }).click();
    await article.getByRole('button', { name: 'Yes, discard' }).click();
    await article.waitFor({ state: 'detached', ...outcome });
    expect(await onDisk('blog/first-note.md')).toEqual(await original('blog/first-note.md'));
    // The open article follows what is on disk: its image field holds the committed picture again.
    await expect
      .poll(() => image.getByRole('textbox', { name: altLabel }).inputValue(), outcome)
      .toBe('Cover of the fixture article First Fixture Note');
    await upload.getByRole('button', { name: /^Discard all changes/ }).click();
    await upload.getByRole('button', { name: 'Yes, discard' }).click();
    await review.getByText(/^Nothing new: everything saved here/).waitFor(outcome);
    expect(studioGit(studio(), 'status', '--porcelain')).toBe('');
  });
});
