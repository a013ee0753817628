// `npm run dev` as an editor uses it, on a copy of the fixture site: a YAML edit reloads the page; a
// broken edit shows the preview's own error screen (the same message as the CLI, the lines around
// it, no build-tool words) in front of the last version that worked; fixing it recovers, no
// restart. Files in any state (empty, removed) get an answer. The preview does what the site does:
// forms deliver their leads, redirects answer 301, unknown addresses 404.
import type { ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startChildServer } from '../fixtures/child-server.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import type { SiteModel } from '../../scripts/content/model.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { freePort } from '../fixtures/smtp.ts';
import { launchChromium } from './chromium.ts';
import { openPage, takeAPersonsTime } from './harness.ts';

const root = path.join(import.meta.dirname, '..', '..');
let siteRoot: string;
let dev: ChildProcess;
let browser: Browser;
let baseUrl: string;
let notFoundMessage: string;
/** The fixture as it is before any test edits it. */
let model: SiteModel;

beforeAll(async () => {
  siteRoot = await mkdtemp(path.join(tmpdir(), 'dev-site-'));
  await cp(path.join(fixtureSiteRoot, 'site'), path.join(siteRoot, 'site'), { recursive: true });
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  const env = {
    ...process.env,
    SITE_ROOT: siteRoot,
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: path.join(siteRoot, 'var'),
  };
  dev = await startChildServer(path.join(root, 'scripts', 'dev.ts'), { url: baseUrl, env, cwd: root });
  browser = await launchChromium();
  model = (await loadSite({ root: siteRoot, includeDrafts: true })).model!;
  notFoundMessage = model.settings.notFound.message;
});
afterAll(async () => {
  await browser?.close();
  dev?.kill('SIGTERM');
});

const screenText = (page: Page) =>
  page.evaluate(
    () => document.querySelector('site-error-screen')?.shadowRoot?.querySelector('section')?.textContent ?? '',
  );

it('reloads on a YAML edit, shows a content error on its own screen before the last good page, and recovers', async () => {
  const file = path.join(siteRoot, 'site', 'pages', 'offer.yaml');
  const original = await readFile(file, 'utf8');
  const { page } = await openPage(browser);
  // The dev server's first load transforms every module on demand: on a busy machine, a minute.
  await page.goto(baseUrl + '/offer', { timeout: 90_000 });
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor({ timeout: 60_000 });
  const title = (await heading.textContent())!;

  const subtitle = /^    subtitle: (.*)$/m.exec(original)![1];
  await writeFile(file, original.replace(`subtitle: ${subtitle}`, 'subtitle: Edited Live Subtitle'));
  await page.getByText('Edited Live Subtitle').waitFor({ timeout: 30_000 });

  const broken = original.replace('type: hero', 'type: heor');
  await writeFile(file, broken);
  const screen = page.locator('site-error-screen');
  await screen.waitFor({ timeout: 30_000 });
  const line = broken.split('\n').findIndex((l) => l.includes('type: heor')) + 1;
  await expect
    .poll(() => screenText(page), { timeout: 30_000 })
    .toContain('Unknown section type "heor". Did you mean "hero"?');
  const shown = await screenText(page);
  expect(shown).toContain(`site/pages/offer.yaml, line ${line}`);
  expect(shown).toContain('section 1 (heor) › type');
  // The lines around the problem, with the broken one marked; no build tool's name or settings.
  expect(shown).toContain(`> ${line} |   - type: heor`);
  expect(shown).not.toMatch(/plugin|vite|overlay|config/i);
  expect(await page.locator('vite-error-overlay').count()).toBe(0);
  // Behind it, the last version that worked, also after a reload: never the not-found page.
  expect(await page.getByText('Edited Live Subtitle').count()).toBeGreaterThan(0);
  await page.reload();
  await screen.waitFor({ timeout: 30_000 });
  await page.getByText('Edited Live Subtitle').waitFor({ timeout: 30_000 });
  expect(await page.getByText(notFoundMessage).count()).toBe(0);

  await writeFile(file, original);
  await screen.waitFor({ state: 'detached', timeout: 20_000 });
  // The screen goes first and the reload follows: the heading alone (unchanged) proves nothing.
  await page.getByText(subtitle, { exact: true }).waitFor({ timeout: 30_000 });
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 30_000 });
  expect(await page.getByText('Edited Live Subtitle').count()).toBe(0);
  await page.close();
}, 360_000);

it('a new empty file, a half-written one and a removed one each get an answer, never a crash', async () => {
  const { page } = await openPage(browser);
  await page.goto(baseUrl + '/offer', { timeout: 90_000 });
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
  const screen = page.locator('site-error-screen');
  const added = path.join(siteRoot, 'site', 'pages', 'brand-new.yaml');
  await writeFile(added, '');
  await expect.poll(() => screenText(page), { timeout: 30_000 }).toContain('site/pages/brand-new.yaml, line 1');
  expect(await screenText(page)).toContain('This page has no fields yet.');
  await writeFile(added, '---\n');
  await expect.poll(() => screenText(page), { timeout: 30_000 }).toContain('> 1 | ---');
  await writeFile(added, 'path: /brand-new\ntitle: "Brand\n');
  await expect.poll(() => screenText(page), { timeout: 30_000 }).toContain('is never closed');
  await rm(added);
  await screen.waitFor({ state: 'detached', timeout: 20_000 });
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
  await page.close();
}, 300_000);

it('answers like the site: redirects 301, unknown addresses 404 with the not-found page', async () => {
  const html = { accept: 'text/html' };
  for (const { from, to } of model.redirects) {
    const response = await fetch(baseUrl + from, { redirect: 'manual', headers: html });
    expect(response.status, from).toBe(301);
    expect(new URL(response.headers.get('location')!, baseUrl).pathname).toBe(to);
  }
  const { page } = await openPage(browser);
  const response = await page.goto(baseUrl + '/no-such-page-here');
  expect(response!.status()).toBe(404);
  await page.getByText(notFoundMessage).waitFor({ timeout: 30_000 });
  const known = await fetch(baseUrl + model.pages[0].path, { headers: html });
  expect(known.status).toBe(200);
  await page.close();
}, 120_000);

it("shows a translation's page in its language, and follows the switcher to another language", async () => {
  const [translation] = model.translations;
  const { code } = translation.language;
  const page = translation.pages.find((p) => p.path === '/')!;
  const { page: tab, log } = await openPage(browser);
  await tab.goto(`${baseUrl}/${code}`);
  const headline = (page.sections[0] as { title: string }).title;
  await tab.getByRole('heading', { level: 1 }).filter({ hasText: headline }).waitFor({ timeout: 60_000 });
  const menuLabel = translation.settings.navigation.links[0].label;
  await expect.poll(() => tab.locator('header').getByText(menuLabel, { exact: true }).count()).toBeGreaterThan(0);
  await expect.poll(() => tab.locator('html').getAttribute('lang')).toBe(code);
  // Back to the site's own language: its shell follows the page.
  await tab.getByRole('link', { name: model.settings.languages![0].name, exact: true }).click();
  await tab.waitForURL(`${baseUrl}/`);
  const ownLabel = model.settings.navigation.links[0].label;
  await expect.poll(() => tab.locator('header').getByText(ownLabel, { exact: true }).count()).toBeGreaterThan(0);
  await expect.poll(() => tab.locator('html').getAttribute('lang')).toBe(model.settings.languages![0].code);
  expect(log.errors).toEqual([]);
  await tab.close();
}, 120_000);

it('sends a form from the preview: the lead lands in the outbox; another site is still refused', async () => {
  // The first page that shows a form, whichever it is, and that form's definition.
  const page$ = model.pages.find((p) => p.sections.some((s) => s.type === 'form'))!;
  const section = page$.sections.find((s) => s.type === 'form') as { form: string };
  const form = model.forms.find((f) => f.id === section.form)!;
  const { page, log } = await openPage(browser);
  await page.goto(baseUrl + page$.path);
  const values: Record<string, string> = {
    email: 'lead@example.com',
    tel: '+91 98765 43210',
    textarea: 'A question from the preview.',
    text: 'Preview Test',
  };
  for (const field of form.fields) {
    const input = page.getByLabel(new RegExp(`^${field.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
    if (field.kind === 'select') await input.selectOption(field.options![0].value);
    else await input.fill(values[field.kind]);
  }
  await takeAPersonsTime(page);
  await page.getByRole('button', { name: form.submitLabel }).click();
  await page.getByText(form.successMessage).waitFor({ timeout: 30_000 });
  const outbox = path.join(siteRoot, 'var', 'outbox');
  await expect.poll(() => readdir(outbox).catch(() => []), { timeout: 30_000 }).toHaveLength(1);
  expect(log.errors).toEqual([]);
  // Every form's endpoint takes a same-site request (an empty one is refused for its content, not its origin).
  for (const { endpoint } of model.forms) {
    const status = await page.evaluate(
      (url) =>
        fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).then(
          (r) => r.status,
        ),
      endpoint,
    );
    expect(status, endpoint).toBe(400);
    const cross = await fetch(baseUrl + endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://elsewhere.example' },
      body: '{}',
    });
    expect(cross.status, endpoint).toBe(403);
  }
  await page.close();
}, 120_000);

it('started on a site with an error (a page file just created, still empty), it shows the error screen alone, then the site once fixed', async () => {
  const brokenRoot = await mkdtemp(path.join(tmpdir(), 'dev-broken-'));
  await cp(path.join(fixtureSiteRoot, 'site'), path.join(brokenRoot, 'site'), { recursive: true });
  const empty = path.join(brokenRoot, 'site', 'pages', 'just-created.yaml');
  await writeFile(empty, '');
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const env = {
    ...process.env,
    SITE_ROOT: brokenRoot,
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: path.join(brokenRoot, 'var'),
  };
  const broken = await startChildServer(path.join(root, 'scripts', 'dev.ts'), { url, env, cwd: root });
  try {
    // No app can start yet, so the page is opened without waiting for one.
    const page = await browser.newPage();
    await page.goto(url + model.pages[0].path);
    await expect.poll(() => screenText(page), { timeout: 30_000 }).toContain('site/pages/just-created.yaml, line 1');
    expect(await screenText(page)).toContain('This page has no fields yet.');
    await rm(empty);
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    expect(await page.locator('site-error-screen').count()).toBe(0);
    await page.close();
  } finally {
    broken.kill('SIGTERM');
  }
}, 180_000);
