// "Sign in with <provider>" in Chromium, from the studio's sign-in page through a real OpenID
// Provider's login form and back into the studio. The provider runs at "localhost", another site
// than the studio at 127.0.0.1, as Google or Okta are: the SameSite=Strict session cookie must
// still reach the studio after a sign-in that began on another site.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { EDITOR, oidcServer, type OidcServer } from '../fixtures/oidc-sign-in.ts';
import { launchChromium } from './chromium.ts';

let browser: Browser;
let server: OidcServer;

beforeAll(async () => {
  server = await oidcServer({ providerHostname: 'localhost' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('an editor signs in with the provider and lands in the studio, signed in', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.base}/_studio/`);
  // Without a session the studio sends the browser to sign in.
  await page.waitForURL(`${server.base}/_studio/sign-in`);
  const port = new URL(server.provider!.issuer).port;
  await page.getByRole('link', { name: `Sign in with localhost:${port}` }).click();

  await page.waitForURL((url) => url.origin === server.provider!.issuer);
  await page.locator('input[name=login]').fill('editor');
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await page.waitForURL(`${server.base}/_studio/`);
  await expect.poll(() => page.locator('main').textContent()).toContain(`You are signed in as ${EDITOR}`);
  const session = (await context.cookies(`${server.base}/_studio/`)).find((cookie) => cookie.name === 'studio_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/_studio/' });
  // The sign-in's own cookie is gone with it.
  expect((await context.cookies(`${server.base}/_studio/sign-in/oidc`)).map((cookie) => cookie.name)).not.toContain(
    'studio_oidc',
  );
  await context.close();
});
