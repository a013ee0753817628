// Nine everyday tasks, replayed as a marketing manager does them in the studio on
// the fixture site: every word typed with the real keyboard (a key the studio loses fails the
// check after it), fields found by the schema's titles or their place in the data, the fixture's
// content read from its files, and each task judged by what lands in the files on disk.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site.ts';
import { blogPath, type SiteModel } from '../../scripts/content/model.ts';
import { fixtureSiteRoot, projectRoot } from '../fixtures/fixture-site.ts';
import { changedLines, previewHref, studioGit } from '../fixtures/studio.ts';
import { fileLabel, sectionLabel, sectionName } from '../fixtures/studio-labels.ts';
import {
  createEntry,
  fieldAt,
  fixtureData,
  fixtureText,
  gitJargon,
  inPanelView,
  isFocused,
  mistakeAtItsField,
  openChanges,
  openFromList,
  panelOf,
  pressRedo,
  pressSave,
  pressSelectAll,
  pressUndo,
  previewOf,
  chooseWords,
  problemCount,
  replaceOnce,
  saveButton,
  selectSection,
  typeOn,
  typeOver,
  whySaveWaits,
  type DataPath,
} from './studio-nine-tasks-steps.ts';
import { editTextAs, offeredPage } from './studio-locators.ts';
import { outcome, save, useStudio } from './studio-session.ts';

const session = useStudio({ restore: true });
const onDisk = (file: string) => readFile(path.join(session.studio().root, 'site', file), 'utf8');
let model: SiteModel;

/**
 * The project's build of a content root. Imported only here: the build's module sets NODE_ENV to
 * production for its process, and a studio started after that would serve its preview without
 * edit mode; it is put back once the build is done.
 */
async function buildSaved(contentRoot: string, outDir: string): Promise<void> {
  const before = process.env.NODE_ENV;
  try {
    const { buildContent } = await import('../fixtures/build-content.ts');
    await buildContent(contentRoot, outDir, 'production');
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

beforeAll(async () => {
  const result = await loadSite({ root: fixtureSiteRoot });
  if (!result.model) throw new Error('the fixture site does not compile');
  model = result.model;
});

interface Section {
  type: string;
  title?: string;
  highlight?: string;
  eyebrow?: string;
  subtitle?: string;
  items?: Record<string, string>[];
}
const sectionsOf = async (file: string) => (await fixtureData<{ sections: Section[] }>(file)).sections;
const indexOf = (sections: Section[], type: string) => {
  const index = sections.findIndex((section) => section.type === type);
  expect(index, `the fixture page has a ${type} section`).toBeGreaterThanOrEqual(0);
  return index;
};

describe('the nine tasks of a marketing manager', () => {
  it('1. headline and figure: the home headline and a statistic typed over in the page, saved as exactly those two lines', async () => {
    const ui = await session.open();
    const preview = previewOf(ui);
    const sections = await sectionsOf('pages/home.yaml');
    const hero = indexOf(sections, 'hero');
    const stats = indexOf(sections, 'stats');
    const { title, highlight } = sections[hero];
    const figure = sections[stats].items![0].value;
    // A new headline with the same highlighted words, chosen again in it once typed, and a new figure.
    const headline = `Stories Told and Numbers Shown on ${highlight}`;
    const newFigure = '2,500+';

    await preview.locator(`[data-section="${hero}"]`).waitFor(outcome);
    await preview.getByRole('heading', { level: 1, name: title }).click();
    await typeOver(ui, fieldAt(ui, ['sections', hero, 'title']), headline);
    await chooseWords(fieldAt(ui, ['sections', hero, 'highlight']), highlight!);
    await preview.getByRole('heading', { level: 1, name: headline }).waitFor(outcome);
    await preview.locator(`[data-section="${stats}"]`).getByText(figure!, { exact: true }).click();
    const figureField = fieldAt(ui, ['sections', stats, 'items', 0, 'value']);
    await expect.poll(() => isFocused(figureField), outcome).toBe(true);
    await typeOver(ui, figureField, newFigure);
    await preview.locator(`[data-section="${stats}"]`).getByText(newFigure, { exact: true }).waitFor(outcome);
    await save(ui, 'pages/home.yaml');

    const committed = await fixtureText('pages/home.yaml');
    const expected = replaceOnce(
      replaceOnce(committed, `\n    title: ${title}\n`, `\n    title: ${headline}\n`),
      `\n      - value: ${figure}\n`,
      `\n      - value: ${newFigure}\n`,
    );
    expect(await onDisk('pages/home.yaml')).toBe(expected);
  });

  it('2. move a section and add a question: the questions moved above the section before them, a new question with its answer, and the file changes by those lines', async () => {
    const ui = await session.open('?path=/offer');
    const sections = await sectionsOf('pages/offer.yaml');
    const faq = indexOf(sections, 'faq');
    expect(faq).toBeGreaterThan(0);
    const above = faq - 1;
    const count = sections[faq].items!.length;
    const question = 'Can you start before the end of the month?';
    const answer = 'Yes, tell us the date and we plan back from it.';

    await ui.getByRole('button', { name: `Move section ${faq + 1} (${sectionName('faq')}) up` }).click();
    await selectSection(ui, above);
    await panelOf(ui)
      .getByRole('button', { name: `Add to ${sectionLabel('faq', 'items').toLowerCase()}` })
      .click();
    const item: DataPath = ['sections', above, 'items', count];
    await typeOver(ui, fieldAt(ui, [...item, 'question']), question);
    await typeOver(ui, fieldAt(ui, [...item, 'answer']), answer);
    await previewOf(ui).getByText(question, { exact: true }).waitFor(outcome);
    await save(ui, 'pages/offer.yaml');

    // The committed file's sections as blocks of lines (each with the blank line after it).
    const lines = (await fixtureText('pages/offer.yaml')).split('\n');
    const starts = lines.flatMap((line, i) => (line.startsWith('  - type: ') ? [i] : []));
    const blocks = starts.map((start, i) => lines.slice(start, starts[i + 1] ?? lines.length));
    const faqBlock = [...blocks[faq]];
    const lastFilled = faqBlock.findLastIndex((line) => line.trim() !== '');
    faqBlock.splice(lastFilled + 1, 0, `      - question: ${question}`, `        answer: ${answer}`);
    const moved = [...blocks.slice(0, above), faqBlock, blocks[above], ...blocks.slice(faq + 1)];
    expect(await onDisk('pages/offer.yaml')).toBe([...lines.slice(0, starts[0]), ...moved.flat()].join('\n'));
  });

  it('3. a new page in the menu: New page, then a menu link to it in the site settings, offered by the link picker without a reload and shown by the menu of the preview at phone width', async () => {
    const ui = await session.open();
    const title = 'Pricing';
    const address = `/${title.toLowerCase()}`;
    expect(model.pages.map((page) => page.path)).not.toContain(address);
    await ui.evaluate(() => void ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    await createEntry(ui, 'New page', title, address, `pages${address}.yaml`);

    // In the site settings, a new link at the end of the menu.
    await openFromList(ui, /^Menu/, 'site.yaml');
    const links = model.settings.navigation.links;
    const first = ui.getByRole('button', { name: `1. ${links[0].label}`, exact: true });
    const menuList = panelOf(ui).getByRole('group').filter({ has: first }).last();
    await menuList.getByRole('button', { name: /^Add/ }).click();
    const item = ['navigation', 'links', links.length];
    const label = fieldAt(ui, [...item, 'label']);
    if (!(await label.isVisible())) await menuList.locator('button[aria-expanded="false"]').last().click();
    await typeOver(ui, label, title);
    const linkTo = fieldAt(ui, [...item, 'to']);
    await typeOver(ui, linkTo, address.slice(0, 4));
    await offeredPage(ui, address).click();
    await expect.poll(() => linkTo.inputValue(), outcome).toBe(address);
    await expect.poll(() => linkTo.getAttribute('aria-invalid'), outcome).not.toBe('true');

    // The preview at a phone's width: the menu opens and shows the new link.
    await ui.getByRole('radiogroup', { name: 'Preview width' }).getByText('Phone', { exact: true }).click();
    const preview = previewOf(ui);
    await preview.getByRole('button', { name: 'Open navigation' }).click();
    const link = preview
      .getByRole('navigation', { name: 'Main (mobile)' })
      .getByRole('link', { name: title, exact: true });
    await link.waitFor(outcome);
    expect(await link.getAttribute('href')).toBe(previewHref(session.studio(), address));

    await save(ui, 'site.yaml');
    expect(await onDisk('site.yaml')).toBe(
      replaceOnce(
        await fixtureText('site.yaml'),
        '\n  cta:\n',
        `\n    - label: ${title}\n      to: ${address}\n  cta:\n`,
      ),
    );
    expect(await onDisk(`pages${address}.yaml`)).toMatch(new RegExp(`^title: ${title}$`, 'm'));
    expect(await ui.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  it('4. an article with a photo: New article from its title, a photo uploaded with its description, and the photo put in the text with the toolbar', async () => {
    const ui = await session.open();
    const title = 'Our Team Day in Leeds';
    const slug = title.toLowerCase().replaceAll(' ', '-');
    const file = `blog/${slug}.md`;
    await createEntry(ui, 'New article', title, slug, file);

    // The photo as the article's picture, with its description.
    const image = panelOf(ui)
      .getByRole('group', { name: new RegExp(`^${fileLabel('article', 'image')}`) })
      .first();
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a7d44' } })
      .jpeg()
      .toBuffer();
    const chooser = ui.waitForEvent('filechooser', outcome);
    await image.getByRole('button', { name: 'Upload' }).click();
    await (await chooser).setFiles({ name: 'Team Day.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => onDisk('images/team-day.jpg').catch(() => ''), outcome).not.toBe('');
    const alt = 'Our team around the big table in Leeds';
    await typeOver(ui, image.getByRole('textbox', { name: fileLabel('article', 'image', 'alt') }), alt);

    // The text, and the same photo in it from the toolbar's picture list.
    await editTextAs(ui, 'Markdown');
    const body = ui.getByRole('textbox', { name: 'Text (Markdown)' });
    await body.click();
    await pressSelectAll(ui);
    const sentence = 'We spent a day planning the year together.';
    await ui.keyboard.type(sentence);
    await ui.getByRole('group', { name: 'Formatting' }).getByRole('button', { name: 'Image', exact: true }).click();
    const insert = ui.getByRole('dialog', { name: 'Insert an image' });
    await insert.getByRole('combobox', { name: 'Choose an image' }).click();
    await ui.getByRole('option', { name: '/images/team-day.jpg', exact: true }).click();
    const description = 'The whole team at the table';
    await typeOver(ui, insert.getByRole('textbox', { name: /^Description/ }), description);
    await insert.getByRole('button', { name: 'Insert image' }).click();
    await insert.waitFor({ state: 'detached', ...outcome });
    const rendered = ui.getByRole('region', { name: 'Rendered text' });
    await rendered.getByRole('img', { name: description }).waitFor(outcome);
    await save(ui, file);

    const [, frontMatter, text] = (await onDisk(file)).split(/^---$/m);
    expect(frontMatter).toContain(`\ntitle: ${title}\n`);
    expect(frontMatter).toContain(
      `\nimage:\n  src: /images/team-day.jpg\n  alt: ${alt}\n  width: 1600\n  height: 900\n`,
    );
    expect(text).toBe(`\n${sentence}\n\n![${description}](/images/team-day.jpg)\n`);
  });

  it('5. honest mistakes: an emptied title, letters in a number are each said at their field alone, and a headline written over never is; the problem count takes the manager there; Save refuses and says why; fixed, it saves', async () => {
    const ui = await session.open();
    const sections = await sectionsOf('pages/home.yaml');
    const hero = indexOf(sections, 'hero');
    const { title, highlight } = sections[hero];
    const home = 'pages/home.yaml';
    const pageTitle: DataPath = ['title'];
    const headline = 'A Headline of Our Own';
    const pageSettings = () => ui.getByRole('button', { name: /^Page settings/ }).click();

    await mistakeAtItsField(ui, {
      onDisk: () => onDisk(home),
      at: pageTitle,
      make: async () => {
        await pageSettings();
        await typeOver(ui, fieldAt(ui, pageTitle), '');
      },
      says: /empty|required/i,
      leave: () => selectSection(ui, hero),
      saveWithKeys: true,
      fix: () => typeOver(ui, fieldAt(ui, pageTitle), 'Start Here'),
    });
    // A headline written over loses its highlighted words rather than turning red: they are chosen
    // again by selecting them in it.
    await selectSection(ui, hero);
    await typeOver(ui, fieldAt(ui, ['sections', hero, 'title']), headline);
    await expect.poll(() => problemCount(ui).count(), outcome).toBe(0);
    await chooseWords(fieldAt(ui, ['sections', hero, 'highlight']), 'Our Own');
    await save(ui, home);
    expect(changedLines(session.studio(), home)).toEqual({
      removed: [
        `title: ${model.pages.find((p) => p.path === '/')!.title}`,
        `    title: ${title}`,
        `    highlight: ${highlight}`,
      ],
      added: ['title: Start Here', `    title: ${headline}`, '    highlight: Our Own'],
    });

    // Letters in a number field: kept and said, never dropped.
    const article = model.articles[0];
    const file = `blog/${article.slug}.md`;
    await openFromList(ui, new RegExp(`^${article.title}`), file);
    await mistakeAtItsField(ui, {
      onDisk: () => onDisk(file),
      at: ['readTime'],
      make: () => typeOver(ui, fieldAt(ui, ['readTime']), 'six'),
      says: /number/i,
      leave: () => fieldAt(ui, ['title']).click(),
      saveWithKeys: true,
      fix: () => typeOver(ui, fieldAt(ui, ['readTime']), '5'),
    });
    await save(ui, file);
    expect(changedLines(session.studio(), file)).toEqual({
      removed: [`readTime: ${article.readTime}`],
      added: ['readTime: 5'],
    });
  });

  it("6. undo: Ctrl+Z inside a text box takes back the studio's last step (never empties the box) and Ctrl+Shift+Z brings it back", async () => {
    const ui = await session.open();
    const sections = await sectionsOf('pages/home.yaml');
    const hero = indexOf(sections, 'hero');
    const { eyebrow, subtitle } = sections[hero];
    const eyebrowField = fieldAt(ui, ['sections', hero, 'eyebrow']);
    const subtitleField = fieldAt(ui, ['sections', hero, 'subtitle']);
    await selectSection(ui, hero);
    await typeOver(ui, eyebrowField, 'New This Spring');
    await typeOver(ui, subtitleField, 'Everything we do, in one short sentence.');

    // In the subtitle's box: its own typing goes first, then the eyebrow's, the focus staying put.
    await pressUndo(ui);
    await expect.poll(() => subtitleField.inputValue(), outcome).toBe(subtitle);
    expect(await eyebrowField.inputValue()).toBe('New This Spring');
    await pressUndo(ui);
    await expect.poll(() => eyebrowField.inputValue(), outcome).toBe(eyebrow);
    expect(await isFocused(subtitleField)).toBe(true);
    await pressRedo(ui);
    await expect.poll(() => eyebrowField.inputValue(), outcome).toBe('New This Spring');
    await pressRedo(ui);
    await expect.poll(() => subtitleField.inputValue(), outcome).toBe('Everything we do, in one short sentence.');
    await subtitleField.press('End');
    await typeOn(ui, subtitleField, ' Really.');
    await save(ui, 'pages/home.yaml');
    expect(changedLines(session.studio(), 'pages/home.yaml')).toEqual({
      removed: [`    eyebrow: ${eyebrow}`, `    subtitle: ${subtitle}`],
      added: ['    eyebrow: New This Spring', '    subtitle: Everything we do, in one short sentence. Really.'],
    });
  });

  it('7. review: Changes tells the headline and the figure in words, without git jargon, and one of them is discarded', async () => {
    const ui = await session.open();
    const preview = previewOf(ui);
    const sections = await sectionsOf('pages/home.yaml');
    const hero = indexOf(sections, 'hero');
    const stats = indexOf(sections, 'stats');
    const { title, highlight } = sections[hero];
    const figure = sections[stats].items![0].value!;
    const headline = `Told in Words on ${highlight}`;
    await preview.locator(`[data-section="${hero}"]`).waitFor(outcome);
    await preview.getByRole('heading', { level: 1, name: title }).click();
    await typeOver(ui, fieldAt(ui, ['sections', hero, 'title']), headline);
    await chooseWords(fieldAt(ui, ['sections', hero, 'highlight']), highlight!);
    await preview.locator(`[data-section="${stats}"]`).getByText(figure, { exact: true }).click();
    await typeOver(ui, fieldAt(ui, ['sections', stats, 'items', 0, 'value']), '3,000+');
    await save(ui, 'pages/home.yaml');

    const review = await openChanges(ui);
    const home = review.getByRole('region', { name: model.pages.find((p) => p.path === '/')!.title });
    const lines = home.getByRole('listitem');
    await expect.poll(() => lines.count(), outcome).toBe(2);
    const said = (await lines.allTextContents()).join('\n');
    expect(said).toContain(`${sectionName('hero')} › ${sectionLabel('hero', 'title')}: ${title} → ${headline}`);
    expect(said).toContain(`${figure} → 3,000+`);
    const text = (await review.textContent()) ?? '';
    for (const jargon of gitJargon) expect(text).not.toContain(jargon);

    // The figure goes back; the headline stays.
    const figureLine = lines.filter({ hasText: `${figure} → 3,000+` });
    await figureLine.getByRole('button', { name: /^Discard this change/ }).click();
    await figureLine.getByRole('button', { name: 'Yes, discard' }).click();
    await expect.poll(() => lines.count(), outcome).toBe(1);
    expect(await onDisk('pages/home.yaml')).toBe(
      replaceOnce(await fixtureText('pages/home.yaml'), `\n    title: ${title}\n`, `\n    title: ${headline}\n`),
    );
  });

  it("8. a colleague's edit on disk: the notice is in view, Save refuses, and reloading brings the colleague's text", async () => {
    const ui = await session.open('?path=/contact');
    const page = model.pages.find((p) => p.path === '/contact')!;
    const file = path.join(session.studio().root, 'site', 'pages', 'contact.yaml');
    await ui.getByRole('button', { name: /^Page settings/ }).click();
    const title = fieldAt(ui, ['title']);
    await typeOver(ui, title, 'Talk to Us');
    // Meanwhile a colleague changes the same page in a text editor.
    const theirs = replaceOnce(await readFile(file, 'utf8'), `\ntitle: ${page.title}\n`, '\ntitle: Contact the Team\n');
    await writeFile(file, theirs);

    const notice = panelOf(ui).getByRole('alert').filter({ hasText: 'Someone else saved this meanwhile' });
    await notice.waitFor(outcome);
    expect(await inPanelView(notice)).toBe(true);
    expect(await saveButton(ui).isDisabled()).toBe(true);
    expect(await whySaveWaits(ui)).toMatch(/Someone else saved it meanwhile/);
    await pressSave(ui);
    expect(await readFile(file, 'utf8')).toBe(theirs);

    await notice.getByRole('button', { name: /^Reload/ }).click();
    await expect.poll(() => title.inputValue(), outcome).toBe('Contact the Team');
    await notice.waitFor({ state: 'detached', ...outcome });
    // The colleague's text stays, and the manager's next edit saves on top of it.
    await title.click();
    await title.press('End');
    await typeOn(ui, title, ' Today');
    await save(ui, 'pages/contact.yaml');
    expect(await onDisk('pages/contact.yaml')).toBe(
      replaceOnce(theirs, '\ntitle: Contact the Team\n', '\ntitle: Contact the Team Today\n'),
    );
  });
  it('9. going live: a new article written, taken out of draft and saved; Changes shows it and nothing unsaved; the saved site builds with it; committed, nothing is left to review', async () => {
    const ui = await session.open();
    const title = 'Going Live From the Studio';
    const slug = title.toLowerCase().replaceAll(' ', '-');
    const file = `blog/${slug}.md`;
    await createEntry(ui, 'New article', title, slug, file);

    // The template's sentences replaced, as the docs ask before the draft mark goes.
    const excerpt = 'How one page went from a draft in the studio to the live site.';
    await typeOver(ui, fieldAt(ui, ['excerpt']), excerpt);
    await editTextAs(ui, 'Markdown');
    const body = ui.getByRole('textbox', { name: 'Text (Markdown)' });
    await body.click();
    await pressSelectAll(ui);
    const sentence = 'Written, checked and published without a line of YAML.';
    await ui.keyboard.type(sentence);
    await ui.getByRole('switch', { name: /^Draft/ }).click();
    expect(await problemCount(ui).count()).toBe(0);
    await save(ui, file);
    await expect.poll(() => whySaveWaits(ui), outcome).toBe('No unsaved edits');

    const review = await openChanges(ui);
    const region = review.getByRole('region', { name: new RegExp(title) });
    await region.waitFor(outcome);
    expect(await region.textContent()).toContain(title);
    await ui.keyboard.press('Escape');
    await review.waitFor({ state: 'detached', ...outcome });

    // What publishing is: the project's build of the saved site, then a commit of site/.
    const outDir = path.join(projectRoot, '.cache', 'dist-studio-nine-tasks');
    await buildSaved(session.studio().root, outDir);
    const built = await readFile(path.join(outDir, blogPath(slug).slice(1), 'index.html'), 'utf8');
    expect(built).toContain(title);
    expect(built).toContain(sentence);
    studioGit(session.studio(), 'add', 'site');
    studioGit(
      session.studio(),
      '-c',
      'user.name=Manager',
      '-c',
      'user.email=m@example.com',
      'commit',
      '-q',
      '-m',
      title,
    );
    try {
      const after = await openChanges(ui);
      await after.getByText(/^Nothing new/).waitFor(outcome);
    } finally {
      // The studio's copy back to the fixture as committed, for the tests after this one.
      studioGit(session.studio(), 'reset', '-q', '--hard', 'HEAD~1');
    }
  }, 300_000);
});
