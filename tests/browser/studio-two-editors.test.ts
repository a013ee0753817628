// Two editors at once, in real Chromium against the studio inside `npm start` (as
// scripts/start.ts adds it) on a git-committed copy of the fixture site: two signed-in editors in
// two browser contexts open the same page and each sees the other there. Edits of different fields
// both land, merged for the second (each save a commit by its editor, one line per field); edits of
// the same field ask the second which to keep, and that lands. Every order is forced: the first save
// is on disk before the second starts.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addEditor } from '../../server/studio-access/editors.ts';
import { studioPath } from '../../shared/studio-protocol.ts';
import { testConfig } from '../fixtures/dist-fixture.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { committedFixtureSite, serveStudio, sessionOf, signedInContext } from '../fixtures/studio-on-server.ts';
import { SESSION_COOKIE } from '../../server/studio-access/sessions.ts';
import { fileLabel } from '../fixtures/studio-labels.ts';
import { launchChromium } from './chromium.ts';
import { fieldAt, saveButton } from './studio-locators.ts';
import { outcome } from './studio-session.ts';

const ana = 'ana@example.com';
const bo = 'bo@example.com';
const file = 'pages/contact.yaml';
const bosDescription = 'Written by Bo while Ana edited the title, long enough for search engines.';
const bosChoice = 'Bo chose his own title, and wrote this description long enough for search engines.';
/** A window says it is there every 15 s: the one opened first hears of the second within that. */
const nextPresence = { timeout: 60_000 };

let root: string;
let git: (...args: string[]) => string;
let app: FastifyInstance;
let baseUrl: string;
let browser: Browser;
let dataDir: string;

const onDisk = () => readFile(path.join(root, 'site', file), 'utf8');

beforeAll(async () => {
  ({ root, git } = await committedFixtureSite('studio-two-editors'));
  const config = testConfig(fixtureDistDir, { dataDir: path.join(root, 'var'), rateLimit: 0 });
  dataDir = config.dataDir;
  await addEditor(dataDir, ana, 'editor');
  await addEditor(dataDir, bo, 'editor');
  [{ app, base: baseUrl }, browser] = await Promise.all([serveStudio(root, config), launchChromium()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/**
 * The contact page's settings in the studio of `email`, signed in (a session as the mailed link
 * makes it), in a browser context of their own; resolved once the server has heard this window.
 * `watch: false` leaves the page deaf to files changing on disk, so its save meets the newer version.
 */
async function openAs(email: string, { watch = true } = {}): Promise<Page> {
  const context = await signedInContext(browser, baseUrl, dataDir, email);
  const ui = await context.newPage();
  if (!watch) await ui.route('**/_studio/api/events', (route) => route.abort());
  const heard = ui.waitForResponse((response) => response.url().endsWith('/api/presence') && response.ok(), {
    timeout: 120_000,
  });
  await ui.goto(`${baseUrl}${studioPath}?path=/contact`);
  await ui.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, { timeout: 120_000 });
  await heard;
  await ui.getByRole('button', { name: /^Page settings/ }).click();
  return ui;
}

const presence = (ui: Page) => ui.getByRole('banner').getByRole('status').filter({ hasText: 'Also open:' });
// The notice names the entry by its title as saved last (a merged save: the colleague's title).
const saved = (ui: Page) => ui.getByText(/^Saved Contact/).first();

/** What changed in the contact page from the fixture's commit to the last: removed and added lines. */
function changedSinceFixture(): { removed: string[]; added: string[] } {
  const lines = git('diff', '--unified=0', 'HEAD~2', 'HEAD', '--', `site/${file}`).split('\n');
  const body = lines.filter((line) => !/^(diff |index |--- |\+\+\+ |@@ )/.test(line));
  return {
    removed: body.filter((l) => l.startsWith('-')).map((l) => l.slice(1)),
    added: body.filter((l) => l.startsWith('+')).map((l) => l.slice(1)),
  };
}

const authors = (count: number) => git('log', `-${count}`, '--format=%ae').split('\n');

it('each sees the other; edits of different fields both land, merged for the one who saves second', async () => {
  const original = await onDisk();
  const anaUi = await openAs(ana);
  const boUi = await openAs(bo);
  // Bo opened second: the server already knew Ana's window when it answered his.
  await expect.poll(() => presence(boUi).textContent(), outcome).toBe(`Also open: ${ana}`);
  await expect.poll(() => presence(anaUi).textContent(), nextPresence).toBe(`Also open: ${bo}`);

  await fieldAt(anaUi, ['title']).fill('Contact Ana');
  await fieldAt(boUi, ['description']).fill(bosDescription);
  await expect.poll(() => saveButton(anaUi).isEnabled(), outcome).toBe(true);
  await saveButton(anaUi).click();
  await saved(anaUi).waitFor(outcome);
  expect(await onDisk()).toContain('\ntitle: Contact Ana\n');

  // Bo's studio hears of Ana's save, names her, and keeps his edit.
  const notice = boUi.getByRole('alert').filter({ hasText: 'Someone else saved this meanwhile' });
  await notice
    .getByText(new RegExp(`^${ana} saved a newer version of Contact at \\d\\d:\\d\\d since you opened it`))
    .waitFor(outcome);
  expect(await fieldAt(boUi, ['description']).inputValue()).toBe(bosDescription);
  await notice.getByRole('button', { name: 'Merge and save' }).click();
  await saved(boUi).waitFor(outcome);
  const merged = boUi.getByRole('alert').filter({ hasText: `Merged with ${ana}’s version` });
  await expect
    .poll(() => merged.textContent(), outcome)
    .toContain(
      `${ana} changed Contact Ana › ${fileLabel('page', 'title')}; your edits to Contact Ana › ${fileLabel('page', 'description')} are kept.`,
    );
  // Bo's form shows both edits; the file holds both, one line each, nothing else changed.
  expect(await fieldAt(boUi, ['title']).inputValue()).toBe('Contact Ana');
  expect(changedSinceFixture()).toEqual({
    removed: original.split('\n').filter((line) => /^(title|description): /.test(line)),
    added: ['title: Contact Ana', `description: ${bosDescription}`],
  });
  expect(authors(2)).toEqual([bo, ana]);
  await Promise.all([anaUi.context().close(), boUi.context().close()]);
});

it('the same field: the second to save sees both versions, chooses, and what they chose lands', async () => {
  const before = await onDisk();
  const anaUi = await openAs(ana);
  // Bo's page does not hear of Ana's save: his Save itself meets her version.
  const boUi = await openAs(bo, { watch: false });
  await fieldAt(anaUi, ['title']).fill('Contact Us Today');
  await fieldAt(boUi, ['title']).fill('Talk to Bo');
  await fieldAt(boUi, ['description']).fill(bosChoice);
  await expect.poll(() => saveButton(anaUi).isEnabled(), outcome).toBe(true);
  await saveButton(anaUi).click();
  await saved(anaUi).waitFor(outcome);
  expect(await onDisk()).toContain('\ntitle: Contact Us Today\n');

  await expect.poll(() => saveButton(boUi).isEnabled(), outcome).toBe(true);
  await saveButton(boUi).click();
  const dialog = boUi.getByRole('dialog', { name: 'You both changed the same thing' });
  await dialog.waitFor(outcome);
  await dialog.getByText(`${ana} saved a newer version of Contact Us Today`).waitFor(outcome);
  const place = dialog.getByRole('radiogroup', { name: `Contact Us Today › ${fileLabel('page', 'title')}` });
  expect(await place.getByRole('radio').count()).toBe(2);
  expect(await place.textContent()).toContain('Contact Us Today');
  expect(await place.textContent()).toContain('Talk to Bo');
  // Nothing is saved until every place is chosen.
  const saveChoices = dialog.getByRole('button', { name: 'Save with these choices' });
  expect(await saveChoices.isDisabled()).toBe(true);
  expect(await onDisk()).toContain('\ntitle: Contact Us Today\n');
  await place.getByRole('radio', { name: 'Keep yours' }).check();
  await saveChoices.click();
  await saved(boUi).waitFor(outcome);
  await dialog.waitFor({ state: 'detached', ...outcome });

  const now = await onDisk();
  expect(now).toBe(
    before
      .replace(/\ntitle: .*\n/, '\ntitle: Talk to Bo\n')
      .replace(/\ndescription: .*\n/, `\ndescription: ${bosChoice}\n`),
  );
  expect(authors(2)).toEqual([bo, ana]);
  await Promise.all([anaUi.context().close(), boUi.context().close()]);
});

it("one editor's unsaved edit is previewed for her window only, never for another editor's", async () => {
  /** Asks the studio as `email` in the window `window`, as the studio page and its preview frame do. */
  const as = async (email: string) => {
    const cookie = `${SESSION_COOKIE}=${await sessionOf(dataDir, email)}`;
    const page = await app.inject({ url: studioPath, headers: { cookie } });
    const token = /name="studio-token" content="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const host = new URL(baseUrl).host;
    const headers = { cookie, host, origin: baseUrl, 'sec-fetch-site': 'same-origin', 'x-studio-token': token };
    return {
      check: (data: unknown, window: string) =>
        app.inject({
          method: 'POST',
          url: `${studioPath}api/check?file=${file}`,
          headers: { ...headers, 'x-studio-window': window, 'content-type': 'application/json' },
          payload: JSON.stringify({ data }),
        }),
      preview: async (window: string) =>
        (
          await app.inject({
            url: `${studioPath}preview/_data/contact.json`,
            headers: { cookie, 'x-studio-window': window },
          })
        ).body,
      entry: async () =>
        JSON.parse((await app.inject({ url: `${studioPath}api/entry?file=${file}`, headers })).body) as {
          data: Record<string, unknown>;
        },
    };
  };
  const [anaApi, boApi] = await Promise.all([as(ana), as(bo)]);
  const { data } = await anaApi.entry();
  const unsaved = 'Only Ana has typed this title';
  // Both use the same window id: the preview is still each editor's own.
  const window = 'the-same-window-0001';
  expect(JSON.parse((await anaApi.check({ ...data, title: unsaved }, window)).body)).toMatchObject({
    previewing: true,
  });
  expect(await anaApi.preview(window)).toContain(unsaved);
  expect(await boApi.preview(window)).not.toContain(unsaved);
  expect(await boApi.preview('another-window-0002')).not.toContain(unsaved);
  await anaApi.check(data, window);
});
