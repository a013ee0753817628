// Signing in to the studio on the production server in real Chromium, with JavaScript turned off
// (the pages are plain forms): ask for a link, open the mailed link (a real SMTP server), press
// Sign in, land in the studio — the SameSite=Strict cookie comes along after the redirect of the
// site's own form — and sign out. The sign-in pages have no axe violation.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAxe } from '../../scripts/bench/axe.ts';
import { addEditor } from '../../server/studio-access/editors.ts';
import { writeDist } from '../fixtures/dist-fixture.ts';
import { freePort } from '../fixtures/smtp.ts';
import { ann, mailedLink, signInServer, type SignInServer } from '../fixtures/studio-sign-in.ts';
import { launchChromium } from './chromium.ts';

let s: SignInServer;
let base: string;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  s = await signInServer(await writeDist(), { publicUrl: base });
  await addEditor(s.config.dataDir, ann, 'editor');
  await s.app.listen({ port, host: '127.0.0.1' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

it('an editor signs in by the mailed link and signs out, without JavaScript', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base}/_studio/`);
  expect(new URL(page.url()).pathname).toBe('/_studio/sign-in');
  await page.getByLabel('Your e-mail address').fill('Ann@Example.com');
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Check your e-mail' }).count()).toBe(1);
  await expect.poll(() => s.smtp.received.length).toBe(1);
  const link = mailedLink(s.smtp, ann)!;

  await page.goto(`${base}${link}`);
  await expect.poll(() => page.getByText('You are signing in as ann@example.com').count()).toBe(1);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByText('You are signed in as ann@example.com (editor)').count()).toBe(1);
  expect(page.url()).toBe(`${base}/_studio/`);
  const [cookie] = await context.cookies(`${base}/_studio/`);
  expect(cookie).toMatchObject({ name: 'studio_session', path: '/_studio/', httpOnly: true, sameSite: 'Strict' });

  // The used link now says so and offers the form again.
  const again = await context.newPage();
  await again.goto(`${base}${link}`);
  await expect.poll(() => again.getByText('That sign-in link has expired or has already been used').count()).toBe(1);
  await again.close();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => page.getByText('You have signed out.').count()).toBe(1);
  expect(await context.cookies(`${base}/_studio/`)).toEqual([]);
  await page.goto(`${base}/_studio/`);
  expect(new URL(page.url()).pathname).toBe('/_studio/sign-in');
  await context.close();
});

it('the sign-in page and the confirmation have no axe violation', async () => {
  const before = s.smtp.received.length;
  const response = await fetch(`${base}/_studio/sign-in`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: ann }),
  });
  expect(response.status).toBe(200);
  await expect.poll(() => s.smtp.received.length).toBe(before + 1);
  const rows = await runAxe(base, ['/_studio/sign-in', mailedLink(s.smtp, ann)!]);
  expect(rows).toHaveLength(4);
  expect(rows.flatMap((r) => r.violations.map((v) => `${r.route} @${r.width}: ${v.id} (${v.help})`))).toEqual([]);
});
