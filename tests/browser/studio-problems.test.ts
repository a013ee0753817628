// Problems where the eye is, on the fixture site: each problem said once, at the
// field that must change, in the compiler's words without a file prefix; the top of the panel
// only counts them (problems in other files said there in words); the toolbar's count goes to
// each in turn, opening the section that holds it; the conflict notice stays in view; and Save
// says why it cannot be used.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chooseWords,
  editTextAs,
  errorOf,
  fieldAt,
  isFocused,
  panelOf,
  problemCount,
  saveButton,
  type DataPath,
} from './studio-locators.ts';
import { sectionLabel } from '../fixtures/studio-labels.ts';
import { outcome, useStudio } from './studio-session.ts';

const session = useStudio({ restore: true });

const summaryOf = (ui: Page) => panelOf(ui).getByRole('alert').filter({ hasText: 'Problems to fix before saving' });
/** Why Save cannot be used, as its description says; "" when it can. */
const whySaveWaits = (ui: Page) =>
  saveButton(ui).evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(''),
  );
/** How often `text` is on the page (the panel, the top bar and the notices). */
const timesShown = (ui: Page, text: string) =>
  ui.evaluate((wanted) => document.body.innerText.split(wanted).length - 1, text);
/** Whether the element is within the panel's visible part. */
const inView = (element: Locator) =>
  element.evaluate((el) => {
    const panel = el.closest('[aria-label="Editing panel"]')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= panel.top - 1 && box.bottom <= panel.bottom + 1;
  });

/** Selects section `index` of the page in the outline. */
const selectSection = (ui: Page, index: number) =>
  ui.locator(`[data-section-row="${index}"] .mantine-NavLink-root`).click();

const highlight: DataPath = ['sections', 0, 'highlight'];
const heroTitle: DataPath = ['sections', 0, 'title'];

describe('a problem at the field that must change', () => {
  it('a headline edit takes its highlighted words along, and they are chosen by selecting them in the headline: no problem to fix', async () => {
    const ui = await session.open('?path=/');
    expect(await whySaveWaits(ui)).toBe('No unsaved edits');
    await selectSection(ui, 0);
    const chosen = () => panelOf(ui).locator('[data-part="chosen"] mark').textContent();
    expect(await chosen()).toBe('One Page.');

    // Typed inside the highlighted words: they take the new word in, and nothing needs fixing.
    await fieldAt(ui, heroTitle).fill('Every Field. One Single Page.');
    await expect.poll(chosen, outcome).toBe('One Single Page.');
    await expect.poll(() => whySaveWaits(ui), outcome).toBe('');
    expect(await problemCount(ui).count()).toBe(0);

    // Other words, chosen by selecting them in the headline (read-only there: nothing else to type).
    const words = fieldAt(ui, highlight);
    expect(await words.getAttribute('readonly')).not.toBeNull();
    await chooseWords(words, 'Every Field');
    await expect.poll(chosen, outcome).toBe('Every Field');
    // Written over with the words on both sides, the old words are gone rather than made wrong.
    await fieldAt(ui, heroTitle).fill('A New Headline');
    await expect
      .poll(() => panelOf(ui).locator('[data-part="chosen"]').textContent(), outcome)
      .toBe('No words highlighted.');
    await expect.poll(() => whySaveWaits(ui), outcome).toBe('');
    expect(await problemCount(ui).count()).toBe(0);
  });

  it('the count goes to the first problem, then the next, then the first again; an emptied field is said there and only counted at the top', async () => {
    const ui = await session.open('?path=/');
    await ui.getByRole('button', { name: /^Page settings/ }).click();
    await fieldAt(ui, ['title']).fill('');
    await selectSection(ui, 0);
    await fieldAt(ui, heroTitle).fill('');
    await expect.poll(() => problemCount(ui).textContent(), outcome).toBe('2 problems');
    await expect.poll(() => summaryOf(ui).innerText(), outcome).toContain('2 problems, each said at its field');
    expect(await whySaveWaits(ui)).toBe('Fix the 2 problems first');
    expect(await errorOf(fieldAt(ui, heroTitle))).toBe('Must not be empty.');
    // Each said at its field only: the top names their places.
    expect(await timesShown(ui, 'ust not be empty')).toBe(1);

    // In the order of the file: the page's title (line 4), then the hero's (line 11).
    await problemCount(ui).click();
    await expect.poll(() => isFocused(fieldAt(ui, ['title'])), outcome).toBe(true);
    expect(await errorOf(fieldAt(ui, ['title']))).toBe('Must not be empty.');
    expect(await timesShown(ui, 'ust not be empty')).toBe(1);
    await problemCount(ui).click();
    await expect.poll(() => isFocused(fieldAt(ui, heroTitle)), outcome).toBe(true);
    await problemCount(ui).click();
    await expect.poll(() => isFocused(fieldAt(ui, ['title'])), outcome).toBe(true);
    // A place in the summary goes to its own problem.
    await summaryOf(ui)
      .getByRole('button', { name: `Section 1 › ${sectionLabel('hero', 'title')}` })
      .click();
    await expect.poll(() => isFocused(fieldAt(ui, heroTitle)), outcome).toBe(true);
  });

  it('an emptied number lands at its own field, in every kind of entry: Read time of an article, a delay of the site settings', async () => {
    for (const [query, at] of [
      ['?path=/resources/blogs/first-note', ['readTime']],
      ['?file=site.yaml&part=advanced', ['tooltips', 'openDelay']],
    ] as const) {
      const ui = await session.open(query);
      const field = fieldAt(ui, [...at]);
      await field.fill('');
      // Said under its own label, never with the file's key (readTime).
      await expect.poll(() => errorOf(field), outcome).toBe('Required: fill this in.');
      // No other field of the form has it (Id, the first field of an article, had it before).
      const invalid = await panelOf(ui)
        .locator('[aria-invalid="true"]')
        .evaluateAll((all) => all.map((el) => el.getAttribute('data-path')));
      expect(invalid).toEqual([JSON.stringify(at)]);
      await problemCount(ui).click();
      await expect.poll(() => isFocused(field), outcome).toBe(true);
      await ui.close();
    }
  });

  it('letters typed in a number are counted, gone to by the count, and Save says what the field needs', async () => {
    const ui = await session.open('?path=/resources/blogs/first-note');
    const readTime = fieldAt(ui, ['readTime']);
    await readTime.fill('six');
    await expect.poll(() => problemCount(ui).textContent(), outcome).toBe('1 problem');
    expect(await whySaveWaits(ui)).toMatch(/ holds “six”: Write a whole number, like \d+\.$/);
    expect(await saveButton(ui).isDisabled()).toBe(true);
    await fieldAt(ui, ['title']).focus();
    await problemCount(ui).click();
    await expect.poll(() => isFocused(readTime), outcome).toBe(true);
    await readTime.fill('5');
    await expect.poll(() => problemCount(ui).count(), outcome).toBe(0);
    expect(await whySaveWaits(ui)).toBe('');
  });

  it("a broken link in an article's text is said at the text, and the count puts the cursor there", async () => {
    const ui = await session.open('?path=/resources/blogs/first-note');
    await editTextAs(ui, 'Markdown');
    const body = panelOf(ui).locator('.cm-content');
    await body.click();
    await ui.keyboard.press('ControlOrMeta+End');
    await ui.keyboard.type('\n\nSee [the prices](/no-such-page).');
    await expect.poll(() => problemCount(ui).textContent(), outcome).toBe('1 problem');
    await summaryOf(ui).getByRole('button', { name: 'the text' }).waitFor(outcome);
    expect(await timesShown(ui, 'ink "/no-such-page" is not a page')).toBe(1);
    await fieldAt(ui, ['title']).focus();
    await problemCount(ui).click();
    await expect.poll(() => isFocused(body), outcome).toBe(true);

    // The page is made behind the studio's back (a git pull, another editor): the link is no problem any more.
    const pages = path.join(session.studio().root, 'site', 'pages');
    const offer = await readFile(path.join(pages, 'offer.yaml'), 'utf8');
    await writeFile(path.join(pages, 'no-such-page.yaml'), offer.replace(/^path: .*$/m, 'path: /no-such-page'));
    await expect.poll(() => problemCount(ui).count(), outcome).toBe(0);
    expect(await timesShown(ui, 'ink "/no-such-page" is not a page')).toBe(0);
  });

  it('problems in other files are said at the top in words, with the entry and without file, line and column', async () => {
    const ui = await session.open('?path=/contact');
    await ui.getByRole('button', { name: /^Page settings/ }).click();
    // An address a redirect already has: no move can be offered (rename/), so the links to /contact stay problems.
    await fieldAt(ui, ['path']).fill('/offers');
    await expect
      .poll(() => summaryOf(ui).innerText(), outcome)
      .toMatch(/(Page|Article|Form) “[^”]+”: .*"\/contact" is not a page/);
    expect(await summaryOf(ui).innerText()).not.toContain('site/');
    expect(await summaryOf(ui).innerText()).not.toMatch(/\.yaml:\d+/);
    const count = Number((await problemCount(ui).textContent())!.split(' ')[0]);
    expect(count).toBeGreaterThan(0);
    expect(await whySaveWaits(ui)).toBe(count === 1 ? 'Fix the problem first' : `Fix the ${count} problems first`);
    // No field holds them: the count brings the summary that says them.
    await problemCount(ui).click();
    await expect.poll(() => summaryOf(ui).evaluate((el) => el === document.activeElement), outcome).toBe(true);
  });
});

describe('what stands before a save stays in view', () => {
  it('the conflict notice stays in view when the panel is scrolled, and Save says why it waits', async () => {
    const ui = await session.open('?path=/');
    await selectSection(ui, 0);
    await fieldAt(ui, ['sections', 0, 'eyebrow']).fill('Edited eyebrow');
    await expect.poll(() => whySaveWaits(ui), outcome).toBe('');
    const file = path.join(session.studio().root, 'site', 'pages', 'home.yaml');
    await writeFile(file, `${await readFile(file, 'utf8')}# Written in a text editor meanwhile.\n`);
    const notice = panelOf(ui).getByRole('alert').filter({ hasText: 'Someone else saved this meanwhile' });
    await notice.waitFor(outcome);
    await panelOf(ui).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => panelOf(ui).evaluate((el) => el.scrollTop), outcome).toBeGreaterThan(200);
    expect(await inView(notice)).toBe(true);
    expect(await whySaveWaits(ui)).toBe('Someone else saved it meanwhile: merge or reload first');
    expect(await saveButton(ui).isDisabled()).toBe(true);
  });

  it('Save says "Saving…" while it saves', async () => {
    const ui = await session.open('?path=/contact');
    await ui.getByRole('button', { name: /^Page settings/ }).click();
    await fieldAt(ui, ['title']).fill('Contact the Studio');
    await expect.poll(() => whySaveWaits(ui), outcome).toBe('');
    // The save's answer is held until the reason has been read.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await ui.route('**/_studio/api/save**', async (route) => {
      await held;
      await route.continue();
    });
    await saveButton(ui).click();
    await expect.poll(() => whySaveWaits(ui), outcome).toBe('Saving…');
    release();
    await ui.getByText('Saved Contact', { exact: true }).waitFor(outcome);
    await expect.poll(() => whySaveWaits(ui), outcome).toBe('No unsaved edits');
  });
});
