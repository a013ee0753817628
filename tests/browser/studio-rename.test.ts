// Moving and deleting in the studio, in Chromium on a copy of the fixture site: a page's
// address changed in its form and saved becomes one change with the redirect and every link (YAML
// fields and Markdown bodies), each YAML file changing only the lines it must; a deletion lists what
// links to the page first and sends those links and its visitors elsewhere in the same step.
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { changedLines } from '../fixtures/studio.ts';
import { fieldAt, offeredPage, saveButton } from './studio-locators.ts';
import { outcome, useStudio } from './studio-session.ts';

const session = useStudio({ restore: true });
const onDisk = (file: string) => readFile(path.join(session.studio().root, 'site', file), 'utf8');
const exists = (file: string) =>
  access(path.join(session.studio().root, 'site', file)).then(
    () => true,
    () => false,
  );
const pathInAddress = (ui: Page) => ui.evaluate(() => new URLSearchParams(location.search).get('path'));
/** The drafts of `file` this browser keeps (the laptop studio keeps them in localStorage). */
const keptDrafts = (ui: Page, file: string) =>
  ui.evaluate((name) => Object.keys(localStorage).filter((key) => key.endsWith(`:${name}`)), file);

/** Each changed line of a YAML file is the same line with the old address put right. */
function onlyAddressLines(file: string, from: string, to: string): void {
  const { removed, added } = changedLines(session.studio(), file);
  expect(removed.length, file).toBeGreaterThan(0);
  expect(
    removed.map((line) => line.replace(from, to)),
    file,
  ).toEqual(added.slice(0, removed.length));
}

describe('renaming a page', () => {
  it('saves a new address with the redirect and every link to it, in YAML and Markdown, as one change', async () => {
    const ui = await session.open('?path=/offer');
    await ui.getByRole('button', { name: /^Page settings/ }).click();
    await fieldAt(ui, ['path']).fill('/special-offer');
    // The links to the old address are no problem: Save offers to update them.
    await expect.poll(() => saveButton(ui).isEnabled(), outcome).toBe(true);
    await saveButton(ui).click();

    const dialog = ui.getByRole('dialog', { name: 'Change the address of Offer' });
    const links = dialog.getByRole('region', { name: 'Links to /offer' });
    await expect.poll(() => links.innerText(), outcome).toMatch(/^\d+ links to \/offer:/);
    const listed = await links.innerText();
    // Each place by its entry's title, never by its file.
    for (const title of ['Site settings ›', 'Start ›', 'First Fixture Note ›']) expect(listed).toContain(title);
    expect(listed).not.toContain('site/');
    expect(listed).toMatch(/Start › .+ › Link to/);
    expect(listed).toMatch(/› Text, line \d+/);
    // Nothing is written before the editor says so.
    expect(await onDisk('pages/offer.yaml')).toContain('path: /offer\n');
    await dialog.getByRole('button', { name: 'Save and change the address' }).click();
    await ui.getByText('Offer is now at /special-offer').waitFor(outcome);

    // Written together: by the time the studio says so, every file is.
    expect(await onDisk('pages/offer.yaml')).toContain('path: /special-offer\n');
    expect(parse(await onDisk('redirects.yaml'))).toEqual({
      redirects: [
        { from: '/resources/blogs/old-first-note', to: '/resources/blogs/first-note' },
        { from: '/offers', to: '/special-offer' },
        { from: '/offer', to: '/special-offer' },
      ],
    });
    expect(await onDisk('documents/paper.md')).toContain('](/special-offer)');
    expect(await onDisk('blog/third-note.md')).toContain('[the offer](/special-offer)');
    for (const file of ['pages/offer.yaml', 'site.yaml', 'pages/home.yaml', 'redirects.yaml'])
      onlyAddressLines(file, '/offer', '/special-offer');
    expect(changedLines(session.studio(), 'redirects.yaml').added.slice(1)).toEqual([
      '  - from: /offer',
      '    to: /special-offer',
    ]);
    // The studio shows the page at its new address, its edits saved.
    await expect.poll(() => pathInAddress(ui), outcome).toBe('/special-offer');
    await expect.poll(() => saveButton(ui).isDisabled(), outcome).toBe(true);
  });
});

describe('deleting a page', () => {
  it('lists what links to it first, and deletes only with those links and its visitors sent elsewhere', async () => {
    const ui = await session.open('?path=/proof');
    // An unsaved edit, kept as a draft: deleted with the page, not offered again should the name come back.
    await ui.getByRole('button', { name: /^Page settings/ }).click();
    await fieldAt(ui, ['title']).fill('Proof, edited');
    await expect.poll(() => keptDrafts(ui, 'pages/proof.yaml'), outcome).toHaveLength(1);
    await ui.getByRole('button', { name: 'Page', exact: true }).click();
    await ui.getByRole('menuitem', { name: 'Delete page…' }).click();
    const dialog = ui.getByRole('dialog', { name: /^Delete .+\?$/ });
    const links = dialog.getByRole('region', { name: 'Links to /proof' });
    await expect.poll(() => links.innerText(), outcome).toMatch(/^2 links to \/proof:/);
    expect(await links.innerText()).toContain('Start ›');
    expect(await links.innerText()).toContain('Site settings ›');
    await dialog.getByText('A link to a deleted page fails the site').waitFor(outcome);
    await dialog.getByText('with your unsaved edits of it').waitFor(outcome);
    const remove = dialog.getByRole('button', { name: 'Delete page' });
    expect(await remove.isDisabled()).toBe(true);

    await dialog.getByRole('combobox', { name: 'Send its visitors and these links to' }).fill('/contact');
    await offeredPage(ui, '/contact').click();
    await expect.poll(() => remove.isEnabled(), outcome).toBe(true);
    await remove.click();
    await ui.getByText('its visitors and links now go to /contact').waitFor(outcome);

    expect(await exists('pages/proof.yaml')).toBe(false);
    expect(await onDisk('redirects.yaml')).toContain('  - from: /proof\n    to: /contact\n');
    for (const file of ['site.yaml', 'pages/home.yaml']) onlyAddressLines(file, '/proof', '/contact');
    await expect.poll(() => pathInAddress(ui), outcome).toBe('/');
    await expect.poll(() => keptDrafts(ui, 'pages/proof.yaml'), outcome).toEqual([]);
  });
});
