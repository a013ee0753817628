// Drafts that survive anything, as an editor lives them in Chromium. In the
// laptop studio: type, reload at once, and the draft is back ("Unsaved draft from <time>"); kept,
// it is one undoable step and its save changes only the edited line; dropped, it is gone; a draft
// of a file discarded in the review is gone too. On the studio on the server (a child process, as
// `npm start` runs it, with an editor signed in): type, kill the server, start it again, and the
// draft is back from the server (a fresh browser); typed while the server cannot be reached, it is
// back from the browser's copy.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEditor } from '../../server/studio-access/editors.ts';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, sessionRecords } from '../../server/studio-access/sessions.ts';
import { studioApiPath, studioPath } from '../../shared/studio-protocol.ts';
import { startChildServer } from '../fixtures/child-server.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { freePort } from '../fixtures/smtp.ts';
import { changedLines, fixtureSite } from '../fixtures/studio.ts';
import { editTextAs, fieldAt } from './studio-locators.ts';
import { outcome, save, useStudio } from './studio-session.ts';

const laptop = useStudio({ restore: true });
const committed = (file: string) => readFile(path.join(fixtureSite, file), 'utf8');
const onDisk = (file: string) => readFile(path.join(laptop.studio().root, 'site', file), 'utf8');

/** The drafts this browser keeps, by file: the draft's data and body. */
const keptInBrowser = (ui: Page) =>
  ui.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((key) => key.startsWith('studio-draft:'))
        .map((key) => {
          const kept = JSON.parse(localStorage.getItem(key)!) as { file: string; draft: unknown };
          return [kept.file, kept.draft];
        }),
    ),
  );

/** Reloads the studio (saying yes to "leave with unsaved edits?") and waits until it is ready. */
async function reload(ui: Page) {
  const accept = (dialog: { accept: () => Promise<void> }) => void dialog.accept();
  ui.on('dialog', accept);
  await ui.reload();
  ui.off('dialog', accept);
  await ui.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, { timeout: 60_000 });
}

const offer = (ui: Page) => ui.getByRole('dialog', { name: /^Unsaved draft from / });
const markdown = (ui: Page) => ui.getByRole('textbox', { name: 'Text (Markdown)' });
const markdownText = (ui: Page) =>
  markdown(ui).evaluate((el) => [...el.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n'));

describe('in the laptop studio', () => {
  it('type, reload at once: the draft is back; kept, it is one undoable step, and its save changes only the edited line; then it is gone', async () => {
    const file = 'pages/contact.yaml';
    const ui = await laptop.open('?path=/contact');
    const description = fieldAt(ui, ['description']);
    const original = await description.inputValue();
    const typed = 'Ask us anything about the fixture site, and we answer every message within a day.';
    await description.fill(typed);
    // Reloaded at once: the page going away writes the draft (no waiting for the pause after typing).
    await reload(ui);

    const question = offer(ui);
    await question.waitFor(outcome);
    // "Unsaved draft from <weekday, month day, time>" in the browser's own words.
    expect(await question.getByRole('heading').textContent()).toMatch(
      /^Unsaved draft from \w+, \w+ \d{1,2}(, \d{4})? at \d{1,2}:\d{2}( [AP]M)?$/,
    );
    // The question names the page, never its file.
    expect(await question.innerText()).not.toMatch(/site\/|\.ya?ml\b|\.md\b/);
    // Nothing is typed over while the question is open.
    expect(await description.inputValue()).toBe(original);
    await question.getByRole('button', { name: 'Keep the draft' }).click();
    await question.waitFor({ state: 'detached', ...outcome });
    await expect.poll(() => description.inputValue(), outcome).toBe(typed);
    await ui.getByText('Unsaved edits').waitFor(outcome);

    // One step over the file: Undo is the file, Redo the draft.
    await ui.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => description.inputValue(), outcome).toBe(original);
    expect(await ui.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    await ui.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => description.inputValue(), outcome).toBe(typed);

    await save(ui, file);
    expect(changedLines(laptop.studio(), file)).toEqual({
      removed: [`description: ${original}`],
      added: [`description: ${typed}`],
    });
    // Saved: no draft is kept, and none is offered again.
    await expect.poll(() => keptInBrowser(ui), outcome).toEqual({});
    await reload(ui);
    await expect.poll(() => description.inputValue(), outcome).toBe(typed);
    expect(await offer(ui).count()).toBe(0);
  });

  it('a Markdown draft dropped is gone; a draft of a file discarded in the review is gone too', async () => {
    const file = 'blog/second-note.md';
    const ui = await laptop.open('?path=/resources/blogs/second-note');
    await editTextAs(ui, 'Markdown');
    const original = await markdownText(ui);
    await markdown(ui).locator('.cm-line', { hasText: '- another list item' }).click();
    await ui.keyboard.press('End');
    await ui.keyboard.type(' kept as a draft');
    // Kept shortly after the last keystroke, without leaving the page.
    await expect
      .poll(() => keptInBrowser(ui), outcome)
      .toEqual({
        [file]: expect.objectContaining({ body: expect.stringContaining('- another list item kept as a draft') }),
      });
    await reload(ui);
    const question = offer(ui);
    await question.getByText('Second Fixture Note').waitFor(outcome);
    await question.getByRole('button', { name: 'Drop the draft' }).click();
    await question.waitFor({ state: 'detached', ...outcome });
    expect(await markdownText(ui)).toBe(original);
    await expect.poll(() => keptInBrowser(ui), outcome).toEqual({});
    await reload(ui);
    expect(await offer(ui).count()).toBe(0);
    expect(await onDisk(file)).toBe(await committed(file));

    // A saved edit, then an unsaved one kept as a draft; the file discarded in the review takes both.
    await markdown(ui).locator('.cm-line', { hasText: '- a list item' }).click();
    await ui.keyboard.press('End');
    await ui.keyboard.type(' saved');
    await save(ui, file);
    await markdown(ui).locator('.cm-line', { hasText: '- a list item saved' }).click();
    await ui.keyboard.press('End');
    await ui.keyboard.type(' and a draft');
    await expect.poll(async () => Object.keys(await keptInBrowser(ui)), outcome).toEqual([file]);
    await ui.getByRole('button', { name: 'Not live yet', exact: true }).click();
    const review = ui.getByRole('dialog', { name: 'Saved — not live yet' });
    await review.getByRole('button', { name: 'Discard all changes to Second Fixture Note' }).click();
    await review.getByRole('button', { name: 'Yes, discard' }).click();
    await expect.poll(() => onDisk(file), outcome).toBe(await committed(file));
    await expect.poll(() => keptInBrowser(ui), outcome).toEqual({});
    await expect.poll(() => markdownText(ui), outcome).toBe(original);
  });
});

describe('on the studio on the server', () => {
  let root: string;
  let dataDir: string;
  let base: string;
  let port: number;
  let child: ChildProcess | undefined;
  let cookie: string;
  const file = 'pages/contact.yaml';
  const draftsDir = () => path.join(dataDir, 'drafts');

  const startServer = async () => {
    child = await startChildServer(path.join(import.meta.dirname, '..', 'fixtures', 'studio-server-child.ts'), {
      url: `${base}/`,
      env: {
        ...process.env,
        SITE_ROOT: root,
        PORT: String(port),
        HOST: '127.0.0.1',
        DIST_DIR: fixtureDistDir,
        DATA_DIR: dataDir,
        RATE_LIMIT: '0',
        LOG_LEVEL: 'warn',
      },
    });
  };

  /** The drafts kept on the server: each file's name under drafts/, and its text. */
  const keptOnServer = async () =>
    Promise.all(
      (await readdir(draftsDir(), { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((entry) => entry.isFile())
        .map(async (entry) => {
          const full = path.join(entry.parentPath, entry.name);
          return { name: path.relative(draftsDir(), full), text: await readFile(full, 'utf8') };
        }),
    );

  /** The signed-in editor's studio in a browser of its own (nothing kept in it yet). */
  async function openStudio(): Promise<Page> {
    const context = await laptop.browser().newContext({ viewport: { width: 1400, height: 900 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: `${base}${studioPath}` }]);
    const ui = await context.newPage();
    await ui.goto(`${base}${studioPath}?path=/contact`);
    await ui.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, {
      timeout: 120_000,
    });
    return ui;
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'studio-drafts-server-'));
    await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', root, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args]);
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'fixture');
    dataDir = path.join(root, 'var');
    await addEditor(dataDir, 'editor@example.com', 'editor');
    const now = Date.now();
    cookie = await sessionRecords(dataDir).create(
      { email: 'editor@example.com', method: 'link', created: now, expires: now + SESSION_LIFETIME_MS },
      now,
    );
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await startServer();
  }, 240_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('type, kill the server, start it again: the draft is back from the server; kept and saved, only its line changes', async () => {
    const ui = await openStudio();
    const description = fieldAt(ui, ['description']);
    const original = await description.inputValue();
    const typed = 'Typed on the server just before it went down, and kept there for the editor.';
    await description.fill(typed);
    // Kept on the server as it is typed, in a file named by hashes (neither the entry nor the editor).
    await expect
      .poll(async () => (await keptOnServer()).map((kept) => kept.text.includes(typed)), outcome)
      .toEqual([true]);
    const [kept] = await keptOnServer();
    expect(kept.name).toMatch(/^[0-9a-f]{32}\/[0-9a-f]{32}\.json$/);

    const running = child!;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
    await ui.context().close();
    await startServer();

    // Another browser, nothing kept in it: the draft comes from the server.
    const again = await openStudio();
    const question = offer(again);
    await question.waitFor(outcome);
    await question.getByRole('button', { name: 'Keep the draft' }).click();
    const field = fieldAt(again, ['description']);
    await expect.poll(() => field.inputValue(), outcome).toBe(typed);
    await save(again, file);
    // On the server a save is a commit by the editor: it changes the description's line only.
    const lines = execFileSync(
      'git',
      ['-C', root, 'show', '--format=%ae', '--unified=0', 'HEAD', '--', `site/${file}`],
      {
        encoding: 'utf8',
      },
    ).split('\n');
    expect(lines[0]).toBe('editor@example.com');
    expect(lines.filter((line) => /^[-+][^-+]/.test(line))).toEqual([
      `-description: ${original}`,
      `+description: ${typed}`,
    ]);
    await expect.poll(keptOnServer, outcome).toEqual([]);
    await again.context().close();
  });

  it('typed while the server cannot be reached, the draft is kept in the browser and comes back; dropped, it is gone', async () => {
    const ui = await openStudio();
    // The server is unreachable for drafts: every draft sent to it fails.
    await ui.route(
      (url) => url.pathname === `${studioApiPath}draft`,
      (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()),
    );
    const description = fieldAt(ui, ['description']);
    const before = await description.inputValue();
    const typed = 'Typed while the connection was lost, and kept in this browser until it is back.';
    await description.fill(typed);
    await expect
      .poll(() => keptInBrowser(ui), outcome)
      .toEqual({ [file]: expect.objectContaining({ data: expect.objectContaining({ description: typed }) }) });
    expect(await keptOnServer()).toEqual([]);

    await reload(ui);
    const question = offer(ui);
    await question.waitFor(outcome);
    expect(await keptOnServer()).toEqual([]);
    await question.getByRole('button', { name: 'Drop the draft' }).click();
    await question.waitFor({ state: 'detached', ...outcome });
    expect(await fieldAt(ui, ['description']).inputValue()).toBe(before);
    await expect.poll(() => keptInBrowser(ui), outcome).toEqual({});
    await reload(ui);
    expect(await offer(ui).count()).toBe(0);
    await ui.context().close();
  });
});
