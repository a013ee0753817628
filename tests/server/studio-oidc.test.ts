// "Sign in with <provider>" against a real OpenID Provider (panva's certified oidc-provider) on a
// port of this machine, driven hop by hop over real HTTP as a browser would: the studio's button,
// the provider's login form, the callback, the session. Each refusal is tested: an address that is
// not an editor, one the provider has not verified, a tampered state, a replayed callback, a
// callback without the sign-in it belongs to, a cancelled sign-in, too many sign-ins started, a
// provider that cannot be reached.
import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, test } from 'vitest';
import type { ServerConfig } from '../../server/config.ts';
import { readAudit } from '../../server/studio-access/audit.ts';
import { flowsDir, OIDC_START_LIMIT, providerName } from '../../server/studio-access/oidc.ts';
import { sessionsDir } from '../../server/studio-access/sessions.ts';
import { CookieWalker, type Hop, submitForm } from '../fixtures/cookie-walker.ts';
import type { TestProvider } from '../fixtures/oidc-provider.ts';
import { EDITOR, oidcServer, type OidcServer } from '../fixtures/oidc-sign-in.ts';
import { freePort } from '../fixtures/smtp.ts';

const open: OidcServer[] = [];
afterEach(async () => {
  for (const server of open.splice(0)) await server.close();
});

async function setup(options: Parameters<typeof oidcServer>[0] = {}): Promise<OidcServer> {
  const server = await oidcServer(options);
  open.push(server);
  return server;
}

const isProvider = (url: string, provider: TestProvider) => url.startsWith(provider.issuer);

/**
 * Presses "Sign in with …" on the sign-in page, signs in at the provider as `login`, and stops
 * just before the browser comes back to the studio's callback: that URL is returned unrequested.
 */
async function toCallback(walker: CookieWalker, { base, provider }: OidcServer, login: string): Promise<string> {
  const signIn = await walker.request(`${base}/_studio/sign-in`);
  const href = /<a class="button secondary" href="([^"]+)">Sign in with /.exec(signIn.body)?.[1];
  expect(href, 'the button on the sign-in page').toBe('/_studio/sign-in/oidc');
  const toLogin = await walker.follow(new URL(href!, base).href);
  const form = toLogin.hops.at(-1)!;
  expect(form.url.startsWith(provider!.issuer), `ended at ${form.url}`).toBe(true);
  const submitted = await submitForm(walker, form, { prompt: 'login', login, password: 'any' });
  const back = await walker.follow(submitted.location!, (next) => !isProvider(next, provider!));
  expect(back.next).toMatch(new RegExp(`^${base}/_studio/sign-in/oidc/callback\\?`));
  return back.next!;
}

const sessionFiles = async (config: ServerConfig) =>
  (await readdir(sessionsDir(config.dataDir)).catch(() => [])).length;

function expectRefused(hop: Hop, status: number, words: string) {
  expect(hop.status).toBe(status);
  expect(hop.body).toContain(words);
  expect(hop.body).toContain('Sign in with'); // the sign-in page, its button still there
  expect(hop.setCookies.some((cookie) => cookie.startsWith('studio_session='))).toBe(false);
}

describe('sign in with an OpenID provider', () => {
  test.each([
    ['at userinfo (Okta)', false],
    ['in the ID token (Google, Entra ID)', true],
  ])('an editor whose address the provider gives %s signs in and is in the studio', async (_where, inToken) => {
    const server = await setup({ emailInIdToken: inToken });
    const walker = new CookieWalker();
    const callback = await toCallback(walker, server, 'editor');
    const landed = await walker.request(callback);
    // A page that moves on by itself, not a redirect: the session cookie is SameSite=Strict and
    // this navigation began at the provider's site.
    expect(landed.status).toBe(200);
    expect(landed.body).toContain('You are signed in');
    const session = landed.setCookies.find((cookie) => cookie.startsWith('studio_session='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Strict/i);
    expect(walker.cookie(server.base, 'studio_oidc')).toBeUndefined();
    const studio = await walker.request(`${server.base}/_studio/`);
    expect(studio.status).toBe(200);
    expect(studio.body).toContain(EDITOR);
    const audit = await readAudit(server.config.dataDir);
    expect(audit.at(-1)).toMatchObject({ who: EDITOR, action: 'sign-in' });
    expect(audit.at(-1)?.detail).toMatch(/OpenID/);
    // Nothing of the finished sign-in is left on the disk.
    expect(await readdir(flowsDir(server.config.dataDir))).toEqual([]);
  });

  test('someone who is not an editor is refused, plainly, and gets no session', async () => {
    const server = await setup();
    const walker = new CookieWalker();
    const landed = await walker.request(await toCallback(walker, server, 'stranger'));
    expectRefused(landed, 403, 'stranger@example.com is not an editor of this site.');
    expect(await sessionFiles(server.config)).toBe(0);
    expect((await walker.request(`${server.base}/_studio/`)).location).toBe(`${server.base}/_studio/sign-in`);
  });

  test("an editor's address that the provider says it has not verified is refused", async () => {
    const server = await setup({ emailInIdToken: true });
    const walker = new CookieWalker();
    expectRefused(
      await walker.request(await toCallback(walker, server, 'unverified')),
      403,
      'did not confirm an e-mail address',
    );
    expect(await sessionFiles(server.config)).toBe(0);
  });

  test("an editor's address the provider does not say it verified (Entra ID) is refused", async () => {
    const server = await setup({ emailInIdToken: true });
    const walker = new CookieWalker();
    expectRefused(
      await walker.request(await toCallback(walker, server, 'entra-unsaid')),
      403,
      'did not confirm an e-mail address',
    );
    expect(await sessionFiles(server.config)).toBe(0);
  });

  test('an Entra ID address in a domain the tenant verified (xms_edov) signs in', async () => {
    const server = await setup({ emailInIdToken: true });
    const walker = new CookieWalker();
    const landed = await walker.request(await toCallback(walker, server, 'entra-domain-verified'));
    expect(landed.status).toBe(200);
    expect(landed.body).toContain('You are signed in');
    expect(await sessionFiles(server.config)).toBe(1);
  });

  test('an account without an e-mail address is refused', async () => {
    const server = await setup();
    const walker = new CookieWalker();
    expectRefused(
      await walker.request(await toCallback(walker, server, 'no-email')),
      403,
      'did not confirm an e-mail address',
    );
  });

  test('a tampered state is refused, and the sign-in it belonged to cannot be finished after it', async () => {
    const server = await setup();
    const walker = new CookieWalker();
    const callback = await toCallback(walker, server, 'editor');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const flowCookie = walker.cookie(server.base, 'studio_oidc')!;
    expectRefused(await walker.request(tampered.href), 400, 'did not succeed');
    walker.setCookie(server.base, 'studio_oidc', flowCookie, '/_studio/sign-in/oidc');
    expectRefused(await walker.request(callback), 400, 'has expired or was already used');
    expect(await sessionFiles(server.config)).toBe(0);
  });

  test('a replayed callback is refused, with the cookie of the sign-in or without it', async () => {
    const server = await setup();
    const walker = new CookieWalker();
    const callback = await toCallback(walker, server, 'editor');
    const flowCookie = walker.cookie(server.base, 'studio_oidc')!;
    expect((await walker.request(callback)).status).toBe(200);
    expect(await sessionFiles(server.config)).toBe(1);

    const replay = new CookieWalker();
    expectRefused(await replay.request(callback), 400, 'has expired or was already used');
    replay.setCookie(server.base, 'studio_oidc', flowCookie, '/_studio/sign-in/oidc');
    expectRefused(await replay.request(callback), 400, 'has expired or was already used');
    expect(await sessionFiles(server.config)).toBe(1);
  });

  test("a callback from someone else's sign-in (login CSRF) is refused in this browser", async () => {
    const server = await setup();
    const attacker = new CookieWalker();
    const callback = await toCallback(attacker, server, 'editor');
    const victim = new CookieWalker();
    await victim.follow(`${server.base}/_studio/sign-in/oidc`, (next) => isProvider(next, server.provider!));
    expect(victim.cookie(server.base, 'studio_oidc')).toBeDefined();
    // The victim's own sign-in is taken, and its state does not match the attacker's answer.
    expectRefused(await victim.request(callback), 400, 'did not succeed');
    expect(await sessionFiles(server.config)).toBe(0);
  });

  test('cancelling at the provider comes back to the sign-in page saying so', async () => {
    const server = await setup();
    const walker = new CookieWalker();
    await walker.request(`${server.base}/_studio/sign-in`);
    const form = (await walker.follow(`${server.base}/_studio/sign-in/oidc`)).hops.at(-1)!;
    const uid = /\/interaction\/([^/"]+)/.exec(form.body)![1];
    const back = await walker.follow(`${server.provider!.issuer}/interaction/${uid}/abort`, (next) =>
      next.startsWith(server.base),
    );
    expectRefused(await walker.request(back.next!), 400, 'Signing in with 127.0.0.1');
    expect(await sessionFiles(server.config)).toBe(0);
  });

  test('sign-ins started from one address are limited, each refused one said on the sign-in page', async () => {
    const server = await setup();
    const walker = new CookieWalker();
    for (let i = 0; i < OIDC_START_LIMIT.max; i += 1)
      expect((await walker.request(`${server.base}/_studio/sign-in/oidc`)).status).toBe(303);
    const refused = await walker.request(`${server.base}/_studio/sign-in/oidc`);
    expectRefused(refused, 429, 'Too many sign-ins were started from here just now.');
    expect(refused.location).toBeUndefined();
    expect(await readdir(flowsDir(server.config.dataDir))).toHaveLength(OIDC_START_LIMIT.max);
  });

  test('a provider that cannot be reached is said on the sign-in page, and nothing is started', async () => {
    const server = await setup({ provider: false, issuer: `http://127.0.0.1:${await freePort()}` });
    const walker = new CookieWalker();
    const start = await walker.request(`${server.base}/_studio/sign-in/oidc`);
    expectRefused(start, 502, 'cannot be reached just now');
    expect(walker.cookie(server.base, 'studio_oidc')).toBeUndefined();
  });

  test('the button shows only where a provider is set up, and its routes are not there otherwise', async () => {
    const server = await setup({ provider: false });
    const walker = new CookieWalker();
    const signIn = await walker.request(`${server.base}/_studio/sign-in`);
    expect(signIn.status).toBe(200);
    expect(signIn.body).toContain('E-mail me a sign-in link');
    expect(signIn.body).not.toContain('Sign in with');
    expect(signIn.body).not.toContain('/_studio/sign-in/oidc');
    const start = await walker.request(`${server.base}/_studio/sign-in/oidc`);
    expect(start.location ?? '').not.toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth/);
    expect([303, 404]).toContain(start.status);
  });
});

test('the button is named for the provider: Google, Microsoft and Okta by name, any other by its host', () => {
  expect(providerName('https://accounts.google.com')).toBe('Google');
  expect(providerName('https://login.microsoftonline.com/2f7c5a1e-0000-4000-8000-000000000000/v2.0')).toBe('Microsoft');
  expect(providerName('https://acme.okta.com')).toBe('Okta');
  expect(providerName('https://acme.oktapreview.com/oauth2/default')).toBe('Okta');
  expect(providerName('https://www.idp.example.org/realms/staff')).toBe('idp.example.org');
  expect(providerName('https://auth.example.com:8443')).toBe('auth.example.com:8443');
  // A host that merely contains a provider's name is not that provider.
  expect(providerName('https://google.com.evil.example')).toBe('google.com.evil.example');
});
