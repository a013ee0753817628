// Signing in to the studio on the production server by a mailed one-time link (a real SMTP
// server, real files under DATA_DIR): the link signs in once, within 15 minutes, and only where it
// is built on the site's own address; an unknown address gets the same answer and no mail; too
// many sign-in requests are refused; with no editors /_studio/ is the site's own 404.
// Sessions and the gate: studio-sessions.test.ts.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv, parsePublicUrl } from '../../server/config.ts';
import { readAudit } from '../../server/studio-access/audit.ts';
import { addEditor, removeEditor } from '../../server/studio-access/editors.ts';
import { LINK_LIFETIME_MS, linksDir } from '../../server/studio-access/links.ts';
import { SIGN_IN_LIMITS } from '../../server/studio-access/plugin.ts';
import { sessionsDir } from '../../server/studio-access/sessions.ts';
import {
  ann,
  askForLink,
  form,
  linkFor,
  mailedLink,
  pageAccept as html,
  pressSignIn,
  PUBLIC_URL,
  sameOrigin,
  sessionCookie,
  signInServers,
  tokenOf,
} from '../fixtures/studio-sign-in.ts';

/** A server with ann on the editors list (and `bare`, one with nobody on it). */
const { withAnn: server, bare } = signInServers();

describe('signing in by a mailed link', () => {
  it('mails a link on PUBLIC_URL that opens a confirmation, signs in once and starts a session', async () => {
    const s = await server();
    const asked = await askForLink(s.app, '  Ann@Example.com ');
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(asked.body).toContain('If that address may edit this site, a sign-in link is on its way');
    await expect.poll(() => s.smtp.received.length, { timeout: 15_000 }).toBe(1);
    const [mail] = s.smtp.received;
    expect(mail.envelope.rcptTo).toEqual([ann]);
    expect(mail.headers.subject).toBe('Your sign-in link for the Test Co studio');
    const link = mailedLink(s.smtp, ann)!;
    expect(mail.text).toContain(`https://www.example.com${link}`);
    const token = tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the token's hash is on disk, and looking at the link (as a mail scanner does) spends nothing.
    const [stored] = await readdir(linksDir(s.config.dataDir));
    expect(stored).toBe(`${createHash('sha256').update(token).digest('hex')}.json`);
    expect(await readFile(path.join(linksDir(s.config.dataDir), stored), 'utf8')).not.toContain(token);
    for (let i = 0; i < 2; i++) {
      const opened = await s.app.inject({ url: link, headers: html });
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain('You are signing in as <strong>ann@example.com</strong>');
      expect(opened.body).toContain('<form method="post" action="/_studio/sign-in/link">');
      // The site's policy: the address with its token is never sent to another site. (no-referrer
      // would make the browser send "Origin: null" with the Sign in button's POST, refused.)
      expect(opened.headers['referrer-policy']).toBe('same-origin');
    }

    const signedIn = await pressSignIn(s.app, token);
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/_studio/');
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^studio_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/_studio\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    const cookie = sessionCookie(signedIn);
    const home = await s.app.inject({ url: '/_studio/', headers: { ...html, cookie } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('You are signed in as <strong>ann@example.com</strong> (editor)');
    expect(home.headers['cache-control']).toBe('no-store');
    expect(home.headers['content-security-policy']).toContain("default-src 'self'");

    // The session is on disk under the hash of its id; the link is spent.
    const id = cookie.split('=')[1];
    expect(await readdir(sessionsDir(s.config.dataDir))).toEqual([
      `${createHash('sha256').update(id).digest('hex')}.json`,
    ]);
    expect(await readdir(linksDir(s.config.dataDir))).toEqual([]);
    expect((await pressSignIn(s.app, token)).statusCode).toBe(410);
    const again = await s.app.inject({ url: link, headers: html });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('That sign-in link has expired or has already been used');
    expect((await readAudit(s.config.dataDir)).map((e) => [e.who, e.action])).toEqual([[ann, 'sign-in']]);
  });

  it('signs in once when the button is pressed twice at the same moment', async () => {
    const s = await server();
    const token = tokenOf(await linkFor(s));
    const answers = await Promise.all([
      pressSignIn(s.app, token),
      pressSignIn(s.app, token),
      pressSignIn(s.app, token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 410, 410]);
    expect(await readdir(sessionsDir(s.config.dataDir))).toHaveLength(1);
  });

  it('refuses a link after 15 minutes, and a made-up or malformed token', async () => {
    const s = await server();
    const link = await linkFor(s);
    s.clock.now += LINK_LIFETIME_MS - 1000;
    expect((await s.app.inject({ url: link, headers: html })).statusCode).toBe(200);
    s.clock.now += 1000;
    expect((await s.app.inject({ url: link, headers: html })).statusCode).toBe(410);
    expect((await pressSignIn(s.app, tokenOf(link))).statusCode).toBe(410);
    expect(await readdir(sessionsDir(s.config.dataDir)).catch(() => [])).toEqual([]);
    for (const token of ['A'.repeat(43), '../../editors', '']) {
      expect((await pressSignIn(s.app, token)).statusCode).toBe(410);
      expect((await s.app.inject({ url: `/_studio/sign-in/link?token=${encodeURIComponent(token)}` })).statusCode).toBe(
        410,
      );
    }
  });

  it('answers an unknown address exactly as an editor, and mails nothing', async () => {
    const s = await server();
    const stranger = await askForLink(s.app, 'mallory@example.com');
    await expect.poll(() => s.logs.some((line) => line.includes('not an editor')), { timeout: 15_000 }).toBe(true);
    const editor = await askForLink(s.app, ann);
    expect(stranger.statusCode).toBe(editor.statusCode);
    expect(stranger.body).toBe(editor.body);
    await expect.poll(() => s.smtp.received.length, { timeout: 15_000 }).toBe(1);
    expect(s.smtp.received.flatMap((m) => m.envelope.rcptTo)).toEqual([ann]);
    expect(await readdir(linksDir(s.config.dataDir))).toHaveLength(1);
  });

  it('with the mail server down, gives the same answer and logs that the link was not sent', async () => {
    const s = await server();
    await s.smtp.close();
    const asked = await askForLink(s.app, ann);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('a sign-in link is on its way');
    await expect
      .poll(() => s.logs.some((line) => line.includes('the sign-in link could not be sent')), { timeout: 30_000 })
      .toBe(true);
  });

  it('says what is wrong with a typed address, escaped, and sends nothing', async () => {
    const s = await server();
    const typed = '"><script>alert(1)</script>';
    const response = await askForLink(s.app, typed);
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(response.body).toContain('aria-describedby="email-error"');
    expect(response.body).toMatch(/<p id="email-error" class="error">Give the address alone/);
    expect(s.smtp.received).toHaveLength(0);
  });

  it('refuses a link to an editor removed after it was mailed', async () => {
    const s = await server();
    const token = tokenOf(await linkFor(s));
    await removeEditor(s.config.dataDir, ann);
    await addEditor(s.config.dataDir, 'owner@example.com', 'publisher');
    const response = await pressSignIn(s.app, token);
    expect(response.statusCode).toBe(403);
    expect(response.cookies).toEqual([]);
  });
});

describe('PUBLIC_URL', () => {
  it('is the site address alone, refused at start otherwise', () => {
    expect(configFromEnv({ PUBLIC_URL: 'https://www.example.com/' }).publicUrl).toBe('https://www.example.com');
    expect(parsePublicUrl('http://localhost:3000')).toBe('http://localhost:3000');
    expect(parsePublicUrl('')).toBeUndefined();
    for (const wrong of ['www.example.com', 'ftp://example.com', 'javascript:alert(1)', 'https://user:pw@example.com'])
      expect(() => parsePublicUrl(wrong), wrong).toThrow(/PUBLIC_URL must be the site's address/);
    for (const wrong of ['https://example.com/site', 'https://example.com/?a=1', 'https://example.com/#top'])
      expect(() => parsePublicUrl(wrong), wrong).toThrow(/without a path, \? or #/);
  });
});

describe('without PUBLIC_URL', () => {
  it('builds the link on the address the request came to on this machine only', async () => {
    const s = await server({ publicUrl: undefined });
    const local = await askForLink(s.app, ann, { host: 'localhost:4173', origin: 'http://localhost:4173' });
    expect(local.statusCode).toBe(200);
    await expect.poll(() => s.smtp.received.length, { timeout: 15_000 }).toBe(1);
    expect(s.smtp.received[0].text).toMatch(/http:\/\/localhost:4173\/_studio\/sign-in\/link\?token=/);

    for (const host of ['www.example.com', 'localhost:80@evil.example']) {
      const remote = await askForLink(s.app, ann, { host, origin: `http://${host}` });
      expect(remote.statusCode).toBe(503);
      expect(remote.body).toContain('cannot send sign-in links');
    }
    expect(s.logs.filter((line) => line.includes('set PUBLIC_URL'))).toHaveLength(2);
    expect(s.smtp.received).toHaveLength(1);
  });
});

describe('the server log', () => {
  it('never holds a sign-in token: the link is logged without its query', async () => {
    const s = await server();
    const link = await linkFor(s);
    const token = tokenOf(link);
    expect((await s.app.inject({ url: link, headers: html })).statusCode).toBe(200);
    // A mistyped address still carries a real token.
    await s.app.inject({ url: link.replace('/sign-in/link', '/SIGN-IN/link'), headers: html });
    expect((await pressSignIn(s.app, token, { referer: `${PUBLIC_URL}${link}` })).statusCode).toBe(303);
    const lines = s.logs.join('');
    expect(lines).toContain('"url":"/_studio/sign-in/link?[redacted]"');
    expect(lines).toContain('"url":"/_studio/SIGN-IN/link?[redacted]"');
    expect(lines).not.toContain(token);
  });
});

describe('rate limits', () => {
  const from = (remoteAddress: string, email: string) =>
    ({
      method: 'POST',
      url: '/_studio/sign-in',
      headers: { ...form, ...sameOrigin },
      payload: new URLSearchParams({ email }).toString(),
      remoteAddress,
    }) as const;

  it('mails an address once a minute; strangers asking for it never lock its editor out', async () => {
    const s = await server();
    // Strangers everywhere ask for ann's link, many times each: each is told to check the inbox.
    for (let i = 0; i < 30; i++) {
      const asked = await s.app.inject(from(`198.51.100.${i % 10}`, i % 2 ? ann : ann.toUpperCase()));
      expect(asked.statusCode).toBe(200);
      expect(asked.body).toContain('If that address may edit this site, a sign-in link is on its way');
    }
    await expect.poll(() => s.smtp.received.length, { timeout: 15_000 }).toBe(1);
    // A minute later ann asks for herself, is mailed, and signs in.
    s.clock.now += SIGN_IN_LIMITS.mailEveryMs;
    expect((await s.app.inject(from('203.0.113.9', ann))).statusCode).toBe(200);
    await expect.poll(() => s.smtp.received.length, { timeout: 15_000 }).toBe(2);
    const signedIn = await pressSignIn(s.app, tokenOf(mailedLink(s.smtp, ann)!));
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/_studio/');
    expect(s.smtp.received).toHaveLength(2);
  });

  it('limits sign-in requests per client address', async () => {
    const s = await server();
    for (let sent = 0; sent < SIGN_IN_LIMITS.perIp; sent++)
      expect((await askForLink(s.app, `user${sent}@example.org`)).statusCode).toBe(200);
    const limited = await askForLink(s.app, 'fresh@example.org');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Too many sign-in links were asked for just now');
    expect((await s.app.inject(from('192.0.2.7', 'fresh@example.org'))).statusCode).toBe(200);
  });
});

describe('with no editors', () => {
  it('answers the site’s own 404 under /_studio/, and opens as soon as an editor is added', async () => {
    const started = await bare();
    const { app, config } = started;
    const notFound = await app.inject({ url: '/no-such-page' });
    expect(notFound.statusCode).toBe(404);
    for (const url of [
      '/_studio/',
      '/_studio',
      '/_studio/sign-in',
      '/_studio/sign-in/link?token=x',
      '/_studio/api/entries',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(notFound.body);
      expect(response.headers['content-type'], url).toBe(notFound.headers['content-type']);
    }
    const postNotFound = await app.inject({ method: 'POST', url: '/no-such-page', headers: sameOrigin, payload: {} });
    const post = await askForLink(app, ann, { origin: 'https://evil.example' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error).toBe(postNotFound.json().error);

    await addEditor(config.dataDir, ann, 'editor');
    expect((await app.inject({ url: '/_studio/sign-in', headers: html })).statusCode).toBe(200);
  });
});
