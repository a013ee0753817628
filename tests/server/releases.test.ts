// The live release and the switch to another (server/releases/): the server answers from the
// release `current` names (DIST_DIR before any), switches when `current` changes without failing a
// request, keeps an old page's hashed assets answering from the previous kept releases, moves its
// routes, redirects, not-found page, /healthz and lead endpoints with the switch, keeps serving
// when the named release cannot be opened, and several instances on one host switch together.
import type { ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { LiveSite } from '../../server/releases/live.ts';
import { newReleaseId, writeCurrent } from '../../server/releases/store.ts';
import { startChildServer } from '../fixtures/child-server.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureForms, validLead } from '../fixtures/leads.ts';
import { assetOf, writeRelease } from '../fixtures/release-fixture.ts';
import { projectRoot } from '../fixtures/fixture-site.ts';

let work: string;
let distDir: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'releases-'));
  distDir = await writeDist();
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await rm(path.dirname(distDir), { recursive: true, force: true });
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A releases folder of its own and an app serving it, checking `current` every 100 ms besides the watch. */
async function serving(logLines?: string[]) {
  const dir = await mkdtemp(path.join(work, 'case-'));
  const releasesDir = path.join(dir, 'releases');
  const logger = logLines ? { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } : false;
  const app = await buildApp({
    config: testConfig(distDir, { dataDir: path.join(dir, 'data'), releasesDir }),
    releaseCheckMs: 100,
    logger,
  });
  apps.push(app);
  return { app, releasesDir };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
const scriptOf = (html: string) => /<script type="module" src="([^"]+)"/.exec(html)?.[1];
const waitFor = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

async function switchTo(releasesDir: string, id: string, label: string, get: (url: string) => Promise<string>) {
  await writeCurrent(releasesDir, id);
  await waitFor(async () => expect(titleOf(await get('/'))).toBe(`${label} /`));
}

it('serves DIST_DIR until a release is published, then the release `current` names', async () => {
  const { app, releasesDir } = await serving();
  const page = async (url: string) => (await app.inject({ url })).body;
  expect(titleOf(await page('/'))).toBe('Home');
  const a = newReleaseId();
  await writeRelease(releasesDir, a, { label: 'A' });
  await switchTo(releasesDir, a, 'A', page);
  const response = await app.inject({ url: '/services', headers: { 'accept-encoding': 'br' } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe('br');
  expect(response.headers['cache-control']).toBe('no-cache');
  // The release's own record is not a public file.
  expect((await app.inject({ url: '/_release.json' })).statusCode).toBe(404);
});

it('a stream of requests during the switch gets no error', async () => {
  const { app, releasesDir } = await serving();
  const [a, b] = [newReleaseId(), newReleaseId()];
  await writeRelease(releasesDir, a, { label: 'A' });
  await writeRelease(releasesDir, b, { label: 'B' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const get = async (url: string) => (await fetch(base + url)).text();
  await switchTo(releasesDir, a, 'A', get);

  const failures: string[] = [];
  const seen = new Set<string>();
  let requests = 0;
  let running = true;
  // Each client loads a page, then the script that page names, as a browser does.
  const client = async () => {
    while (running) {
      const url = Math.random() < 0.5 ? '/' : '/services';
      const page = await fetch(base + url, { headers: { 'accept-encoding': 'br, gzip' } });
      const html = await page.text();
      requests += 1;
      if (page.status !== 200) failures.push(`${url} → ${page.status}`);
      seen.add(titleOf(html).split(' ')[0]);
      const script = scriptOf(html);
      const asset = script ? await fetch(base + script) : undefined;
      if (asset) await asset.arrayBuffer();
      requests += 1;
      if (asset?.status !== 200) failures.push(`${script} of ${titleOf(html)} → ${asset?.status}`);
    }
  };
  const clients = Array.from({ length: 12 }, client);
  for (let round = 0; round < 6; round++) {
    const [id, label] = round % 2 === 0 ? [b, 'B'] : [a, 'A'];
    await switchTo(releasesDir, id, label, get);
  }
  running = false;
  await Promise.all(clients);
  expect(failures).toEqual([]);
  expect(seen).toEqual(new Set(['A', 'B']));
  expect(requests).toBeGreaterThan(100);
});

it("an old page's hashed assets keep loading from the previous kept releases, until that release is removed", async () => {
  const { app, releasesDir } = await serving();
  const page = async (url: string) => (await app.inject({ url })).body;
  const [a, b] = [newReleaseId(), newReleaseId()];
  await writeRelease(releasesDir, a, { label: 'A' });
  await writeRelease(releasesDir, b, { label: 'B' });
  await switchTo(releasesDir, a, 'A', page);
  await switchTo(releasesDir, b, 'B', page);
  const old = await app.inject({ url: assetOf('A') });
  expect(old.statusCode).toBe(200);
  expect(old.body).toContain('AAAA');
  expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await app.inject({ url: assetOf('B') })).statusCode).toBe(200);
  // Only hashed files: a page of the old release is not served from it.
  expect((await app.inject({ url: '/assets/index-C.js' })).statusCode).toBe(404);
  await rm(path.join(releasesDir, a), { recursive: true });
  await waitFor(async () => expect((await app.inject({ url: assetOf('A') })).statusCode).toBe(404));
});

it('routes, redirects, the not-found page, /healthz and the lead endpoints follow the switch', async () => {
  const { app, releasesDir } = await serving();
  const page = async (url: string) => (await app.inject({ url })).body;
  const [form] = await fixtureForms();
  const [a, b] = [newReleaseId(), newReleaseId()];
  await writeRelease(releasesDir, a, { label: 'A', routes: ['/', '/services'] });
  await writeRelease(releasesDir, b, {
    label: 'B',
    routes: ['/', '/about', '/contact'],
    redirects: [{ from: '/services', to: '/about' }],
    forms: [form],
  });
  const lead = () =>
    app.inject({
      method: 'POST',
      url: form.endpoint,
      payload: validLead(form),
      headers: { 'content-type': 'application/json' },
    });

  await switchTo(releasesDir, a, 'A', page);
  expect((await app.inject({ url: '/services' })).statusCode).toBe(200);
  expect((await app.inject({ url: '/about' })).statusCode).toBe(404);
  expect((await app.inject({ url: '/healthz' })).json().routes).toBe(2);
  expect((await lead()).statusCode).toBe(404);

  await switchTo(releasesDir, b, 'B', page);
  const moved = await app.inject({ url: '/services' });
  expect([moved.statusCode, moved.headers.location]).toEqual([301, '/about']);
  expect(titleOf(await page('/about'))).toBe('B /about');
  expect([(await app.inject({ url: '/about/' })).headers.location]).toEqual(['/about']);
  const missing = await app.inject({ url: '/nowhere' });
  expect([missing.statusCode, titleOf(missing.body)]).toEqual([404, 'B 404']);
  expect((await app.inject({ url: '/healthz' })).json().routes).toBe(3);
  expect((await lead()).statusCode).toBe(202);
  const wrong = await app.inject({
    method: 'POST',
    url: form.endpoint,
    payload: { ...validLead(form), unknown: 'x' },
    headers: { 'content-type': 'application/json' },
  });
  expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'unknown: is not a field of this form']);

  await switchTo(releasesDir, a, 'A', page);
  expect((await lead()).statusCode).toBe(404);
});

it('a release that cannot be opened is refused with a logged reason, and the live one goes on answering', async () => {
  const log: string[] = [];
  const { app, releasesDir } = await serving(log);
  const page = async (url: string) => (await app.inject({ url })).body;
  const [a, broken] = [newReleaseId(), newReleaseId()];
  await writeRelease(releasesDir, a, { label: 'A' });
  await writeRelease(releasesDir, broken, { label: 'Broken' });
  await unlink(path.join(releasesDir, broken, '404.html'));
  await switchTo(releasesDir, a, 'A', page);
  await writeCurrent(releasesDir, broken);
  await waitFor(async () =>
    expect(log.join('')).toMatch(/could not switch, still serving the live build: .*404\.html/),
  );
  expect(titleOf(await page('/'))).toBe('A /');
});

it('switches by the periodic check alone where the folder cannot be watched', async () => {
  const dir = await mkdtemp(path.join(work, 'unwatched-'));
  const releasesDir = path.join(dir, 'releases');
  const [a, b] = [newReleaseId(), newReleaseId()];
  await writeRelease(releasesDir, a, { label: 'A' });
  await writeRelease(releasesDir, b, { label: 'B' });
  await writeCurrent(releasesDir, a);
  const live = await LiveSite.open({ distDir, releasesDir, checkEveryMs: 200, watch: false });
  try {
    expect(live.current.id).toBe(a);
    await writeCurrent(releasesDir, b);
    await waitFor(async () => expect(live.current.id).toBe(b));
    expect(live.previous.map((build) => path.basename(build.root))).toEqual([a]);
  } finally {
    live.close();
  }
});

describe('several instances on one host', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  const freePort = () =>
    new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });

  it('each in its own process, serving one releases folder, switch together', async () => {
    const dir = await mkdtemp(path.join(work, 'instances-'));
    const releasesDir = path.join(dir, 'releases');
    const [a, b] = [newReleaseId(), newReleaseId()];
    await writeRelease(releasesDir, a, { label: 'A' });
    await writeRelease(releasesDir, b, { label: 'B' });
    await writeCurrent(releasesDir, a);
    const bases: string[] = [];
    for (const instance of [1, 2]) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      children.push(
        await startChildServer(path.join(projectRoot, 'server', 'main.ts'), {
          url: `${url}/healthz`,
          cwd: projectRoot,
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DIST_DIR: distDir,
            DATA_DIR: path.join(dir, `data-${instance}`),
            RELEASES_DIR: releasesDir,
            LOG_LEVEL: 'warn',
          },
        }),
      );
      bases.push(url);
    }
    const titles = () => Promise.all(bases.map(async (base) => titleOf(await (await fetch(`${base}/`)).text())));
    expect(await titles()).toEqual(['A /', 'A /']);
    // /healthz names the live release, for a monitor to see that the instances agree.
    for (const base of bases) expect((await (await fetch(`${base}/healthz`)).json()).release).toBe(a);
    for (const [id, label] of [
      [b, 'B'],
      [a, 'A'],
    ]) {
      await writeCurrent(releasesDir, id);
      const started = Date.now();
      await waitFor(async () => expect(await titles()).toEqual([`${label} /`, `${label} /`]));
      // Within the periodic check (1 s) of each other, whether or not the watch saw it.
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });
});
