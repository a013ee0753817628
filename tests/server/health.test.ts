// GET /healthz: what a load balancer and a monitor ask. Counts only, never cached, never rate
// limited; 503 with a reason once the spool stops taking writes; the disk looked at no more than
// once per interval, however often it is asked.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { newLeadId, Spool } from '../../server/leads/spool.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureForms } from '../fixtures/leads.ts';

let distDir: string;
beforeAll(async () => (distDir = await writeDist(await fixtureForms())));
const freshConfig = () =>
  testConfig(distDir, {
    dataDir: path.join(distDir, '..', `data-${Math.random().toString(36).slice(2)}`),
    rateLimit: 1,
  });

it('answers 200 with the queue and dead counts and the age of the oldest queued lead', async () => {
  const config = freshConfig();
  const app = await buildApp({ config });
  const queued = newLeadId(new Date(Date.now() - 90_000));
  // A lead the server cannot deliver yet (next attempt far ahead) and one dead lead.
  await writeFile(
    path.join(config.dataDir, 'spool', 'queue', `${queued}.json`),
    JSON.stringify({
      lead: { id: queued, form: 'x', receivedAt: new Date().toISOString(), fields: { name: 'Secret Person' } },
      attempts: 1,
      nextAttemptAt: Date.now() + 3600_000,
    }),
  );
  await writeFile(path.join(config.dataDir, 'spool', 'dead', `${newLeadId()}.json`), '{}');
  const response = await app.inject({ url: '/healthz' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const body = response.json();
  expect(body).toMatchObject({ status: 'ok', queue: 1, dead: 1, routes: 3 });
  expect(body.oldestQueuedSeconds).toBeGreaterThanOrEqual(89);
  expect(response.body).not.toMatch(/Secret|@|spool/);
  await app.close();
});

it('is never rate limited', async () => {
  const app = await buildApp({ config: freshConfig() });
  const statuses = await Promise.all(
    Array.from({ length: 20 }, () => app.inject({ url: '/healthz' }).then((r) => r.statusCode)),
  );
  expect(new Set(statuses)).toEqual(new Set([200]));
  await app.close();
});

afterEach(() => vi.restoreAllMocks());

it('answers 503 with a reason when the spool does not take writes, and 200 again once it does', async () => {
  const config = freshConfig();
  const app = await buildApp({ config, healthCheckMs: 200 });
  const tmp = path.join(config.dataDir, 'spool', 'tmp');
  // A file where the spool's folder should be: no write can succeed, even as root.
  await rm(tmp, { recursive: true });
  await writeFile(tmp, '');
  const broken = await app.inject({ url: '/healthz' });
  expect(broken.statusCode).toBe(503);
  expect(broken.headers['cache-control']).toBe('no-store');
  expect(broken.json()).toEqual({
    status: 'unavailable',
    reason: expect.stringMatching(/spool does not accept writes/),
  });
  await rm(tmp);
  await mkdir(tmp);
  await expect.poll(async () => (await app.inject({ url: '/healthz' })).statusCode, { timeout: 15_000 }).toBe(200);
  await app.close();
});

it('looks at the disk at most once per interval under 100 requests, and counts a lead without listing the queue', async () => {
  const config = freshConfig();
  const app = await buildApp({ config, healthCheckMs: 2000 });
  await app.ready();
  // The real probe runs (a file written and removed); the spy only counts it.
  const probe = vi.spyOn(Spool.prototype, 'probeWritable');
  const list = vi.spyOn(Spool.prototype, 'list');
  const started = Date.now();
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++)
    statuses.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, () => app.inject({ url: '/healthz' }).then((r) => r.statusCode)),
      )),
    );
  const seconds = (Date.now() - started) / 1000;
  expect(statuses).toEqual(Array(100).fill(200));
  expect(probe.mock.calls.length).toBeGreaterThanOrEqual(1);
  expect(probe.mock.calls.length).toBeLessThanOrEqual(Math.ceil(seconds / 2) + 1);
  expect(list).not.toHaveBeenCalled();
  await app.close();
});
