// Review before going live, in real Chromium against the studio inside `npm start` on a
// git-committed copy of the fixture site, with a real SMTP server and PUBLISH_NEEDS_APPROVAL on:
// an editor saves a change and asks for a review; the publisher is mailed a link to it, opens it,
// sees the change in words and its page before and after at a phone's width, and leaves a note at
// the field, which the editor then finds under that field. The publisher approves and publishes:
// the live page changes and the releases list says who approved it. A change of the publisher's own
// cannot go live unapproved: Publish is refused in words and the live release stays.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publish } from '../../scripts/publish/publish.ts';
import type { ServerConfig } from '../../server/config.ts';
import { readCurrent } from '../../server/releases/store.ts';
import { readAudit } from '../../server/studio-access/audit.ts';
import { addEditor } from '../../server/studio-access/editors.ts';
import { studioPath } from '../../shared/studio-protocol.ts';
import { testConfig } from '../fixtures/dist-fixture.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { freePort, startSmtp, type TestSmtp } from '../fixtures/smtp.ts';
import { committedFixtureSite, pageWords, serveStudio, signedInContext } from '../fixtures/studio-on-server.ts';
import { launchChromium } from './chromium.ts';
import { fieldAt, saveButton } from './studio-locators.ts';
import { outcome } from './studio-session.ts';

const ed = 'ed@example.com';
const pat = 'pat@example.com';
const edsTitle = 'Talk to us about your centre';
const patsTitle = 'Talk to us, says Pat';
const noteText = 'Could the title say which centre?';
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

const liveContact = async () => pageWords(await (await fetch(`${base}/contact`)).text());

beforeAll(async () => {
  ({ root, git } = await committedFixtureSite('studio-team-review'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  smtp = await startSmtp();
  config = testConfig(fixtureDistDir, {
    dataDir: path.join(root, 'var'),
    smtpUrl: smtp.url,
    publicUrl: base,
    rateLimit: 0,
    approvalRequired: true,
  });
  await addEditor(config.dataDir, ed, 'editor');
  await addEditor(config.dataDir, pat, 'publisher');
  // The release the site owner published first, from the command line's own function.
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

/** The studio of `email`, signed in, at `url` (under the studio's path), once it is ready. */
async function studioAs(email: string, url = '?path=/contact'): Promise<Page> {
  const ui = await (await signedInContext(browser, base, config.dataDir, email)).newPage();
  await ui.goto(`${base}${studioPath}${url}`);
  await ui.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, { timeout: 120_000 });
  return ui;
}

/** Opens the contact page's settings and saves `title` there. */
async function saveTitle(ui: Page, title: string) {
  await ui.getByRole('button', { name: /^Page settings/ }).click();
  await fieldAt(ui, ['title']).fill(title);
  await expect.poll(() => saveButton(ui).isEnabled(), outcome).toBe(true);
  await saveButton(ui).click();
  await expect
    .poll(() => git('log', '-1', '--format=%s%n%ae', '--', 'site/pages/contact.yaml'), outcome)
    .toMatch(new RegExp(`\n${title === edsTitle ? ed : pat}$`));
}

const openPublishView = async (ui: Page) => {
  await ui.getByRole('banner').getByRole('button', { name: 'Publish', exact: true }).click();
  const view = ui.getByRole('dialog');
  await view.getByRole('region', { name: 'Releases', exact: true }).getByRole('table').waitFor(outcome);
  return view;
};

it('mails a review request, takes a note at a field, approves and publishes; a publisher’s own change waits', async () => {
  // The editor saves a change and asks for a review with a message.
  const edUi = await studioAs(ed);
  await saveTitle(edUi, edsTitle);
  const edView = await openPublishView(edUi);
  const asking = edView.getByRole('region', { name: 'Ask for a review' });
  await asking.getByRole('textbox', { name: 'Message for the publishers' }).fill('The contact title, please.');
  await asking.getByRole('button', { name: 'Ask for review' }).click();
  await asking.getByText('Review asked').waitFor(outcome);

  // The publisher is mailed a link to the review, with the message.
  await expect.poll(() => smtp.received.some((mail) => mail.envelope.rcptTo.includes(pat)), outcome).toBe(true);
  const mail = smtp.received.find((one) => one.envelope.rcptTo.includes(pat))!;
  expect(mail.text).toContain('The contact title, please.');
  const link = mail.text.match(/https?:\/\/\S+\/_studio\/\?review=[0-9a-f]{12}/)?.[0];
  expect(link).toBeDefined();

  // The review: the change in words, its page before and after at a phone's width, and a note.
  const patUi = await studioAs(pat, new URL(link!).search);
  const review = patUi.getByRole('dialog');
  await review.getByText(`${ed} asked for a review`).waitFor(outcome);
  const changes = review.getByRole('region', { name: 'Changes to review' });
  await changes.getByText(edsTitle).first().waitFor(outcome);
  await review.getByText('Phone', { exact: true }).click();
  await review.locator('[data-width="390"]').first().waitFor(outcome);
  const after = await review.locator('iframe[title="After: /contact as saved"]').elementHandle();
  await expect.poll(async () => (await after?.contentFrame())?.title(), { timeout: 60_000 }).toContain(edsTitle);
  expect(await review.textContent()).not.toMatch(/\b(commit|[0-9a-f]{12,40}|pages\/contact\.yaml)\b/i);
  const lineOfTitle = changes.getByRole('listitem').filter({ hasText: edsTitle });
  await lineOfTitle.getByRole('button', { name: /^Leave a note/ }).click();
  await lineOfTitle.getByRole('textbox').fill(noteText);
  await lineOfTitle.getByRole('button', { name: 'Send note' }).click();
  await lineOfTitle.getByRole('note').filter({ hasText: noteText }).waitFor(outcome);

  // The editor opens the page: the note is under its field.
  await edUi.goto(`${base}${studioPath}?path=/contact`);
  await edUi.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, outcome);
  await edUi.getByRole('button', { name: /^Page settings/ }).click();
  const note = edUi.getByRole('note', { name: `Review note from ${pat}` });
  await note.getByText(noteText, { exact: false }).waitFor(outcome);
  expect(
    await note.evaluate((el) => el.previousElementSibling?.querySelector('[data-path]')?.getAttribute('data-path')),
  ).toBe(JSON.stringify(['title']));

  // The publisher approves, then publishes exactly that version.
  await review.getByRole('button', { name: 'Approve' }).click();
  await review.getByText('Approved. A publisher can now publish').waitFor(outcome);
  await patUi.keyboard.press('Escape');
  const view = await openPublishView(patUi);
  const publishing = view.getByRole('region', { name: 'Publishing' });
  await publishing.getByRole('button', { name: 'Publish', exact: true }).click();
  await view.getByRole('alert').filter({ hasText: 'Visitors now see the site as saved' }).waitFor(building);
  await expect.poll(liveContact, outcome).toContain(edsTitle);
  const releases = view.getByRole('region', { name: 'Releases', exact: true });
  await releases.getByText(`Approved by ${pat}`).waitFor(outcome);
  const published = await readCurrent(path.join(config.dataDir, 'releases'));
  expect(published).not.toBe(firstRelease);
  await patUi.keyboard.press('Escape');

  // The publisher's own change cannot go live without someone else's approval.
  await patUi.goto(`${base}${studioPath}?path=/contact`);
  await patUi.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, outcome);
  await saveTitle(patUi, patsTitle);
  const again = await openPublishView(patUi);
  await again.getByRole('region', { name: 'Not published yet' }).getByText(patsTitle).first().waitFor(outcome);
  await again.getByRole('region', { name: 'Publishing' }).getByRole('button', { name: 'Publish', exact: true }).click();
  await again.getByText('These changes need the approval of someone who did not make them').waitFor(outcome);
  expect(await readCurrent(path.join(config.dataDir, 'releases'))).toBe(published);
  expect(await liveContact()).not.toContain(patsTitle);

  const audit = (await readAudit(config.dataDir)).map((event) => [event.who, event.action]);
  for (const step of [
    [ed, 'review-asked'],
    [pat, 'review-note'],
    [pat, 'review-approved'],
    [pat, 'publish'],
  ])
    expect(audit).toContainEqual(step);
}, 600_000);
