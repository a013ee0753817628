// Sessions of the studio on the production server and the gate in front of /_studio/ (real
// files under DATA_DIR, a real SMTP server for the sign-in): a session is kept on the server,
// its cookie HttpOnly, SameSite=Strict, Secure on HTTPS; it ends at sign-out, after 12 hours and
// when the editor is removed; a request without one is sent to sign in or refused 401; a change
// from another site is refused even with the cookie; a signed-in request reaches the studio.
import { readdir, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readAudit } from '../../server/studio-access/audit.ts';
import { addEditor, editorsFile, removeEditor } from '../../server/studio-access/editors.ts';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import { SESSION_LIFETIME_MS, sessionsDir } from '../../server/studio-access/sessions.ts';
import {
  ann,
  askForLink,
  linkFor,
  pageAccept as html,
  pressSignIn,
  sameOrigin,
  signIn,
  signInServers,
  tokenOf,
} from '../fixtures/studio-sign-in.ts';

/** A server with ann on the editors list. */
const { withAnn: server } = signInServers();

describe('sessions', () => {
  it('sends a page without a session to sign in, and answers anything else 401', async () => {
    const s = await server();
    for (const cookie of [undefined, 'studio_session=not-a-session', `studio_session=${'A'.repeat(43)}`]) {
      const headers = cookie ? { cookie } : {};
      const page = await s.app.inject({ url: '/_studio/', headers: { ...headers, ...html } });
      expect(page.statusCode).toBe(303);
      expect(page.headers.location).toBe('/_studio/sign-in');
      const api = await s.app.inject({
        url: '/_studio/api/entries',
        headers: { ...headers, accept: 'application/json' },
      });
      expect(api.statusCode).toBe(401);
      expect(api.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      const save = await s.app.inject({
        method: 'POST',
        url: '/_studio/api/save',
        headers: { ...headers, ...sameOrigin },
        payload: {},
      });
      expect(save.statusCode).toBe(401);
    }
    const signInPage = await s.app.inject({ url: '/_studio/sign-in', headers: html });
    expect(signInPage.statusCode).toBe(200);
    expect(signInPage.body).toContain('<label for="email">Your e-mail address</label>');
    const input = signInPage.body.match(/<input[^>]*id="email"[^>]*>/)?.[0] ?? '';
    for (const attribute of ['name="email"', 'type="email"', 'autocomplete="email"', 'required'])
      expect(input).toContain(attribute);
  });

  it('is replaced by a new sign-in in the same browser; the sign-in page sends a signed-in editor on', async () => {
    const s = await server();
    const first = await signIn(s);
    const onward = await s.app.inject({ url: '/_studio/sign-in', headers: { ...html, cookie: first } });
    expect(onward.statusCode).toBe(303);
    expect(onward.headers.location).toBe('/_studio/');
    const again = await pressSignIn(s.app, tokenOf(await linkFor(s)), { cookie: first });
    expect(again.statusCode).toBe(303);
    expect((await s.app.inject({ url: '/_studio/', headers: { ...html, cookie: first } })).statusCode).toBe(303);
    expect(await readdir(sessionsDir(s.config.dataDir))).toHaveLength(1);
  });

  it('ends at sign-out on the server: the same cookie no longer opens anything', async () => {
    const s = await server();
    const cookie = await signIn(s);
    const out = await s.app.inject({ method: 'POST', url: '/_studio/sign-out', headers: { ...sameOrigin, cookie } });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/_studio/sign-in?signed-out');
    expect(String(out.headers['set-cookie'])).toMatch(
      /^studio_session=; Max-Age=0; Path=\/_studio\/; Expires=Thu, 01 Jan 1970/,
    );
    expect(await readdir(sessionsDir(s.config.dataDir))).toEqual([]);
    const reused = await s.app.inject({ url: '/_studio/', headers: { ...html, cookie } });
    expect(reused.statusCode).toBe(303);
    expect(reused.headers.location).toBe('/_studio/sign-in');
    expect((await s.app.inject({ url: '/_studio/sign-in?signed-out', headers: html })).body).toContain(
      'You have signed out.',
    );
    expect((await readAudit(s.config.dataDir)).map((e) => [e.action, e.detail])).toEqual([
      ['sign-in', 'with a mailed link'],
      ['sign-out', 'from the studio'],
    ]);
  });

  it('ends 12 hours after sign-in, and at the next request of an editor removed from the list', async () => {
    const s = await server();
    const cookie = await signIn(s);
    s.clock.now += SESSION_LIFETIME_MS - 1000;
    expect((await s.app.inject({ url: '/_studio/', headers: { ...html, cookie } })).statusCode).toBe(200);
    s.clock.now += 1000;
    expect((await s.app.inject({ url: '/_studio/', headers: { ...html, cookie } })).statusCode).toBe(303);

    const second = await signIn(s);
    expect((await s.app.inject({ url: '/_studio/', headers: { ...html, cookie: second } })).statusCode).toBe(200);
    await addEditor(s.config.dataDir, 'owner@example.com', 'publisher');
    await removeEditor(s.config.dataDir, ann);
    expect((await s.app.inject({ url: '/_studio/', headers: { ...html, cookie: second } })).statusCode).toBe(303);
    expect(await readdir(sessionsDir(s.config.dataDir))).toEqual([]);
  });

  it('sets a cookie without Secure on plain http, and with it behind a trusted HTTPS proxy', async () => {
    const s = await server({ publicUrl: 'http://localhost:4173', trustProxy: ['127.0.0.1'] });
    const local = { host: 'localhost:4173', origin: 'http://localhost:4173' };
    const plain = await pressSignIn(s.app, tokenOf(await linkFor(s, ann, local)), local);
    expect(plain.statusCode).toBe(303);
    expect(String(plain.headers['set-cookie'])).not.toContain('Secure');
    const second = tokenOf(await linkFor(s, ann, local));
    const proxied = await pressSignIn(s.app, second, { ...local, 'x-forwarded-proto': 'https' });
    expect(String(proxied.headers['set-cookie'])).toContain('; Secure;');
  });
});

describe('a damaged editors list', () => {
  it('closes the studio, signed in or not, and the log says why', async () => {
    const s = await server();
    const cookie = await signIn(s);
    await writeFile(editorsFile(s.config.dataDir), '[{"email": "ann@example.com", "role": "admin"}]');
    for (const url of ['/_studio/', '/_studio/sign-in']) {
      const response = await s.app.inject({ url, headers: { ...html, cookie } });
      expect(response.statusCode, url).toBe(503);
      expect(response.body).toContain('The studio is closed for now');
    }
    expect(
      s.logs.some((line) => line.includes('studio: closed') && line.includes('has no role editor or publisher')),
    ).toBe(true);
  });
});

describe('requests from another site', () => {
  it('refuses a change from another origin even with the cookie, before the studio sees it', async () => {
    const reached: string[] = [];
    const s = await server(
      {},
      {
        studio: {
          routes: async (studio) => {
            studio.all('/_studio/*', async (request) => (reached.push(`${request.method} ${request.url}`), 'ok'));
          },
        },
      },
    );
    const cookie = await signIn(s);
    const refusals: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'https://www.example.com.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://www.example.com' },
      {},
    ];
    for (const headers of refusals) {
      const response = await s.app.inject({
        method: 'POST',
        url: '/_studio/api/save',
        headers: { ...headers, cookie },
        payload: {},
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const out = await s.app.inject({
      method: 'POST',
      url: '/_studio/sign-out',
      headers: { origin: 'https://evil.example', cookie },
    });
    expect(out.statusCode).toBe(403);
    const asked = await askForLink(s.app, ann, { origin: 'https://evil.example' });
    expect(asked.statusCode).toBe(403);
    expect(reached).toEqual([]);

    const own = await s.app.inject({
      method: 'POST',
      url: '/_studio/api/save',
      headers: { ...sameOrigin, cookie, 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    expect(own.statusCode).toBe(200);
    expect(reached).toEqual(['POST /_studio/api/save']);
  });
});

describe('the studio behind the gate', () => {
  it('hands a signed-in request to the studio with its editor, its body parsed by the studio', async () => {
    const seen: { editor?: string; body: string; cache?: string }[] = [];
    const s = await server(
      {},
      {
        studio: {
          routes: async (studio) => {
            // The site's 16 KiB limit for leads is not the studio's: its routes set their own.
            studio.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
            studio.post('/_studio/api/upload', { bodyLimit: 1024 * 1024 }, async (request, reply) => {
              seen.push({
                editor: editorOf(request.raw)?.email,
                body: String(request.body),
                cache: String(reply.getHeader('cache-control')),
              });
              return 'stored';
            });
          },
        },
      },
    );
    const cookie = await signIn(s);
    const big = 'x'.repeat(100_000);
    const upload = await s.app.inject({
      method: 'POST',
      url: '/_studio/api/upload',
      headers: { ...sameOrigin, cookie, 'content-type': 'application/octet-stream' },
      payload: big,
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.body).toBe('stored');
    expect(seen).toEqual([{ editor: ann, body: big, cache: 'no-store' }]);
    const missing = await s.app.inject({ url: '/_studio/nothing-here', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
  });
});
