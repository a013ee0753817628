// The generator's own rules: the rate limit's arithmetic, refusal of paths that could break out of
// a directive, the command line's errors, and hostile values checked by real nginx (nginx -t, then
// serving from a folder whose name holds quotes, braces and semicolons). The topology test runs
// the whole deployment.
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { leadRate, nginxConfig, type NginxOptions } from '../../scripts/deploy/nginx-config.ts';
import { ensureNginx, nginxBinary, startNginx } from '../../scripts/deploy/run-nginx.ts';
import { securityHeaders } from '../../server/security-headers.ts';
import { manifest, writeBuildFiles, writeDist } from '../fixtures/dist-fixture.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { freePort } from '../fixtures/smtp.ts';

const base = { distDir: '/srv/dist', manifest, listen: '8080', upstreams: ['127.0.0.1:3001'], rateLimit: 5 };

it('RATE_LIMIT per 10 minutes becomes that many at once, then an even refill in whole requests per minute', () => {
  expect(leadRate(5)).toEqual({ perMinute: 1, burst: 4, retryAfterSeconds: 60 });
  expect(leadRate(30)).toEqual({ perMinute: 3, burst: 29, retryAfterSeconds: 20 });
  expect(nginxConfig({ ...base, rateLimit: 0 })).not.toContain('limit_req zone=');
});

it('states the security headers in every location that adds a header (nginx does not inherit them there)', () => {
  const config = nginxConfig(base);
  const blocks = config
    .split(/\n    location /)
    .slice(1)
    .filter((block) => block.includes('add_header'));
  expect(blocks.length).toBeGreaterThan(manifest.routes.length);
  for (const block of blocks)
    for (const name of Object.keys(securityHeaders))
      expect(block, block.split('\n')[0]).toContain(`add_header ${name} `);
});

it('refuses a path that could end a directive, and has no user or daemon directive', () => {
  expect(() => nginxConfig({ ...base, manifest: { ...manifest, routes: ['/a; return 200 x'] } })).toThrow(
    /Cannot put the path/,
  );
  expect(nginxConfig(base)).not.toMatch(/^\s*(user|daemon)\s/m);
});

it('the command line names what is missing', async () => {
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, [
      path.join(import.meta.dirname, '..', '..', 'scripts', 'nginx-config.ts'),
      ...args,
    ]).catch((error: { code: number; stderr: string }) => error);
  expect(await run('--listen', '8080')).toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/--upstream HOST:PORT/),
  });
  expect(await run('--listen', 'x', '--upstream', '127.0.0.1:3001')).toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/--listen needs a port/),
  });
});

it("answers a translation's missing address with its own not-found page, and serves its pages and feeds", async () => {
  ensureNginx();
  const languages = [
    { code: 'en', name: 'English' },
    { code: 'de', name: 'Deutsch' },
  ];
  const distDir = await writeDist([], {
    routes: [...manifest.routes, '/de', '/de/services'],
    redirects: [...manifest.redirects, { from: '/de/old', to: '/de/services' }],
    site: { ...manifest.site, languages },
  });
  await writeBuildFiles(distDir, {
    'de/index.html': '<!doctype html><html lang="de"><title>Start</title></html>',
    'de/services/index.html': '<!doctype html><html lang="de"><title>Leistungen</title></html>',
    'de/404.html': '<!doctype html><html lang="de"><title>Nicht gefunden</title></html>',
    'de/feed.xml': '<rss version="2.0"><channel><language>de</language></channel></rss>',
  });
  const port = await freePort();
  const built = JSON.parse(await readFile(path.join(distDir, '_site.json'), 'utf8')) as SiteManifest;
  const config = nginxConfig({ ...base, distDir, listen: `127.0.0.1:${port}`, manifest: built });
  const nginx = await startNginx({
    config,
    prefix: await mkdtemp(path.join(tmpdir(), 'nginx-languages-')),
    url: `http://127.0.0.1:${port}/`,
  });
  const get = (route: string) => fetch(`http://127.0.0.1:${port}${route}`, { redirect: 'manual' });
  try {
    const missing = await get('/de/no-such-page');
    expect([missing.status, await missing.text()]).toEqual([404, expect.stringContaining('Nicht gefunden')]);
    const ownMissing = await get('/no-such-page');
    expect([ownMissing.status, await ownMissing.text()]).toEqual([404, expect.stringContaining('<title>404</title>')]);
    expect(await (await get('/de/services')).text()).toContain('Leistungen');
    const feed = await get('/de/feed.xml');
    expect([feed.status, await feed.text()]).toEqual([200, expect.stringContaining('<language>de</language>')]);
    const moved = await get('/de/old');
    expect([moved.status, moved.headers.get('location')]).toEqual([301, expect.stringMatching(/\/de\/services$/)]);
    // The not-found page is an answer, never an address of its own.
    expect((await get('/de/404.html')).status).toBe(404);
  } finally {
    nginx.kill('SIGTERM');
  }
}, 60_000);

describe('every value in nginx.conf is encoded for nginx, or refused', () => {
  // A site name that, written as it is, would close the server block and open another.
  const hostileName = 'Evil Co\n}\nserver { listen 127.0.0.1:1; return 200 "owned"; }\n# "quoted" ; {braces} \\ back';

  it('a hostile site name and build folder give a config real nginx accepts and serves from that exact folder', async () => {
    ensureNginx();
    // The build in a folder whose name holds every character nginx gives meaning to, but $.
    const built = await writeDist();
    const parent = await mkdtemp(path.join(tmpdir(), 'nginx-hostile-dist-'));
    const distDir = path.join(parent, `dist "a" ; {b} \\c #d 'e'`);
    await rename(built, distDir);
    // nginx runs unprivileged: the build must be readable by anyone, as a deployed one is.
    for (const dir of [parent, distDir]) await chmod(dir, 0o755);
    const port = await freePort();
    const config = nginxConfig({
      ...base,
      distDir,
      listen: `127.0.0.1:${port}`,
      manifest: { ...manifest, site: { ...manifest.site, name: hostileName } },
    });
    // Nothing of the name became a directive: one server block, listening where we said.
    expect(config.match(/^\s*server \{/gm)).toHaveLength(1);
    expect(config.match(/^\s*listen .*/gm)).toEqual([`    listen 127.0.0.1:${port};`]);
    const prefix = await mkdtemp(path.join(tmpdir(), 'nginx-hostile-'));
    await writeFile(path.join(prefix, 'nginx.conf'), config);
    const checked = await promisify(execFile)(nginxBinary, [
      '-t',
      '-p',
      prefix,
      '-c',
      path.join(prefix, 'nginx.conf'),
      '-g',
      'daemon off;',
    ]).catch((error: { stderr: string }) => error);
    expect(checked.stderr).toMatch(/syntax is ok/);
    expect(checked.stderr).toMatch(/test is successful/);
    const nginx = await startNginx({
      config,
      prefix: await mkdtemp(path.join(tmpdir(), 'nginx-hostile-run-')),
      url: `http://127.0.0.1:${port}/`,
    });
    try {
      const page = await fetch(`http://127.0.0.1:${port}/services`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Services</title>');
    } finally {
      nginx.kill('SIGTERM');
    }
  }, 60_000);

  it('refuses what nginx would read as a variable or a line break, and addresses that could end a directive', () => {
    const refused = (options: Partial<NginxOptions>, message: RegExp) =>
      expect(() => nginxConfig({ ...base, ...options })).toThrow(message);
    refused(
      { distDir: '/srv/$document_root' },
      /build folder \/srv\/\$document_root into nginx\.conf: it holds a "\$"/,
    );
    refused(
      { distDir: '/srv/dist\nuser root;' },
      /build folder \/srv\/dist\\nuser root; into nginx\.conf: it holds a line break/,
    );
    refused({ listen: '8080; user root' }, /Cannot listen on "8080; user root"/);
    refused({ upstreams: ['127.0.0.1:3001 backup; include /etc/passwd'] }, /is not HOST:PORT/);
    refused({ serverName: 'example.com; return 200' }, /Cannot put the server name/);
    refused({ serverName: 'example.com\nreturn 200' }, /Cannot put the server name "example\.com\\nreturn 200"/);
  });
});
