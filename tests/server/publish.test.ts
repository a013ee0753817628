// Publishing and rolling back (scripts/publish/), on a copy of the fixture site in its own git
// repository and DATA_DIR: a publish builds in a child process into releases/<id>.partial, saves
// it as releases/<id> with its record, switches, pushes where PUBLISH_PUSH says (a failed push is
// reported, the publish stands); a failed validation or a killed build leaves the live release;
// kill -9 of the whole publish leaves the previous release serving after restart and the next
// publish cleans up; one publish at a time; the newest five releases are kept; roll back returns
// to any kept one.
import { spawn } from 'node:child_process';
import { access, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readCurrent, releaseIds } from '../../server/releases/store.ts';
import { PublishBusy } from '../../scripts/publish/lock.ts';
import { listReleases, publish, rollback, UnknownRelease } from '../../scripts/publish/publish.ts';
import type { PublishStep } from '../../scripts/publish/steps.ts';
import { testConfig } from '../fixtures/dist-fixture.ts';
import { git, publishCheckout, publishRunner } from '../fixtures/publish-checkout.ts';
import { writeRelease } from '../fixtures/release-fixture.ts';

const BUILD_MS = 300_000;
let work: string;
let root: string;
let dataDir: string;
let releasesDir: string;
const home = () => path.join(root, 'site', 'pages', 'home.yaml');

beforeAll(async () => {
  ({ work, root, dataDir } = await publishCheckout());
  releasesDir = path.join(dataDir, 'releases');
});
afterAll(() => rm(work, { recursive: true, force: true }));

/**
 * The words of the home page as a freshly started server answers it (DIST_DIR holds no build),
 * without its tags: a headline's highlighted words are an element of their own.
 */
async function livePage(): Promise<string> {
  const app = await buildApp({ config: testConfig(path.join(work, 'no-dist'), { dataDir }) });
  try {
    return (await app.inject({ url: '/' })).body.replace(/<[^>]*>/g, '');
  } finally {
    await app.close();
  }
}

const partials = async () => (await readdir(releasesDir)).filter((name) => name.endsWith('.partial'));
/** The build child processes of this test's publishes still running (their command line names this checkout's releases). */
async function buildProcesses(): Promise<string[]> {
  const found: string[] = [];
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.includes('build-release.ts') && command.includes(releasesDir)) found.push(pid);
  }
  return found;
}

/** Resolves once a build is writing its folder (its assets are there). */
const buildUnderWay = () =>
  vi.waitFor(
    async () => {
      const building = (await partials()).find((name) => !name.endsWith('.source.partial'));
      expect(building && (await exists(path.join(releasesDir, building, 'assets')))).toBe(true);
    },
    { timeout: 120_000, interval: 50 },
  );
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

let first: string;
let second: string;

describe('a publish', () => {
  it(
    'validates and builds in a child process, saves releases/<id> with its record, switches, and pushes where PUBLISH_PUSH says',
    async () => {
      const remote = path.join(work, 'remote.git');
      git(work, 'init', '-q', '--bare', remote);
      git(root, 'remote', 'add', 'origin', remote);
      const steps: PublishStep[] = [];
      const result = await publish({
        root,
        dataDir,
        by: 'publisher@example.com',
        push: { remote: 'origin', branch: 'main' },
        onStep: (step) => steps.push(step),
      });
      expect(result).toMatchObject({ ok: true, push: { ok: true, to: 'origin main' } });
      if (!result.ok) return;
      first = result.id;
      expect(steps.map((step) => step.step)).toEqual([
        'preparing',
        'validating',
        'building',
        'built',
        'saving',
        'switching',
        'pushing',
      ]);
      expect(await readCurrent(releasesDir)).toBe(first);
      const record = JSON.parse(await readFile(path.join(releasesDir, first, '_release.json'), 'utf8'));
      expect(record).toEqual({
        id: first,
        commit: git(root, 'rev-parse', 'HEAD'),
        at: expect.any(String),
        by: 'publisher@example.com',
        // The fixture's one timed article: the release records when it would leave the site.
        articleTimes: [{ at: '2999-12-31T23:59:00+05:30', change: 'expires', title: 'Third Fixture Note' }],
      });
      expect(await partials()).toEqual([]);
      expect(git(remote, 'rev-parse', 'main')).toBe(git(root, 'rev-parse', 'HEAD'));
      expect(await livePage()).toContain('Every Field. One Page.');
    },
    BUILD_MS,
  );

  it(
    "refused by validation, leaves the live release and returns the compiler's messages",
    async () => {
      const original = await readFile(home(), 'utf8');
      // What is published is the commit: an error only in the working tree would not count.
      await writeFile(home(), original.replace('title: Start', 'title: 42\nnotAField: true'));
      git(root, 'commit', '-q', '-am', 'Home page: a mistake');
      try {
        const result = await publish({ root, dataDir, by: 'publisher@example.com' });
        expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/errors, so nothing was published/) });
        if (result.ok) return;
        expect(result.messages.length).toBeGreaterThan(0);
        for (const message of result.messages) expect(message).toMatch(/^site\/pages\/home\.yaml:\d+:\d+ /);
        expect(await readCurrent(releasesDir)).toBe(first);
        expect(await partials()).toEqual([]);
      } finally {
        git(root, 'reset', '-q', '--hard', 'HEAD~1');
      }
    },
    BUILD_MS,
  );

  it(
    'with a push that fails, reports the failure and the publish stands',
    async () => {
      await writeFile(
        home(),
        (await readFile(home(), 'utf8')).replace(/subtitle: A hero with .*/, 'subtitle: A second subtitle.'),
      );
      git(root, 'commit', '-q', '-am', 'Home page: hero subtitle');
      const result = await publish({
        root,
        dataDir,
        by: 'publisher@example.com',
        push: { remote: 'nowhere', branch: 'main' },
      });
      expect(result).toMatchObject({
        ok: true,
        push: { ok: false, to: 'nowhere main', message: expect.stringMatching(/nowhere/) },
      });
      if (!result.ok) return;
      second = result.id;
      expect(await readCurrent(releasesDir)).toBe(second);
      expect(await livePage()).toContain('A second subtitle.');
    },
    BUILD_MS,
  );
});

describe('roll back', () => {
  it('makes a kept release live again; an unknown id is refused', async () => {
    const kept = await listReleases({ dataDir });
    expect(kept.map(({ id, live }) => [id, live])).toEqual([
      [second, true],
      [first, false],
    ]);
    await rollback({ dataDir, id: first });
    expect(await readCurrent(releasesDir)).toBe(first);
    expect(await livePage()).toContain('Every Field. One Page.');
    for (const id of ['20991231-235959-0000', '../checkout', 'current'])
      await expect(rollback({ dataDir, id })).rejects.toThrow(UnknownRelease);
    expect(await readCurrent(releasesDir)).toBe(first);
  });
});

describe('a publish interrupted', () => {
  it(
    'runs one at a time; a build killed with kill -9 leaves the live release and its folder is removed',
    async () => {
      let child = 0;
      const running = publish({ root, dataDir, by: 'a@example.com', onChild: (pid) => (child = pid) });
      await vi.waitFor(() => expect(child).toBeGreaterThan(0), { timeout: 30_000 });
      await expect(publish({ root, dataDir, by: 'b@example.com' })).rejects.toThrow(PublishBusy);
      await expect(rollback({ dataDir, id: second })).rejects.toThrow(PublishBusy);
      // Killed once the build has started writing its folder.
      await buildUnderWay();
      process.kill(child, 'SIGKILL');
      const result = await running;
      expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/SIGKILL/) });
      expect(await readCurrent(releasesDir)).toBe(first);
      expect(await partials()).toEqual([]);
    },
    BUILD_MS,
  );

  it(
    'kill -9 of the publishing process leaves the previous release serving after restart and its build stops by itself; the next publish cleans up and keeps the newest five',
    async () => {
      const runner = spawn(process.execPath, [publishRunner, root, dataDir], { stdio: 'ignore' });
      await buildUnderWay();
      const builds = await buildProcesses();
      expect(builds).toHaveLength(1);
      // The publishing process alone: its build, left without it, stops by itself.
      process.kill(runner.pid!, 'SIGKILL');
      await new Promise((resolve) => runner.once('exit', resolve));
      await vi.waitFor(async () => expect(await buildProcesses()).toEqual([]), { timeout: 30_000, interval: 100 });
      // It stopped rather than finished: the manifest, written last, is not there.
      const building = (await partials()).find((name) => !name.endsWith('.source.partial'))!;
      expect(await exists(path.join(releasesDir, building, '_site.json'))).toBe(false);
      // The build's folder and the commit's site/ it was built from.
      expect(await partials()).toHaveLength(2);
      expect(await exists(path.join(releasesDir, '.publish.lock'))).toBe(true);
      expect(await readCurrent(releasesDir)).toBe(first);
      expect(await livePage()).toContain('Every Field. One Page.');

      // Older releases than any kept: the next publish keeps the newest five.
      const old = Array.from({ length: 4 }, (_, i) => `2020010${i + 1}-000000-000${i}`);
      for (const id of old) await writeRelease(releasesDir, id, { label: `Old${id}` });
      const result = await publish({ root, dataDir, by: 'publisher@example.com' });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(await partials()).toEqual([]);
      expect(await readCurrent(releasesDir)).toBe(result.id);
      expect(await releaseIds(releasesDir)).toEqual([result.id, second, first, old[3], old[2]]);
      expect(await livePage()).toContain('A second subtitle.');
    },
    BUILD_MS,
  );
});
