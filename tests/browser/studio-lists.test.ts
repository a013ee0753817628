// The studio's pickers follow the site without a reload: a page made or given a new address in the
// studio is offered by the link picker at once, an image added to site/images by the image picker.
// And a save never succeeds while the studio shows a problem for it: the studio refuses without
// asking the server, and the server refuses whatever its own live check rejects.
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site.ts';
import type { SiteModel } from '../../scripts/content/model.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { studioFetch } from '../fixtures/studio.ts';
import { outcome, save, useStudio } from './studio-session.ts';

const session = useStudio({ restore: true });
const studio = session.studio;
let model: SiteModel;

beforeAll(async () => {
  const result = await loadSite({ root: fixtureSiteRoot });
  if (!result.model) throw new Error('the fixture site does not compile');
  model = result.model;
});

const onDisk = (file: string) => readFile(path.join(studio().root, 'site', file), 'utf8');
/** An address no page or article of the fixture has, made from `name`. */
const freeAddress = (name: string) => {
  const taken = new Set([...model.pages, ...model.articles].map((entry) => entry.path));
  let address = `/${name}`;
  for (let n = 2; taken.has(address); n++) address = `/${name}-${n}`;
  return address;
};
/** The field at a data path of the open entry's form. */
const at = (ui: Page, dataPath: (string | number)[]) => ui.locator(`[data-path='${JSON.stringify(dataPath)}']`);
const ctaLink = ['navigation', 'cta', 'to'];

/** A mark on the studio's window: it is gone after a reload. */
const mark = (ui: Page) => ui.evaluate(() => void ((window as unknown as { listsMark: string }).listsMark = 'kept'));
const marked = (ui: Page) => ui.evaluate(() => (window as unknown as { listsMark?: string }).listsMark);

const openEntry = async (ui: Page, name: RegExp, file: string) => {
  await ui.getByRole('navigation', { name: 'Content' }).getByRole('link', { name }).click();
  await ui.locator(`[data-open-file="${file}"]`).waitFor(outcome);
};

/**
 * The link picker's offers for what is typed in it, each as it reads: its title, then its address on
 * a line of its own (none while it has nothing to offer: no list opens).
 */
async function offers(ui: Page, typed: string): Promise<string[]> {
  await at(ui, ctaLink).fill('');
  await at(ui, ctaLink).fill(typed);
  const listbox = ui.getByRole('listbox');
  const opened = await listbox.waitFor({ timeout: 3000 }).then(
    () => true,
    () => false,
  );
  return opened
    ? (await listbox.getByRole('option').allInnerTexts()).map((text) => text.trim().replace(/\s*\n\s*/g, '\n'))
    : [];
}

describe('lists that follow the site', () => {
  it('offers a page made in the studio, and its new address once it is renamed, in the link picker at once; a link to it saves', async () => {
    const ui = await session.open('?file=site.yaml');
    await mark(ui);
    const address = freeAddress('pricing');
    await ui.getByRole('button', { name: 'New page' }).click();
    const dialog = ui.getByRole('dialog', { name: 'New page' });
    await dialog.getByRole('textbox', { name: 'Address' }).fill(address);
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Pricing');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => ui.evaluate(() => new URLSearchParams(location.search).get('path')), outcome).toBe(address);

    await openEntry(ui, /^Menu/, 'site.yaml');
    await expect.poll(() => offers(ui, address), outcome).toContain(`Pricing\n${address}`);
    await expect.poll(() => at(ui, ctaLink).getAttribute('aria-invalid'), outcome).not.toBe('true');
    // Found by its title too, as a person knows it.
    expect(await offers(ui, 'Pricing')).toContain(`Pricing\n${address}`);
    // Back as it was, so the next entry opens without asking about unsaved edits.
    await at(ui, ctaLink).fill(model.settings.navigation.cta.to);
    await ui.keyboard.press('Escape');

    // Renamed and saved, the page is offered at its new address and no longer at its old one.
    const renamed = freeAddress('prices');
    await openEntry(ui, /^Pricing/, path.posix.join('pages', `${address.slice(1)}.yaml`));
    await at(ui, ['path']).fill(renamed);
    // Save offers the move (rename/); without the redirect, a link to the old address is broken.
    await ui.getByRole('button', { name: 'Save', exact: true }).click();
    const move = ui.getByRole('dialog', { name: /^Change the address/ });
    await move.getByRole('checkbox', { name: /^Add a redirect/ }).uncheck();
    await move.getByRole('button', { name: 'Save and change the address' }).click();
    await move.waitFor({ state: 'detached', ...outcome });
    await openEntry(ui, /^Menu/, 'site.yaml');
    await expect.poll(() => offers(ui, renamed), outcome).toContain(`Pricing\n${renamed}`);
    expect((await offers(ui, address)).filter((offer) => offer.endsWith(`\n${address}`))).toEqual([]);
    await expect.poll(() => at(ui, ctaLink).getAttribute('aria-invalid'), outcome).toBe('true');
    await at(ui, ctaLink).fill(renamed);
    await ui.keyboard.press('Escape');
    await save(ui, 'site.yaml');
    expect(await onDisk('site.yaml')).toContain(`to: ${renamed}\n`);
    expect(await marked(ui), 'no reload').toBe('kept');
  });

  it('offers an image added to site/images at once', async () => {
    const home = model.pages.find((page) => page.path === '/')!;
    const hero = home.sections.findIndex((section) => (section as { image?: unknown }).image);
    const ui = await session.open('?path=/');
    await mark(ui);
    // A click on the picture in the preview puts the cursor in its picker.
    const { alt } = (home.sections[hero] as { image: { alt: string } }).image;
    const frame = ui.frameLocator('iframe[title="Page preview"]');
    await frame.locator(`[data-section="${hero}"] img[alt="${alt}"]`).click();
    const picker = at(ui, ['sections', hero, 'image']);
    await picker.waitFor(outcome);
    // Someone puts a picture in site/images (an upload in another tab, a colleague's commit).
    const name = 'picked-up-at-once.svg';
    await copyFile(
      path.join(studio().root, 'site', model.settings.theme!.logo!),
      path.join(studio().root, 'site/images', name),
    );
    await expect
      .poll(async () => {
        await picker.click();
        const options = await ui.getByRole('option').allTextContents();
        await ui.keyboard.press('Escape');
        return options;
      }, outcome)
      .toContain(`/images/${name}`);
    expect(await marked(ui), 'no reload').toBe('kept');
  });
});

describe('no save while a problem shows', () => {
  it('refuses Save in the studio while the live check shows a problem, keeps the last valid page in the preview with a note, and the server refuses the same content', async () => {
    const ui = await session.open('?file=site.yaml');
    const before = await onDisk('site.yaml');
    const saves: string[] = [];
    ui.on('request', (request) => request.url().includes('/_studio/api/save') && saves.push(request.url()));
    const nowhere = freeAddress('nowhere');
    const checked = ui.waitForResponse(
      async (response) =>
        response.url().includes('/_studio/api/check') &&
        ((await response.json()) as { errors: unknown[] }).errors.length > 0,
      outcome,
    );
    await at(ui, ctaLink).fill(nowhere);
    await ui.keyboard.press('Escape');
    await checked;
    await ui
      .getByText('Showing the last version without problems — fix the problem in the panel to see your latest edit')
      .waitFor(outcome);
    const preview = ui.frameLocator('iframe[title="Page preview"]');
    expect(await preview.locator(`a[href="${nowhere}"]`).count()).toBe(0);

    await ui.keyboard.press('ControlOrMeta+s');
    await ui.getByRole('alert').filter({ hasText: 'Not saved' }).waitFor(outcome);
    const saveButton = ui.getByRole('button', { name: 'Save', exact: true });
    if (await saveButton.isEnabled()) await saveButton.click();
    expect(saves, 'the studio never asked the server to save').toEqual([]);
    expect(await onDisk('site.yaml')).toBe(before);

    // The server refuses what its check rejects: the same draft, sent as the page sends it.
    const entry = (await (await studioFetch(studio(), 'entry?file=site.yaml')).json()) as {
      version: string;
      data: { navigation: { cta: { to: string } } };
    };
    entry.data.navigation.cta.to = nowhere;
    const check = (await (
      await studioFetch(studio(), 'check?file=site.yaml', { body: { data: entry.data } })
    ).json()) as { errors: { at: unknown[] }[] };
    expect(check.errors.map((error) => error.at)).toContainEqual(ctaLink);
    const refused = await studioFetch(studio(), 'save?file=site.yaml', {
      body: { version: entry.version, data: entry.data },
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: { at: unknown[] }[] }).errors.map((e) => e.at)).toEqual(
      check.errors.map((e) => e.at),
    );
    expect(await onDisk('site.yaml')).toBe(before);
  });

  it("the live check shows what Save would refuse and nothing else: another file's old problem neither shows nor stops a save", async () => {
    // A colleague's broken link in another file, already on disk.
    const other = 'pages/contact.yaml';
    const broken = (await onDisk(other)).replace(/^title: .*$/m, (line) => `${line}\nnoSuchField: true`);
    await writeFile(path.join(studio().root, 'site', other), broken);
    const entry = (await (await studioFetch(studio(), 'entry?file=site.yaml')).json()) as {
      version: string;
      data: { name: string };
    };
    entry.data.name = `${entry.data.name} Ltd`;
    await expect
      .poll(async () => {
        const response = await studioFetch(studio(), 'check?file=site.yaml', { body: { data: entry.data } });
        return (await response.json()) as { errors: unknown[]; elsewhere: unknown[] };
      }, outcome)
      .toEqual(expect.objectContaining({ errors: [], elsewhere: [] }));
    const saved = await studioFetch(studio(), 'save?file=site.yaml', {
      body: { version: entry.version, data: entry.data },
    });
    expect(saved.status).toBe(200);
    expect(await onDisk('site.yaml')).toContain(`name: ${entry.data.name}\n`);
  });
});
