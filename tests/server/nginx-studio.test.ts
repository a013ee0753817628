// The generated nginx.conf with --studio: every /_studio/ request (the page, its API with an image
// upload, its change stream) goes to the one instance that edits, and everything else but the
// lead endpoints and /healthz to the instances, which serve the live release; checked through real
// nginx in front of stand-in instances that say who answered.
import { execFile } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { mkdtemp, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nginxConfig } from '../../scripts/deploy/nginx-config.ts';
import { ensureNginx, startNginx } from '../../scripts/deploy/run-nginx.ts';
import { manifest } from '../fixtures/dist-fixture.ts';
import { freePort } from '../fixtures/smtp.ts';

/** A stand-in instance: answers every request with its name, the path and how many bytes it was sent. */
async function standIn(name: string): Promise<{ server: Server; address: string }> {
  const server = createServer((req, res) => {
    // The studio's change stream: a first event at once, then open until the test ends.
    if (req.url === '/_studio/api/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${name}\n\n`);
      return;
    }
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.on('end', () => res.end(`${name} ${req.url} ${size}`));
  });
  // Were an upgrade passed on, it would be answered: a test sees that none arrives.
  server.on('upgrade', (_req, socket) => {
    socket.end(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`);
  });
  // Port 0, kept while the test runs: no other test can be handed the same port meanwhile.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, address: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const servers: Server[] = [];
let base: string;
let prefix: string;
let stop = () => undefined as unknown;
beforeAll(async () => {
  ensureNginx();
  const [one, two, studio] = await Promise.all([standIn('instance-1'), standIn('instance-2'), standIn('studio')]);
  servers.push(one.server, two.server, studio.server);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const config = nginxConfig({
    distDir: '/srv/not-used',
    manifest,
    listen: `127.0.0.1:${port}`,
    upstreams: [one.address, two.address],
    studio: studio.address,
    rateLimit: 5,
  });
  prefix = await mkdtemp(path.join(tmpdir(), 'nginx-studio-'));
  const nginx = await startNginx({
    config,
    prefix,
    url: `${base}/healthz`,
  });
  stop = () => nginx.kill('SIGTERM');
}, 60_000);
afterAll(() => {
  stop();
  for (const server of servers) server.close();
});

const answeredBy = async (url: string, init?: RequestInit) => (await (await fetch(base + url, init)).text()).split(' ');

it('sends every /_studio/ request to the one studio instance', async () => {
  for (let i = 0; i < 6; i++) {
    expect(await answeredBy('/_studio/')).toEqual(['studio', '/_studio/', '0']);
    expect((await answeredBy('/_studio/api/entries?key=x'))[0]).toBe('studio');
  }
});

it('lets an image upload as large as the studio takes reach it', async () => {
  const body = Buffer.alloc(9 * 2 ** 20, 1);
  const [who, , size] = await answeredBy('/_studio/api/upload?name=photo', { method: 'POST', body });
  expect([who, Number(size)]).toEqual(['studio', body.length]);
});

it("sends a shared preview to the studio's instance and logs it without its token", async () => {
  const token = 'SECRETpreviewTOKENneverLOGGED'.padEnd(43, 'x');
  expect((await answeredBy(`/_preview/${token}/services`))[0]).toBe('studio');
  const asset = await answeredBy(`/_preview/${token}/assets/a.css`, {
    headers: { referer: `${base}/_preview/${token}/services` },
  });
  expect(asset[0]).toBe('studio');
  const log = () => readFile(path.join(prefix, 'access.log'), 'utf8');
  await expect.poll(log).toContain('"GET /_preview/[redacted] HTTP/1.1" 200 ');
  await expect.poll(log).toContain('"/_preview/[redacted]"');
  expect(await log()).not.toContain('SECRETpreview');
});

it("passes the studio's change stream on event by event, and no websocket upgrade", async () => {
  const controller = new AbortController();
  const response = await fetch(`${base}/_studio/api/events`, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  // The stream never ends: its first event arrives only if nginx does not buffer it.
  expect((await reader.read()).value).toBe('data: studio\n\n');
  controller.abort();

  const url = new URL(`${base}/_studio/preview/`);
  const status = await new Promise<number | undefined>((resolve, reject) => {
    const upgrade = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    upgrade.on('upgrade', (_response, socket) => {
      socket.destroy();
      resolve(101);
    });
    upgrade.on('response', (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    upgrade.on('error', reject);
    upgrade.end();
  });
  expect(status).toBe(200);
});

it("logs a sign-in link's address without its token, and the button's Referer likewise", async () => {
  const token = 'x'.repeat(20) + 'SECRETtokenNEVERlogged';
  const link = `/_studio/sign-in/link?token=${token}`;
  expect((await answeredBy(link))[0]).toBe('studio');
  const body = new URLSearchParams({ token }).toString();
  const pressed = await answeredBy('/_studio/sign-in/link', {
    method: 'POST',
    body,
    headers: { referer: base + link },
  });
  expect(pressed[0]).toBe('studio');
  expect(await answeredBy('/_studio/api/entries?key=kept')).toContain('/_studio/api/entries?key=kept');
  const log = () => readFile(path.join(prefix, 'access.log'), 'utf8');
  await expect.poll(log).toContain('"GET /_studio/api/entries?key=kept HTTP/1.1"');
  const lines = await log();
  expect(lines).toContain('"GET /_studio/sign-in/link?[redacted] HTTP/1.1" 200');
  expect(lines).toContain(`"POST /_studio/sign-in/link HTTP/1.1" 200 `);
  expect(lines).toContain(`"${base}/_studio/sign-in/link?[redacted]"`);
  expect(lines).not.toContain('SECRETtoken');
});

it('sends pages, files and paths no build knew of to the instances, never to the studio', async () => {
  const who = new Set<string>();
  for (const url of ['/', '/services', '/assets/index-AbC123.js', '/a-page-published-later', '/_studiox']) {
    for (let i = 0; i < 3; i++) who.add((await answeredBy(url))[0]);
  }
  expect(who).toEqual(new Set(['instance-1', 'instance-2']));
  // The studio's address without its slash is nginx's redirect to it.
  const bare = await fetch(`${base}/_studio`, { redirect: 'manual' });
  expect([bare.status, bare.headers.get('location')]).toEqual([301, expect.stringMatching(/\/_studio\/$/)]);
});

it('without --studio, the config serves the build itself and has no studio', async () => {
  const config = nginxConfig({
    distDir: '/srv/dist',
    manifest,
    listen: '8080',
    upstreams: ['127.0.0.1:3001'],
    rateLimit: 5,
  });
  expect(config).not.toMatch(/location \^~ \/_studio|upstream studio|proxy_pass http:\/\/studio/);
  expect(config).toContain('location / { return 404; }');
});

it('the command line refuses a --studio that is not HOST:PORT', async () => {
  const run = promisify(execFile)(process.execPath, [
    path.join(import.meta.dirname, '..', '..', 'scripts', 'nginx-config.ts'),
    '--listen',
    '8080',
    '--upstream',
    '127.0.0.1:3001',
    '--studio',
    'studio; return 200',
  ]).catch((error: { code: number; stderr: string }) => error);
  expect(await run).toMatchObject({ code: 1, stderr: expect.stringMatching(/--studio .* is not HOST:PORT/) });
});
