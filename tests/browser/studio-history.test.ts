// A page restored from history, in real Chromium against the studio on the server
// (studioOnServer, as `npm start` adds it), on a git repository holding a copy of the fixture site:
// the contact page saved twice (two commits by the signed-in editor), its history lists the versions
// with who, when, the description and the change in words, and the first save restored: the file is
// that version byte for byte, in a new commit by the editor, the older commits untouched. A page
// deleted in the history is brought back whole, as one more commit.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addEditor } from '../../server/studio-access/editors.ts';
import { studioPath } from '../../shared/studio-protocol.ts';
import { testConfig } from '../fixtures/dist-fixture.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { committedFixtureSite, serveStudio, signedInContext } from '../fixtures/studio-on-server.ts';
import { launchChromium } from './chromium.ts';
import { fieldAt, saveButton } from './studio-locators.ts';
import { outcome } from './studio-session.ts';

const editor = 'editor@example.com';
let root: string;
let git: (...args: string[]) => string;
let dataDir: string;
let app: FastifyInstance;
let base: string;
let browser: Browser;

const site = (file: string) => path.join(root, 'site', file);

beforeAll(async () => {
  ({ root, git } = await committedFixtureSite('studio-history'));
  const config = testConfig(fixtureDistDir, { dataDir: path.join(root, 'var'), rateLimit: 0 });
  dataDir = config.dataDir;
  await addEditor(dataDir, editor, 'editor');
  [{ app, base }, browser] = await Promise.all([serveStudio(root, config), launchChromium()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** The studio page of the signed-in editor at `query`, once loaded. */
async function openStudio(query: string): Promise<Page> {
  const context = await signedInContext(browser, base, dataDir, editor);
  const ui = await context.newPage();
  await ui.goto(`${base}${studioPath}${query}`);
  await ui.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, { timeout: 90_000 });
  return ui;
}

/** The page's title typed and saved: one more commit (the commit made is what the save answers after). */
async function saveTitle(ui: Page, title: string) {
  const commits = Number(git('rev-list', '--count', 'HEAD'));
  await fieldAt(ui, ['title']).fill(title);
  await saveButton(ui).click();
  await expect.poll(() => Number(git('rev-list', '--count', 'HEAD')), outcome).toBe(commits + 1);
}

it('a page saved twice lists both saves in its history, and the first one restored is a new commit', async () => {
  const ui = await openStudio('?path=/contact');
  await ui.getByRole('button', { name: /^Page settings/ }).click();
  await saveTitle(ui, 'Talk to Us');
  const first = await readFile(site('pages/contact.yaml'));
  expect(git('log', '-1', '--format=%ae %s')).toBe(`${editor} Talk to Us: Title`);
  await saveTitle(ui, 'Contact the Team');
  const before = git('rev-list', 'HEAD');
  expect(before.split('\n')).toHaveLength(3);

  await ui.getByRole('button', { name: 'History', exact: true }).click();
  const dialog = ui.getByRole('dialog', { name: 'History of Contact the Team' });
  const versions = dialog.getByRole('article');
  await expect.poll(() => versions.count(), outcome).toBe(3);
  const [newest, older, oldest] = [versions.nth(0), versions.nth(1), versions.nth(2)];
  const newestText = await newest.innerText();
  expect(newestText).toContain('Contact the Team: Title');
  expect(newestText).toContain(`editor (${editor})`);
  expect(newestText).toMatch(/Title: .*Talk to Us.*Contact the Team/s);
  expect(newestText).toMatch(/as it is now/i);
  expect(await older.innerText()).toMatch(/Talk to Us: Title[\s\S]*Title: .*Contact.*Talk to Us/);
  // Each version summed up from its change, never by the commit's message ("The site").
  expect(await oldest.innerText()).toMatch(/^New page: [\s\S]*Owner \(owner@example\.com\)[\s\S]*Created\./);

  // Asked first: nothing is written until the editor says yes.
  await older.getByRole('button', { name: /^Restore Talk to Us as of / }).click();
  const question = older.getByRole('group', {
    name: /^Restore Talk to Us as it was on .*nothing in the history is lost/,
  });
  await question.waitFor(outcome);
  expect(git('rev-list', 'HEAD')).toBe(before);
  await question.getByRole('button', { name: 'Yes, restore' }).click();

  await expect.poll(() => git('rev-list', '--count', 'HEAD'), outcome).toBe('4');
  expect(await readFile(site('pages/contact.yaml'))).toEqual(first);
  expect(git('rev-list', 'HEAD~1')).toBe(before);
  expect(git('log', '-1', '--format=%ae %s')).toMatch(
    new RegExp(`^${editor} Restored Talk to Us as of \\d+ \\w+ \\d{4}, \\d\\d:\\d\\d UTC$`),
  );
  expect(git('status', '--porcelain', '--', 'site')).toBe('');
  // The studio shows the restored version, with nothing unsaved.
  await dialog.waitFor({ state: 'hidden', ...outcome });
  await expect.poll(() => fieldAt(ui, ['title']).inputValue(), outcome).toBe('Talk to Us');
  expect(await ui.getByText('Unsaved edits', { exact: true }).count()).toBe(0);
  await ui.context().close();
});

it('a page deleted in the history is brought back whole, as a new commit', async () => {
  const page = await readFile(site('pages/draft.yaml'));
  git('rm', '-q', 'site/pages/draft.yaml');
  git('-c', 'user.name=Owner', '-c', 'user.email=owner@example.com', 'commit', '-q', '-m', 'Draft page gone');
  const before = git('rev-list', 'HEAD');

  const ui = await openStudio('?path=/contact');
  await ui.getByRole('button', { name: 'Deleted pages and articles' }).click();
  const dialog = ui.getByRole('dialog', { name: 'Deleted pages and articles' });
  const card = dialog.getByRole('article', { name: 'Page: Draft Page' });
  await card.waitFor(outcome);
  expect(await card.innerText()).toContain('Deleted by Owner (owner@example.com)');
  await card.getByRole('button', { name: 'Bring back Draft Page' }).click();
  await card.getByRole('button', { name: 'Yes, bring it back' }).click();

  await expect.poll(() => readFile(site('pages/draft.yaml')).catch(() => undefined), outcome).toEqual(page);
  await expect.poll(() => git('rev-list', 'HEAD~1'), outcome).toBe(before);
  expect(git('log', '-1', '--format=%ae %s')).toMatch(new RegExp(`^${editor} Restored Draft Page as of `));
  // It opens, and the list of deleted pages no longer has it.
  await ui.locator('[data-open-file="pages/draft.yaml"]').waitFor(outcome);
  await ui.getByRole('button', { name: 'Deleted pages and articles' }).click();
  await dialog.getByText("No page or article was deleted in the site's history.").waitFor(outcome);
  await ui.context().close();
});
