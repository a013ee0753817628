// Where a lead came from, end to end: a visitor lands on an article with ?utm_campaign=x, goes on to
// the contact page and sends the inquiry; an editor the site owner gave the leads opens the studio's
// Leads and finds that lead with its campaign and the article its visit began on.
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addEditor, setLeadsAccess } from '../../server/studio-access/editors.ts';
import { readManifest } from '../../server/plugins/site.ts';
import { studioPath } from '../../shared/studio-protocol.ts';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { testConfig } from '../fixtures/dist-fixture.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { validLead } from '../fixtures/leads.ts';
import { committedFixtureSite, serveStudio, signedInContext } from '../fixtures/studio-on-server.ts';
import { launchChromium } from './chromium.ts';
import { takeAPersonsTime } from './harness.ts';

let root: string;
let dataDir: string;
let app: FastifyInstance;
let base: string;
let browser: Browser;

beforeAll(async () => {
  ({ root } = await committedFixtureSite('studio-inbox'));
  const config = testConfig(fixtureDistDir, { dataDir: `${root}/var`, rateLimit: 0 });
  dataDir = config.dataDir;
  await addEditor(dataDir, 'ann@example.com', 'editor');
  await setLeadsAccess(dataDir, 'ann@example.com', true);
  [{ app, base }, browser] = await Promise.all([serveStudio(root, config), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

it('shows the campaign and the first page of the visit of a lead sent after an article', async () => {
  const manifest = await readManifest(fixtureDistDir);
  const article = manifest.routes.find((route) => route.endsWith('/first-note'))!;
  const form = manifest.forms.find((f): f is FormDefinition => f.endpoint === '/email/api/sendEmail')!;
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`${base}${article}?utm_campaign=x`);
  await page.locator('html[data-app="ready"]').waitFor();
  await page.goto(`${base}/contact`);
  const values = validLead(form, 'Priya Menon');
  for (const field of form.fields) {
    const input = page.getByLabel(field.label);
    if (field.kind === 'select') await input.selectOption(values[field.name]);
    else await input.fill(values[field.name]);
  }
  await takeAPersonsTime(page);
  await page.getByRole('button', { name: form.submitLabel }).click();
  await page.getByText(form.successMessage).waitFor({ timeout: 30_000 });
  await visitor.close();

  const editor = await signedInContext(browser, base, dataDir, 'ann@example.com');
  const studio = await editor.newPage();
  await studio.goto(`${base}${studioPath}`);
  await studio.getByRole('button', { name: 'Leads' }).click();
  const row = studio.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ hasText: 'Priya Menon' });
  await row.waitFor({ timeout: 30_000 });
  expect(await row.textContent()).toContain('campaign: x');
  await row.click();
  const cameFrom = studio.getByRole('table', { name: 'Where they came from' });
  await expect.poll(() => cameFrom.textContent()).toContain(article);
  expect(await cameFrom.textContent()).toContain('/contact');
  await editor.close();
});
