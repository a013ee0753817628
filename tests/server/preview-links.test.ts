// Shared previews. From the command line, as an operator would: `share` builds a commit not yet
// published and prints its link; the server shows that change to a client without a session, with
// noindex, the banner and its forms refused; the token is not in the request log; the link ends
// (410) when the clock passes its expiry, and another one when it is revoked by its address.
// Then, on a build written by hand: what a preview serves and what it refuses.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { shareBuildDir, ShareLinks } from '../../server/previews/share-links.ts';
import { loggableUrl } from '../../server/request-log.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { projectRoot } from '../fixtures/fixture-site.ts';
import { git, publishCheckout } from '../fixtures/publish-checkout.ts';

const PUBLIC_URL = 'https://www.example.com';
const DAY = 24 * 3600_000;

async function serve(dataDir: string, distDir: string) {
  const logs: string[] = [];
  const stream = new Writable({ write: (chunk, _encoding, done) => (logs.push(chunk.toString()), done()) });
  const clock = { now: Date.now() };
  const app = await buildApp({
    config: testConfig(distDir, { dataDir, publicUrl: PUBLIC_URL }),
    logger: { level: 'info', stream },
    studioClock: () => clock.now,
  });
  return { app, logs, clock };
}

describe('a preview shared from the command line', () => {
  let work: string;
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('shows an unpublished change to anyone with the link, then expires, and another is revoked', async () => {
    const checkout = await publishCheckout();
    work = checkout.work;
    const { root, dataDir } = checkout;
    const home = path.join(root, 'site', 'pages', 'home.yaml');
    await writeFile(
      home,
      (await readFile(home, 'utf8')).replace(
        /title: .* One Page\.$/m,
        'title: A headline nobody has published One Page.',
      ),
    );
    git(root, 'commit', '-q', '-am', 'Home: a new headline');
    const releases = (...args: string[]) =>
      promisify(execFile)(process.execPath, [path.join(projectRoot, 'scripts', 'releases.ts'), ...args], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, RELEASES_DIR: '', PUBLIC_URL },
      }).catch((error: { code: number; stdout: string; stderr: string }) => error);

    const shared = await releases('share', '--expires', '2d');
    const link = shared.stdout.trim();
    expect(link).toMatch(/^https:\/\/www\.example\.com\/_preview\/[A-Za-z0-9_-]{43}\/$/);
    const token = link.split('/')[4];
    const second = (await releases('share')).stdout.trim();

    // The live site is another build, without the change; the client has no cookie at all.
    const s = await serve(dataDir, await writeDist());
    const url = new URL(link).pathname;
    const page = await s.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('A headline nobody has published');
    expect(page.body).toContain('Preview — not the live site');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).not.toMatch(/<script|rel="canonical"|rel="modulepreload"/);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    // Its styles come from the preview, never from the live site.
    const styles = [...page.body.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(styles.length).toBeGreaterThan(0);
    for (const href of styles) {
      expect(href.startsWith(`/_preview/${token}/assets/`)).toBe(true);
      expect((await s.app.inject({ url: href })).statusCode).toBe(200);
    }
    expect(await s.app.inject({ url: '/' }).then((r) => r.body)).not.toContain('A headline nobody has published');

    // A form sent from a preview page is refused before it is read.
    const posted = await s.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ann&email=ann%40example.com&message=Hello',
    });
    expect(posted.statusCode).toBe(405);
    expect(posted.body).toContain('This is a preview: forms are not sent.');

    expect(s.logs.join('')).toContain('"url":"/_preview/[redacted]"');
    expect(s.logs.join('')).not.toContain(token);

    const listed = await releases('shares');
    expect(listed.stdout.trim().split('\n')).toHaveLength(2);
    expect(listed.stdout).toMatch(/until \d{4}-\d\d-\d\d \d\d:\d\d\s+owner/);

    // Two days later the first link has ended, in words; the second still works until revoked.
    s.clock.now += 2 * DAY + 1000;
    const expired = await s.app.inject({ url });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This preview has ended');
    const secondUrl = new URL(second).pathname;
    expect((await s.app.inject({ url: secondUrl })).statusCode).toBe(200);
    expect((await releases('revoke', second)).stdout).toMatch(/no longer works/);
    const revoked = await s.app.inject({ url: secondUrl });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.body).toContain('withdrawn');
    const audit = await readFile(path.join(dataDir, 'audit.log'), 'utf8');
    expect(audit).toContain('"action":"share"');
    expect(audit).toContain('"action":"share-revoked"');
    expect(audit).not.toContain(token);
    await s.app.close();
  }, 240_000);
});

describe('what a preview serves', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let token: string;
  let pageToken: string;
  const commit = 'c'.repeat(40);

  beforeAll(async () => {
    const distDir = await writeDist();
    dataDir = await mkdtemp(path.join(tmpdir(), 'preview-'));
    await cp(distDir, shareBuildDir(dataDir, commit), { recursive: true });
    await writeFile(
      path.join(shareBuildDir(dataDir, commit), 'services', 'index.html'),
      '<!doctype html><html><head><link rel="stylesheet" href="/assets/a.css"></head><body><a href="/">Home</a><img srcset="/images/a.jpg 1x, //cdn.example/b.jpg 2x" src="https://cdn.example/c.jpg"><form><input name="email"><button>Send</button></form></body></html>',
    );
    const links = new ShareLinks(dataDir);
    token = (await links.create({ commit, by: 'ann@example.com', expires: Date.now() + DAY })).token;
    pageToken = (await links.create({ commit, page: '/services', by: 'ann@example.com', expires: Date.now() + DAY }))
      .token;
    app = (await serve(dataDir, distDir)).app;
  });
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("points the page's addresses inside the preview and makes its forms say they are not sent", async () => {
    const page = await app.inject({ url: `/_preview/${token}/services` });
    expect(page.body).toContain(`href="/_preview/${token}/assets/a.css"`);
    expect(page.body).toContain(`<a href="/_preview/${token}/">`);
    expect(page.body).toContain(`srcset="/_preview/${token}/images/a.jpg 1x, //cdn.example/b.jpg 2x"`);
    expect(page.body).toContain('src="https://cdn.example/c.jpg"');
    expect(page.body).toMatch(
      new RegExp(
        `<form method="post" action="/_preview/${token}/services"><p [^>]*>This is a preview: forms are not sent.</p>`,
      ),
    );
  });

  it('serves the pages and their files only, and a page link its page only', async () => {
    const at = (rest: string, t = token) => app.inject({ url: `/_preview/${t}${rest}` }).then((r) => r.statusCode);
    expect(await at('')).toBe(302);
    expect(await at('/')).toBe(200);
    expect(await at('/assets/index-AbC123.js')).toBe(200);
    expect(await at('/images/logo.svg')).toBe(200);
    for (const hidden of [
      '/_site.json',
      '/_data/index.json',
      '/robots.txt',
      '/index.html',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
    ])
      expect(await at(hidden), hidden).toBe(404);
    expect(await at('/services', pageToken)).toBe(200);
    expect(await at('/', pageToken)).toBe(404);
    const toPage = await app.inject({ url: `/_preview/${pageToken}` });
    expect(toPage.headers.location).toBe(`/_preview/${pageToken}/services`);
  });

  it('refuses a form sent from a preview page, whatever it is sent to', async () => {
    for (const url of [`/_preview/${token}/services`, `/_preview/${token}/`, '/_preview/x']) {
      const sent = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=ann%40example.com',
      });
      expect(sent.statusCode, url).toBe(405);
      expect(sent.body).toContain('This is a preview: forms are not sent.');
    }
  });

  it('answers an unknown or tampered token, and the bare address, not found in words', async () => {
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [`/_preview/${tampered}/`, '/_preview/short/', '/_preview/', '/_preview']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).toContain('There is no preview at this address');
      expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });

  it('keeps the token out of the logged address, however it is written', () => {
    for (const url of [`/_preview/${token}/services?x=1`, `/_PREVIEW/${token}`, `/%5Fpreview/${token}/`])
      expect(loggableUrl(url)).toBe('/_preview/[redacted]');
    expect(loggableUrl('/services?x=1')).toBe('/services?x=1');
  });
});
