// Scheduled releases going live (server/releases/scheduler.ts): at its time the release built ahead
// becomes the live one on every instance serving the folder (the first to take the lock switches,
// the other follows `current`), one missed while no server ran goes live at the next start and is
// said to be late (its record, the audit log and the releases list), and an article's time that
// another release overtook is not made live. The clock is moved; nothing waits for real minutes.
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readAudit } from '../../server/studio-access/audit.ts';
import {
  readScheduled,
  scheduledBuildDir,
  writeScheduled,
  type ScheduledRelease,
} from '../../server/releases/scheduled.ts';
import { newReleaseId, readCurrent, releaseDir, writeCurrent } from '../../server/releases/store.ts';
import { listReleases } from '../../scripts/publish/publish.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { writeRelease } from '../fixtures/release-fixture.ts';

let work: string;
let distDir: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'scheduled-'));
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

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
const waitFor = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 15_000, interval: 20 });
const at = Date.parse('2026-12-08T03:30:00Z');

/** An instance of its own (its DATA_DIR) over the shared releases folder, on a clock the test moves. */
async function instance(releasesDir: string, clock: { now: number }, name: string) {
  const dataDir = path.join(path.dirname(releasesDir), name);
  const app = await buildApp({
    config: testConfig(distDir, { dataDir, releasesDir }),
    releaseCheckMs: 100,
    scheduleCheckMs: 50,
    scheduleClock: () => clock.now,
  });
  apps.push(app);
  return { app, dataDir, title: async () => titleOf((await app.inject({ url: '/' })).body) };
}

/** A release built ahead for `when`, as scheduling leaves it. */
async function scheduled(releasesDir: string, when: number, label: string, extra: Partial<ScheduledRelease> = {}) {
  const id = newReleaseId(new Date(when - 3_600_000));
  const releaseId = newReleaseId(new Date(when));
  await writeRelease(path.dirname(scheduledBuildDir(releasesDir, releaseId)), releaseId, { label });
  const record: ScheduledRelease = {
    id,
    commit: 'a'.repeat(40),
    at: new Date(when).toISOString(),
    by: 'pat@example.com',
    kind: 'planned',
    state: 'ready',
    createdAt: new Date(when - 3_600_000).toISOString(),
    releaseId,
    ...extra,
  };
  await writeScheduled(releasesDir, record);
  return record;
}

async function releasesFolder() {
  const dir = await mkdtemp(path.join(work, 'case-'));
  const releasesDir = path.join(dir, 'releases');
  const first = newReleaseId(new Date(at - 86_400_000));
  await writeRelease(releasesDir, first, { label: 'Before' });
  await writeCurrent(releasesDir, first);
  return { releasesDir, first };
}

it('goes live at its time on every instance serving the folder, and not before', async () => {
  const { releasesDir } = await releasesFolder();
  const clock = { now: at - 60_000 };
  const record = await scheduled(releasesDir, at, 'Launch');
  const [a, b] = [await instance(releasesDir, clock, 'a'), await instance(releasesDir, clock, 'b')];
  expect(await a.title()).toBe('Before /');
  // A scheduled release's build is not served before its time, not even its files.
  expect((await b.app.inject({ url: '/assets/index-Launch.js' })).statusCode).toBe(404);

  clock.now = at - 1;
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await readCurrent(releasesDir)).not.toBe(record.releaseId);

  clock.now = at;
  await waitFor(async () => expect(await a.title()).toBe('Launch /'));
  await waitFor(async () => expect(await b.title()).toBe('Launch /'));
  expect(await readCurrent(releasesDir)).toBe(record.releaseId);
  expect(await stat(releaseDir(releasesDir, record.releaseId))).toBeTruthy();
  expect(await readScheduled(releasesDir, record.id)).toMatchObject({ state: 'live', late: false });
  // One instance made it live, and said so once (in its audit, written just after the record).
  const audits = async () => [...(await readAudit(a.dataDir)), ...(await readAudit(b.dataDir))];
  await waitFor(async () => expect(await audits()).not.toHaveLength(0));
  const lines = await audits();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ who: 'pat@example.com', action: 'scheduled-live' });
  expect(lines[0].detail).toContain('went live as scheduled for 2026-12-08T03:30:00.000Z');
});

it('one whose time passed while no server ran goes live at start, said to be late', async () => {
  const { releasesDir } = await releasesFolder();
  const record = await scheduled(releasesDir, at, 'Missed');
  const clock = { now: at + 20 * 60_000 };
  const a = await instance(releasesDir, clock, 'a');
  // Live before the server answers its first request.
  expect(await a.title()).toBe('Missed /');
  expect(await readScheduled(releasesDir, record.id)).toMatchObject({
    state: 'live',
    late: true,
    wentLiveAt: new Date(clock.now).toISOString(),
  });
  const [line] = await readAudit(a.dataDir);
  expect(line.action).toBe('scheduled-live');
  expect(line.detail).toContain('went live at start, 20 minutes late');
  // The releases the studio lists (and `npm run releases -- list`) say it went live late.
  const kept = (await listReleases({ dataDir: a.dataDir, releasesDir })).find((each) => each.id === record.releaseId);
  expect(kept).toMatchObject({ live: true, scheduled: { for: record.at, late: true } });
});

it("an article's time that another release overtook is not made live", async () => {
  const { releasesDir, first } = await releasesFolder();
  const record = await scheduled(releasesDir, at, 'Expired', {
    kind: 'article',
    follows: first,
    article: { title: 'Winter offer', change: 'expires' },
  });
  const other = newReleaseId(new Date(at - 60_000));
  await writeRelease(releasesDir, other, { label: 'Published since' });
  await writeCurrent(releasesDir, other);
  const a = await instance(releasesDir, { now: at + 1000 }, 'a');
  await waitFor(async () => expect((await readScheduled(releasesDir, record.id))?.state).toBe('skipped'));
  expect(await a.title()).toBe('Published since /');
});
