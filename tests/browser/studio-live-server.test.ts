// The studio on the server from sign-in to publish, in real Chromium against the app `npm start`
// builds (studioOnServer, as scripts/start.ts adds it), on a git repository holding a copy of the
// fixture site, with a real SMTP server: a publisher signs in by the mailed link, edits the home headline and saves (a commit
// by her; the live page unchanged), sees the change in the Publish view with the page before and
// after, is refused a publish of that list once a colleague saved since (and shown the newer
// change), publishes (progress shown; the live page changes; a stream of requests to the live site
// during the switch gets no error), and rolls back (the old headline is back). An editor who is no
// publisher is told why she cannot publish, and the server refuses her Publish. A publish of a site
// with a problem shows the compiler's messages and changes nothing; the laptop studio has no Publish.
// An editor shares a saved change by a preview link, which a browser without a session opens, and
// stops it.
// A publisher schedules on the site's clock (a past time refused in words); a schedule of a site with
// a problem says it will not go live and mails her; one without is made ready, and she cancels it.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ServerConfig } from '../../server/config.ts';
import { readAudit } from '../../server/studio-access/audit.ts';
import { addEditor } from '../../server/studio-access/editors.ts';
import { readCurrent } from '../../server/releases/store.ts';
import { publish } from '../../scripts/publish/publish.ts';
import { studioApiPath, studioPath, tokenHeader, tokenMeta } from '../../shared/studio-protocol.ts';
import { describeTime, wallClockText } from '../../shared/site-time.ts';
import { testConfig } from '../fixtures/dist-fixture.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { freePort, startSmtp, type TestSmtp } from '../fixtures/smtp.ts';
import { startStudio } from '../fixtures/studio.ts';
import { committedFixtureSite, pageWords, serveStudio } from '../fixtures/studio-on-server.ts';
import { mailedLink } from '../fixtures/studio-sign-in.ts';
import { sectionLabel } from '../fixtures/studio-labels.ts';
import { launchChromium } from './chromium.ts';
import { outcome } from './studio-session.ts';
import { developerWordsOn, schemaKeys } from './studio-walk.ts';

const headline = 'Every Field. One Page.';
const edited = 'Every Field. One Page. Published from the studio';
const colleagues = 'Ask Us Anything, a colleague’s words';
const pat = 'pat@example.com';
const ed = 'ed@example.com';
/** A publish builds the whole site in a child process: slow on a busy two-core machine. */
const building = { timeout: 240_000 };

let root: string;
let git: (...args: string[]) => string;
let config: ServerConfig;
let smtp: TestSmtp;
let app: FastifyInstance;
let base: string;
let browser: Browser;
let firstRelease: string;

const livePage = async () => (await fetch(`${base}/`)).text();
const liveWords = async () => pageWords(await livePage());

beforeAll(async () => {
  ({ root, git } = await committedFixtureSite('studio-live-server'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  smtp = await startSmtp();
  config = testConfig(fixtureDistDir, {
    dataDir: path.join(root, 'var'),
    smtpUrl: smtp.url,
    publicUrl: base,
    rateLimit: 0,
  });
  await addEditor(config.dataDir, pat, 'publisher');
  await addEditor(config.dataDir, ed, 'editor');
  // The release the site owner published first: the one to roll back to.
  const [first, launched] = await Promise.all([
    publish({ root, dataDir: config.dataDir, by: 'owner' }),
    launchChromium(),
  ]);
  browser = launched;
  if (!first.ok) throw new Error(`the first publish failed: ${first.reason} ${first.messages.join('\n')}`);
  firstRelease = first.id;
  ({ app } = await serveStudio(root, config, port));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await smtp?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Signs `email` in as an editor does, by the mailed link, and waits for the studio. */
async function signIn(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}${studioPath}?path=/`);
  expect(new URL(page.url()).pathname).toBe('/_studio/sign-in');
  const mails = smtp.received.length;
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect.poll(() => smtp.received.length, outcome).toBe(mails + 1);
  await page.goto(`${base}${mailedLink(smtp, email)}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === studioPath, outcome);
  await page.goto(`${base}${studioPath}?path=/`);
  await page.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, {
    timeout: 120_000,
  });
  return page;
}

/** The Publish view, opened from the toolbar. */
async function openPublishView(ui: Page) {
  await ui.getByRole('banner').getByRole('button', { name: 'Publish', exact: true }).click();
  const view = ui.getByRole('dialog');
  await view.getByRole('region', { name: 'Releases', exact: true }).getByRole('table').waitFor(outcome);
  return view;
}

/** Requests the live home page and its assets over and over until stopped; the failures it met. */
function requestStream(paths: string[]) {
  let stop = false;
  let sent = 0;
  const failures: string[] = [];
  const loop = async () => {
    for (let i = 0; !stop; i++) {
      const url = `${base}${paths[i % paths.length]}`;
      const response = await fetch(url).catch((error: Error) => error);
      sent++;
      if (response instanceof Error) failures.push(`${url}: ${response.message}`);
      else {
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`${url}: ${response.status}`);
      }
    }
  };
  const loops = [loop(), loop()];
  return {
    async end() {
      stop = true;
      await Promise.all(loops);
      return { sent, failures };
    },
  };
}

it('a publisher signs in by the mailed link, edits and saves, publishes, and rolls back', async () => {
  const ui = await signIn(pat);
  const frame = ui.frameLocator('iframe[title="Page preview"]');
  await frame.getByRole('heading', { level: 1, name: headline, exact: true }).click(outcome);
  const title = ui
    .getByRole('region', { name: 'Editing panel' })
    .getByRole('textbox', { name: sectionLabel('hero', 'title'), exact: true });
  await title.fill(edited);
  await ui.getByRole('button', { name: 'Save', exact: true }).click();
  await ui.getByText('Saved Start', { exact: true }).waitFor(outcome);
  // A commit authored by the signed-in editor; visitors still get the published release.
  await expect.poll(() => git('log', '-1', '--format=%ae', '--', 'site/pages/home.yaml'), outcome).toBe(pat);
  expect(await readFile(path.join(root, 'site', 'pages', 'home.yaml'), 'utf8')).toContain(edited);
  const before = await livePage();
  expect(pageWords(before)).toContain(headline);
  expect(pageWords(before)).not.toContain(edited);

  // Right after the save, "Not live yet" shows it (each save on the server is kept at once, so
  // there is nothing left "since the last commit"): who saved it, a summary and the review's words.
  await ui.getByRole('banner').getByRole('button', { name: 'Not live yet', exact: true }).click();
  const notLive = ui.getByRole('dialog', { name: 'Saved — not live yet' });
  const saved = notLive.getByRole('region', { name: 'Not published yet' }).getByRole('article').first();
  await saved.getByText(`pat (${pat})`).waitFor(outcome);
  await saved.getByText(edited).first().waitFor(outcome);
  expect(await saved.getAttribute('aria-label')).toMatch(/^Start: .* changed/);
  expect(await developerWordsOn(ui, schemaKeys())).toEqual([]);
  await ui.keyboard.press('Escape');
  await notLive.waitFor({ state: 'detached', ...outcome });

  // The Publish view: the change (who, which entry, in the review's words) and the page before and after.
  const view = await openPublishView(ui);
  const change = view.getByRole('region', { name: 'Not published yet' }).getByRole('article').first();
  await change.getByText(`pat (${pat})`).waitFor(outcome);
  await change.getByText(edited).first().waitFor(outcome);
  await view
    .frameLocator('iframe[title="Before: / as visitors see it"]')
    .getByRole('heading', { level: 1, name: headline, exact: true })
    .waitFor(outcome);
  await view
    .frameLocator('iframe[title="After: / as saved"]')
    .getByRole('heading', { level: 1, name: edited, exact: true })
    .waitFor({ timeout: 60_000 });

  // Publish, while visitors keep asking for the home page and the assets it loads.
  const assets = [...before.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  expect(assets.length).toBeGreaterThan(0);
  // A colleague saves while the publisher reads the list: her Publish is refused, in words, and the
  // list shows the newer change to look at before publishing again.
  const contact = path.join(root, 'site', 'pages', 'contact.yaml');
  await writeFile(contact, (await readFile(contact, 'utf8')).replace('title: Ask Us Anything', `title: ${colleagues}`));
  git('-c', 'user.name=Colleague', '-c', 'user.email=colleague@example.com', 'commit', '-q', '-am', 'Contact: a title');
  const publishButton = view
    .getByRole('region', { name: 'Publishing' })
    .getByRole('button', { name: 'Publish', exact: true });
  await publishButton.click();
  await view.getByText('Changes were saved since this list was shown, so nothing was published.').waitFor(outcome);
  await view
    .getByRole('region', { name: 'Not published yet' })
    .getByRole('article', { name: /^Contact: / })
    .filter({ hasText: colleagues })
    .waitFor(outcome);
  expect(await readCurrent(path.join(config.dataDir, 'releases'))).toBe(firstRelease);
  expect(await view.getByRole('region', { name: 'Publishing' }).textContent()).not.toMatch(
    /\b(commit|[0-9a-f]{7,40})\b/i,
  );

  const stream = requestStream(['/', ...assets]);
  await publishButton.click();
  const progress = view.getByRole('list', { name: 'Progress' });
  await progress.getByText('Checking the whole site for problems').waitFor(outcome);
  const result = view.getByRole('alert').filter({ hasText: /Visitors (now|still) see/ });
  await result.waitFor(building);
  expect(await result.textContent()).toContain('Visitors now see the site as saved');
  for (const step of ['Building the pages', 'Switching visitors to the new version'])
    await progress.getByText(step).first().waitFor(outcome);
  await expect.poll(liveWords, outcome).toContain(edited);
  const { sent, failures } = await stream.end();
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(20);
  const published = await readCurrent(path.join(config.dataDir, 'releases'));
  expect(published).not.toBe(firstRelease);
  // Nothing is left to publish; the new release is the live one.
  await view.getByText('Nothing to publish: visitors already see everything that was saved.').waitFor(outcome);

  // Roll back to the first release, in one click and a confirmation.
  const releases = view.getByRole('region', { name: 'Releases', exact: true });
  await expect.poll(() => releases.getByRole('row').count(), outcome).toBe(3);
  const older = releases.getByRole('row').filter({ hasText: 'owner' });
  await older.getByRole('button', { name: 'Roll back' }).click();
  await older.getByRole('button', { name: 'Yes, roll back' }).click();
  await older.getByText('Live').waitFor(outcome);
  await expect.poll(liveWords, outcome).toContain(headline);
  expect(await liveWords()).not.toContain(edited);
  expect(await readCurrent(path.join(config.dataDir, 'releases'))).toBe(firstRelease);
  // The saved change is unpublished again.
  await view.getByRole('region', { name: 'Not published yet' }).getByText(edited).first().waitFor(outcome);

  const audit = (await readAudit(config.dataDir)).map((e) => [e.who, e.action, e.detail]);
  expect(audit).toContainEqual([pat, 'save', expect.stringMatching(/ \(commit [0-9a-f]{7}\)$/)]);
  expect(audit).toContainEqual([pat, 'publish', `release ${published}`]);
  expect(audit).toContainEqual([pat, 'rollback', `release ${firstRelease}`]);
  await ui.context().close();
}, 600_000);

it('an editor sees what is unpublished and why she cannot publish; her Publish is refused', async () => {
  const ui = await signIn(ed);
  const view = await openPublishView(ui);
  await view.getByText('Only a publisher can publish.', { exact: true }).waitFor(outcome);
  expect(
    await view.getByRole('region', { name: 'Publishing' }).getByRole('button', { name: 'Publish' }).isDisabled(),
  ).toBe(true);
  await view.getByRole('region', { name: 'Not published yet' }).getByText(edited).first().waitFor(outcome);
  expect(await view.getByRole('button', { name: 'Roll back' }).count()).toBe(0);

  // Pressed anyway (the page's own request, with her session and the page's key): refused.
  const live = await readCurrent(path.join(config.dataDir, 'releases'));
  const answers = await ui.evaluate(
    async ({ api, header, meta }) => {
      const key = document.querySelector<HTMLMetaElement>(`meta[name="${meta}"]`)?.content ?? '';
      const post = (route: string, body: unknown) =>
        fetch(`${api}${route}`, {
          method: 'POST',
          headers: { [header]: key, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then(async (r) => ({ status: r.status, error: ((await r.json()) as { error: string }).error }));
      return [await post('publish', {}), await post('rollback', { id: 'any' })];
    },
    { api: studioApiPath, header: tokenHeader, meta: tokenMeta },
  );
  for (const answer of answers)
    expect(answer).toEqual({ status: 403, error: expect.stringMatching(/^Only a publisher can publish/) });
  expect(await readCurrent(path.join(config.dataDir, 'releases'))).toBe(live);
  expect((await readAudit(config.dataDir)).filter((e) => e.who === ed).map((e) => e.action)).toEqual(['sign-in']);
  await ui.context().close();
}, 300_000);

it('an editor shares a saved change with someone who has no account, then stops the link', async () => {
  const shared = 'Shown to a client. One Page.';
  const home = path.join(root, 'site', 'pages', 'home.yaml');
  await writeFile(
    home,
    (await readFile(home, 'utf8')).replace(/^ {4}title: Every Field\. One Page\..*$/m, `    title: ${shared}`),
  );
  git(
    '-c',
    'user.name=Colleague',
    '-c',
    'user.email=colleague@example.com',
    'commit',
    '-q',
    '-am',
    'Home: for the client',
  );
  const ui = await signIn(ed);
  const view = await openPublishView(ui);
  const share = view.getByRole('region', { name: 'Share a preview' });
  await share.getByRole('button', { name: 'Make a preview link' }).click();
  const field = share.getByRole('textbox', { name: 'Preview link' });
  await field.waitFor(building);
  const link = await field.inputValue();
  expect(link).toMatch(new RegExp(`^${base}/_preview/[A-Za-z0-9_-]{43}/$`));

  // The client: a browser with no cookie at all, shown the saved change with the banner, every
  // file the page asks for found in the preview.
  const client = await browser.newContext();
  const page = await client.newPage();
  const failed: string[] = [];
  page.on('response', (response) => response.status() >= 400 && failed.push(response.url()));
  const opened = await page.goto(link);
  expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await page.getByText('Preview — not the live site').waitFor(outcome);
  await page.getByRole('heading', { level: 1, name: shared, exact: true }).waitFor(outcome);
  expect(failed).toEqual([]);
  expect(await liveWords()).not.toContain(shared);

  // Stopped from the list: the client is told the preview has ended.
  const row = share.getByRole('row').filter({ hasText: ed });
  await row.getByRole('button', { name: 'Stop this link' }).click();
  await row.getByRole('button', { name: 'Yes, stop it' }).click();
  await row.getByText(`Stopped by ${ed}`).waitFor(outcome);
  expect((await page.reload())?.status()).toBe(410);
  await page.getByRole('heading', { name: 'This preview has ended' }).waitFor(outcome);
  await client.close();
  await ui.context().close();
}, 300_000);

it('a publish of a site with a problem shows the problem by its page’s title, and visitors keep the live release', async () => {
  // A developer's commit the studio would have refused: a field the page schema does not know.
  const home = path.join(root, 'site', 'pages', 'home.yaml');
  const homeTitle = (parse(await readFile(home, 'utf8')) as { title: string }).title;
  await writeFile(home, `${await readFile(home, 'utf8')}noSuchField: true\n`);
  git('-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '-q', '-am', 'A slip');
  const live = await readCurrent(path.join(config.dataDir, 'releases'));
  const before = await livePage();

  const ui = await signIn(pat);
  // The prebuilt studio has none of the developers' error screen (file paths, `npm run validate`).
  expect(await ui.getByRole('alertdialog').count()).toBe(0);
  const view = await openPublishView(ui);
  await view.getByRole('region', { name: 'Publishing' }).getByRole('button', { name: 'Publish', exact: true }).click();
  const result = view.getByRole('alert').filter({ hasText: /Visitors (now|still) see/ });
  await result.waitFor(building);
  expect(await result.textContent()).toContain('Not published');
  await result.getByRole('list', { name: 'Problems found' }).getByText(`${homeTitle}: `).first().waitFor(outcome);
  expect(await developerWordsOn(ui, schemaKeys())).toEqual([]);
  expect(await readCurrent(path.join(config.dataDir, 'releases'))).toBe(live);
  expect(await livePage()).toBe(before);
  expect((await readAudit(config.dataDir)).at(-1)).toMatchObject({ who: pat, action: 'publish-failed' });
  await ui.context().close();
  // The developer takes the slip back: the site as saved has no problem again.
  git('-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'revert', '--no-edit', 'HEAD');
}, 300_000);

it('the studio on a computer (npm run studio) has no Publish: a developer deploys', async () => {
  const laptop = await startStudio();
  try {
    const answer = await fetch(`${laptop.base}${studioApiPath}publish`, { headers: { [tokenHeader]: laptop.token } });
    expect(answer.status).toBe(404);
    const page = await browser.newPage();
    // The page asks whether this studio publishes; the button is decided by the answer.
    const asked = page.waitForResponse((response) => response.url().endsWith(`${studioApiPath}publish`), {
      timeout: 120_000,
    });
    await page.goto(laptop.studioUrl);
    await page.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, {
      timeout: 120_000,
    });
    expect((await asked).status()).toBe(404);
    const toolbar = page.getByRole('banner');
    await toolbar.getByRole('button', { name: 'Not live yet' }).waitFor(outcome);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await toolbar.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    await page.close();
  } finally {
    await laptop.stop();
  }
}, 300_000);

it('a publisher schedules on the site’s clock, is told by e-mail when it cannot go live, sees it made ready, and cancels it', async () => {
  const zone = 'Asia/Kolkata';
  const home = path.join(root, 'site', 'pages', 'home.yaml');
  const saved = await readFile(home, 'utf8');
  // A developer's slip first: the release scheduled for it cannot be made.
  await writeFile(home, `${saved}noSuchField: true\n`);
  git('-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '-q', '-am', 'Another slip');
  const ui = await signIn(pat);
  let view = await openPublishView(ui);
  let scheduled = view.getByRole('region', { name: 'Scheduled releases' });
  await scheduled.getByText('Nothing is scheduled.').waitFor(outcome);
  const scheduleAt = async (wallClock: string) => {
    await scheduled.getByRole('button', { name: 'Schedule…' }).click();
    await scheduled.getByLabel('Goes live on (India, UTC+05:30 time)').fill(wallClock);
    await scheduled.getByRole('button', { name: 'Schedule', exact: true }).click();
  };
  // A time already past is refused in words, and nothing is scheduled.
  await scheduleAt('2020-01-01T09:00');
  await scheduled
    .getByText('Wednesday 1 January 2020, 09:00 (India, UTC+05:30) has already passed.', { exact: false })
    .waitFor(outcome);
  await scheduled.getByRole('button', { name: 'Not now', exact: true }).click();
  const rowAt = (ms: number) =>
    scheduled.getByRole('row', { name: `Changes scheduled by ${pat}, ${describeTime(ms, zone)}` });

  const tomorrow = wallClockText(Date.now() + 86_400_000, zone);
  const mails = smtp.received.length;
  await scheduleAt(tomorrow);
  const failed = rowAt(Date.parse(`${tomorrow}:00+05:30`));
  await failed.getByText('Will not go live').waitFor(building);
  await failed
    .getByText(`The site has errors, so nothing will go live. Fix them and schedule again. ${pat} was told by e-mail.`)
    .waitFor(outcome);
  await expect.poll(() => smtp.received.slice(mails).map((mail) => mail.envelope.rcptTo), outcome).toEqual([[pat]]);
  expect(smtp.received.at(-1)?.headers.subject).toMatch(/^Your release scheduled for .+ will not go live$/);

  // The slip taken back and the list shown again: scheduled once more, built ahead in the background
  // (the list follows it until it waits for its time), and cancelled.
  git('-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'revert', '--no-edit', 'HEAD');
  expect(await readFile(home, 'utf8')).toBe(saved);
  await ui.keyboard.press('Escape');
  await view.waitFor({ state: 'detached', ...outcome });
  view = await openPublishView(ui);
  scheduled = view.getByRole('region', { name: 'Scheduled releases' });
  const later = wallClockText(Date.now() + 2 * 86_400_000, zone);
  await scheduleAt(later);
  const ready = rowAt(Date.parse(`${later}:00+05:30`));
  await ready.getByText('Ready, waiting for its time').waitFor(building);
  expect(await scheduled.textContent()).not.toMatch(/\b(commit|[0-9a-f]{7,40})\b/i);
  await ready.getByRole('button', { name: 'Cancel' }).click();
  await ready.waitFor({ state: 'detached', ...outcome });
  await failed.getByText('Will not go live').waitFor(outcome);
  expect((await readAudit(config.dataDir)).map((event) => [event.who, event.action])).toEqual(
    expect.arrayContaining([
      [pat, 'schedule'],
      [pat, 'schedule-failed'],
      [pat, 'schedule-cancelled'],
    ]),
  );
  await ui.context().close();
}, 600_000);
