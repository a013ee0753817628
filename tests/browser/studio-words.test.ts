// Words of the trade: the studio speaks the schema's human titles, never its keys;
// technical fields wait under "Details"; a new article starts from its title; an empty filter
// says so; a new list item starts empty, the schema's example showing as placeholders. Every
// expected word is read from the schema (tests/fixtures/studio-labels.ts), none copied.
import { readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sectionSchemas } from '../../scripts/content/schemas.ts';
import { slugOf } from '../../shared/slug.ts';
import sharp from 'sharp';
import { changedLines, fixtureSite } from '../fixtures/studio.ts';
import { sectionLabel, sectionName } from '../fixtures/studio-labels.ts';
import { outcome, save, useStudio } from './studio-session.ts';
import { developerWordsOn, schemaKeys } from './studio-walk.ts';

const session = useStudio({ restore: true });

type Field = { title?: string; technical?: boolean; const?: unknown; $ref?: string };
const hero = sectionSchemas().sections.hero as { properties: Record<string, Field> };

const panelOf = (page: Page) => page.getByRole('region', { name: 'Editing panel' });

/** The labels and legends the panel shows, without the required mark and a list's count. */
const shownLabels = (panel: Locator) =>
  panel.locator('label, legend').evaluateAll((all) =>
    all.map((el) =>
      (el.textContent ?? '')
        .replace(/\s*\*$/, '')
        .replace(/ \(\d+\)$/, '')
        .trim(),
    ),
  );

/** A page of the fixture site as committed. */
const fixturePage = (file: string) =>
  parse(readFileSync(path.join(fixtureSite, 'pages', file), 'utf8')) as {
    sections: (Record<string, unknown> & { type: string })[];
  };

async function openHero(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^${sectionName('hero')} `) }).click();
  await page.getByRole('heading', { level: 2, name: 'Section 1' }).waitFor(outcome);
  return panelOf(page);
}

describe('the words of the trade', () => {
  it('labels every field of a section with its schema title, the technical ones under Details, and names section types in full', async () => {
    const page = await session.open();
    const panel = await openHero(page);
    const fields = Object.entries(hero.properties).filter(([, field]) => field.const === undefined);
    const plain = fields.filter(([, field]) => !field.technical).map(([name]) => sectionLabel('hero', name));
    const technical = fields.filter(([, field]) => field.technical).map(([name]) => sectionLabel('hero', name));
    expect(technical.length).toBeGreaterThan(0);
    // The label each field shows is its title: never its key turned into words.
    await expect.poll(() => shownLabels(panel), outcome).toEqual(expect.arrayContaining(plain));
    const before = await shownLabels(panel);
    const keyWords = (name: string) =>
      name.charAt(0).toUpperCase() +
      name
        .slice(1)
        .replace(/([A-Z])/g, ' $1')
        .toLowerCase();
    for (const [name] of fields)
      if (sectionLabel('hero', name) !== keyWords(name)) expect(before, name).not.toContain(keyWords(name));
    for (const title of technical) expect(before).not.toContain(title);
    // No fixed value shown as a box to type in (the section's type).
    expect(before).not.toContain(sectionLabel('hero', 'type'));

    const details = panel.getByRole('button', { name: 'Details' }).last();
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await details.click();
    await expect.poll(() => shownLabels(panel), outcome).toEqual(expect.arrayContaining(technical));

    // The outline names every section by its type's human name, whole: nothing cut off.
    const outline = page.locator('[data-section-row]');
    const rows = await outline.count();
    expect(rows).toBeGreaterThan(0);
    for (let index = 0; index < rows; index++) {
      const name = outline.nth(index).getByText(/./).first();
      const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(cut, (await name.textContent()) ?? '').toBe(false);
    }
    expect(await outline.first().textContent()).toContain(sectionName('hero'));
  });

  it('a new article is asked for by its title and gets the slug made from it', async () => {
    const page = await session.open();
    await page.getByRole('button', { name: 'New article' }).click();
    const dialog = page.getByRole('dialog', { name: 'New article' });
    const title = dialog.getByRole('textbox', { name: 'Title' });
    // The title comes first, and has the focus.
    await expect.poll(() => title.evaluate((el) => el === document.activeElement), outcome).toBe(true);
    const words = 'Why Centres Tell Stories: 2025 & Beyond';
    await title.pressSequentially(words);
    const slug = dialog.getByRole('textbox', { name: 'Address of the article (slug)' });
    await expect.poll(() => slug.inputValue(), outcome).toBe(slugOf(words));
    expect(slugOf(words)).toBe('why-centres-tell-stories-2025-and-beyond');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // Creating writes the article and its cover, then opens it: the slowest step here.
    await page.locator(`[data-open-file="blog/${slugOf(words)}.md"]`).waitFor({ timeout: 60_000 });
    await access(path.join(session.studio().root, 'site', 'blog', `${slugOf(words)}.md`));
  });

  it('a filter that matches nothing says so', async () => {
    const page = await session.open();
    const list = page.getByRole('navigation', { name: 'Content' });
    await list.getByRole('link').first().waitFor(outcome);
    await page.getByRole('textbox', { name: 'Filter' }).fill('faq');
    await list.getByText('Nothing matches "faq"', { exact: true }).waitFor(outcome);
    expect(await list.getByRole('link').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Filter' }).fill('');
    await list.getByRole('link').first().waitFor(outcome);
    expect(await list.getByText(/^Nothing matches/).count()).toBe(0);
  });

  it('a new list item starts empty and open, the example as placeholders, and an empty required field is a problem at that field once the item is left', async () => {
    const page = await session.open('?path=/offer');
    const faq = sectionSchemas().sections.faq as {
      properties: { items: { items: { examples: Record<string, string>[]; required: string[] } } };
    };
    const example = faq.properties.items.items.examples[0]!;
    const at = fixturePage('offer.yaml').sections.findIndex((section) => section.type === 'faq');
    await page.getByRole('button', { name: new RegExp(`^${sectionName('faq')} `) }).click();
    const panel = panelOf(page);
    const list = panel.getByRole('group', { name: new RegExp(`^${sectionLabel('faq', 'items')} \\(\\d+\\)`) });
    await list.waitFor(outcome);
    const count = Number(/\((\d+)\)/.exec((await list.locator('legend').first().textContent()) ?? '')?.[1]);
    await list.getByRole('button', { name: `Add to ${sectionLabel('faq', 'items').toLowerCase()}` }).click();
    await list
      .locator('legend')
      .first()
      .filter({ hasText: `(${count + 1})` })
      .waitFor(outcome);
    for (const key of faq.properties.items.items.required) {
      const input = panel.locator(`[data-path='${JSON.stringify(['sections', at, 'items', count, key])}']`);
      await input.waitFor(outcome);
      expect(await input.inputValue(), key).toBe('');
      expect(await input.getAttribute('placeholder'), key).toBe(example[key]);
      // New and untouched: not a problem yet.
      expect(await input.getAttribute('aria-invalid'), key).not.toBe('true');
    }
    // Entered and left empty, each empty required field is a problem at that field.
    await panel
      .locator(
        `[data-path='${JSON.stringify(['sections', at, 'items', count, faq.properties.items.items.required[0]])}']`,
      )
      .click();
    await panel.getByRole('heading', { name: `Section ${at + 1}` }).click();
    for (const key of faq.properties.items.items.required)
      await expect
        .poll(
          () =>
            panel
              .locator(`[data-path='${JSON.stringify(['sections', at, 'items', count, key])}']`)
              .getAttribute('aria-invalid'),
          outcome,
        )
        .toBe('true');
    // Filled in, the item is valid: the problems go.
    for (const key of faq.properties.items.items.required)
      await panel
        .locator(`[data-path='${JSON.stringify(['sections', at, 'items', count, key])}']`)
        .fill(`A ${key} of our own`);
    await expect
      .poll(
        () =>
          panel
            .locator(`[data-path^='${JSON.stringify(['sections', at, 'items', count]).slice(0, -1)}']`)
            .evaluateAll((all) => all.filter((el) => el.getAttribute('aria-invalid') === 'true').length),
        outcome,
      )
      .toBe(0);
  });

  it('a picked image brings its own width and height, kept under Details', async () => {
    const page = await session.open();
    const panel = await openHero(page);
    const image = panel.getByRole('group', { name: sectionLabel('hero', 'image') });
    const picked = '/images/logo.svg';
    const size = await sharp(path.join(fixtureSite, picked.replace(/^\//, ''))).metadata();
    // The picker carries the image's own path (a click on the image in the preview focuses it).
    await image.locator(`input[data-path='${JSON.stringify(['sections', 0, 'image'])}']`).click();
    await page.getByRole('option', { name: picked, exact: true }).click();
    await image.getByRole('button', { name: 'Details' }).click();
    const width = image.getByRole('textbox', { name: sectionLabel('hero', 'image', 'width') });
    const height = image.getByRole('textbox', { name: sectionLabel('hero', 'image', 'height') });
    await expect.poll(() => width.inputValue(), outcome).toBe(String(size.width));
    expect(await height.inputValue()).toBe(String(size.height));
    await save(page, 'pages/home.yaml');
    const before = fixturePage('home.yaml').sections[0]!.image as Record<string, unknown>;
    expect(changedLines(session.studio(), 'pages/home.yaml')).toEqual({
      removed: [`      src: ${String(before.src)}`, `      width: ${before.width}`, `      height: ${before.height}`],
      added: [`      src: ${picked}`, `      width: ${size.width}`, `      height: ${size.height}`],
    });
  });

  it("an empty anchor name is made from the section's title in one click", async () => {
    const page = await session.open('?path=/offer');
    const hero = fixturePage('offer.yaml').sections[0]!;
    expect(hero.id).toBeUndefined();
    const panel = await openHero(page);
    await panel.getByRole('button', { name: 'Details' }).last().click();
    const slug = slugOf(String(hero.title));
    await panel.getByRole('button', { name: `Make it from the title: ${slug}` }).click();
    await expect
      .poll(() => panel.getByRole('textbox', { name: sectionLabel('hero', 'id') }).inputValue(), outcome)
      .toBe(slug);
    await save(page, 'pages/offer.yaml');
    expect(changedLines(session.studio(), 'pages/offer.yaml').added).toEqual([`    id: ${slug}`]);
  });
});

describe('every screen in the words of the people who edit the site', () => {
  const keys = schemaKeys();
  /** The developer words found on each screen walked, told all at once at the end of a test. */
  let found: string[] = [];
  beforeEach(() => void (found = []));
  afterEach(() => expect(found).toEqual([]));
  const noDeveloperWords = async (page: Page, screen: string) =>
    found.push(...(await developerWordsOn(page, keys)).map((word) => `${screen}: ${word}`));
  const closeDialog = async (page: Page) => {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached', ...outcome });
  };

  it('the list, each kind of entry, the section types, the dialogs, a refusal and the problems say nothing a developer says', async () => {
    const page = await session.open('?path=/');
    const list = page.getByRole('navigation', { name: 'Content' });
    await page.locator('[data-section-row]').first().waitFor(outcome);
    // The fixture is in several languages: each page says in words how far each is translated.
    const { languages } = parse(readFileSync(path.join(fixtureSite, 'site.yaml'), 'utf8')) as {
      languages: { name: string }[];
    };
    for (const { name } of languages.slice(1))
      await list
        .getByText(new RegExp(`^${name}: (complete|\\d+ missing(, \\d+ outdated)?|\\d+ outdated)$`))
        .first()
        .waitFor(outcome);
    await noDeveloperWords(page, 'the list and a page');

    // Each section of the page, by its type's name.
    const rows = page.locator('[data-section-row]');
    for (let index = 0; index < (await rows.count()); index++) {
      await rows.nth(index).click();
      await page.getByRole('heading', { level: 2, name: `Section ${index + 1}` }).waitFor(outcome);
      await noDeveloperWords(page, `section ${index + 1}`);
    }
    await page.getByRole('button', { name: 'Add a section' }).click();
    await page.getByRole('dialog', { name: 'Add a section' }).waitFor(outcome);
    await noDeveloperWords(page, 'the section types');
    await closeDialog(page);

    // Every entry of the list, one kind after another: articles, forms, the settings' parts, redirects.
    const links = list.getByRole('link');
    for (let index = 0; index < (await links.count()); index++) {
      const name = (await links.nth(index).getAttribute('aria-label')) ?? (await links.nth(index).innerText());
      const title = await links.nth(index).locator('.mantine-NavLink-label').innerText();
      await links.nth(index).click();
      await page.locator('[data-open-file]').getByText(title, { exact: true }).waitFor(outcome);
      await noDeveloperWords(page, name);
    }

    for (const dialog of ['New page', 'New article']) {
      await page.getByRole('button', { name: dialog }).click();
      await page.getByRole('dialog', { name: dialog }).waitFor(outcome);
      await noDeveloperWords(page, dialog);
      await closeDialog(page);
    }
    // It opens every entry of the fixture site one after another: a bound for a hang, sized for a busy machine.
  }, 300_000);

  it('the page menu, Changes, History, a refused save and the problem list say nothing a developer says', async () => {
    const page = await session.open('?path=/contact');
    await page.locator('[data-section-row]').first().waitFor(outcome);
    for (const [item, dialog] of [
      ['Change address…', /^Change the address/],
      ['Delete page…', /^Delete/],
    ] as const) {
      await page.getByRole('button', { name: 'Page', exact: true }).click();
      await page.getByRole('menuitem', { name: item }).click();
      await page.getByRole('dialog', { name: dialog }).getByRole('button').first().waitFor(outcome);
      await noDeveloperWords(page, item);
      if (item === 'Delete page…') {
        // The pages offered to send its visitors to: by their titles.
        await page.getByRole('combobox', { name: 'Send its visitors and these links to' }).click();
        await page.getByRole('option').first().waitFor(outcome);
        await noDeveloperWords(page, 'the pages to send visitors to');
        await page.keyboard.press('Escape');
        await page
          .getByRole('option')
          .first()
          .waitFor({ state: 'detached', ...outcome });
      }
      await closeDialog(page);
    }

    // A saved edit: Changes and History tell it.
    await page.getByRole('button', { name: 'Page settings' }).click();
    const title = page.locator(`[data-path='${JSON.stringify(['title'])}']`);
    await title.fill('Contact us today');
    await save(page, 'pages/contact.yaml');
    await page.getByRole('button', { name: 'Not live yet', exact: true }).click();
    await page.getByRole('dialog').getByRole('region').first().waitFor(outcome);
    await noDeveloperWords(page, 'Changes');
    await closeDialog(page);
    await page.getByRole('button', { name: /^History/ }).click();
    await page.getByRole('dialog').getByRole('article').first().waitFor(outcome);
    await noDeveloperWords(page, 'History');
    await closeDialog(page);

    // A problem, listed, and a save refused for it.
    await title.fill('');
    await page.getByRole('button', { name: /^1 problem/ }).waitFor(outcome);
    await noDeveloperWords(page, 'a problem');
    await page.keyboard.press('Control+s');
    await page.getByRole('alert').filter({ hasText: 'Not saved' }).waitFor(outcome);
    await noDeveloperWords(page, 'a refused save');
  });
});
