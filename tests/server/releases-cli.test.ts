// `npm run releases`: the operator lists the kept releases and makes one live again from the command
// line (audited as the owner), is told what is wrong with an unknown id, and a server whose `current`
// names a release that cannot be served refuses to start, saying how to roll back. `publish --commit C`
// builds and pushes C, not the newer commit checked out; a C that is no commit here is refused.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readCurrent, readReleaseInfo, releaseDir, writeCurrent } from '../../server/releases/store.ts';
import { testConfig } from '../fixtures/dist-fixture.ts';
import { projectRoot } from '../fixtures/fixture-site.ts';
import { git, publishCheckout } from '../fixtures/publish-checkout.ts';
import { writeRelease } from '../fixtures/release-fixture.ts';

const older = '20261101-090000-aaaa';
const newer = '20261102-090000-bbbb';
let dataDir: string;
const releasesDir = () => path.join(dataDir, 'releases');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'releases-cli-'));
  await writeRelease(releasesDir(), older, { label: 'Older' });
  await writeRelease(releasesDir(), newer, { label: 'Newer' });
  await writeCurrent(releasesDir(), newer);
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const releases = (...args: string[]) =>
  promisify(execFile)(process.execPath, [path.join(projectRoot, 'scripts', 'releases.ts'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, RELEASES_DIR: '' },
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);

it('lists the kept releases, newest first, the live one marked', async () => {
  const { stdout } = await releases('list');
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(new RegExp(`^\\* live  ${newer}  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d  test  `));
  expect(lines[1]).toMatch(new RegExp(`^ {6}  ${older}  `));
});

it('rolls back to a kept release, in the audit log as the owner; an unknown id is refused and changes nothing', async () => {
  const done = await releases('rollback', older);
  expect(done.stdout).toContain(`Release ${older} is live again`);
  expect(await readCurrent(releasesDir())).toBe(older);
  const audit = (await readFile(path.join(dataDir, 'audit.log'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(audit.at(-1)).toMatchObject({ who: 'owner', action: 'rollback', detail: `release ${older}` });

  for (const id of ['20991231-000000-0000', '../..', 'current']) {
    const refused = await releases('rollback', id);
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/There is no kept release .*npm run releases -- list/),
    });
  }
  expect(await readCurrent(releasesDir())).toBe(older);
  expect(await releases('rollback')).toMatchObject({ code: 1, stderr: expect.stringMatching(/Say which release/) });
});

it('publish from the command line says what is wrong with the site and changes nothing', async () => {
  const { work, root, dataDir: checkoutData } = await publishCheckout();
  const home = path.join(root, 'site', 'pages', 'home.yaml');
  await writeFile(home, (await readFile(home, 'utf8')).replace('title: Start', 'title: 42\nnotAField: true'));
  git(root, 'commit', '-q', '-am', 'Home page: a mistake');
  const failed = await promisify(execFile)(
    process.execPath,
    [path.join(projectRoot, 'scripts', 'releases.ts'), 'publish'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: checkoutData, RELEASES_DIR: '', PUBLISH_PUSH: '' },
    },
  ).catch((error: { code: number; stdout: string; stderr: string }) => error);
  expect(failed).toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/nothing was published[^]*site\/pages\/home\.yaml:\d+:\d+ /),
  });
  expect(await readCurrent(path.join(checkoutData, 'releases'))).toBeUndefined();
  const audit = JSON.parse((await readFile(path.join(checkoutData, 'audit.log'), 'utf8')).trim());
  expect(audit).toMatchObject({ who: 'owner', action: 'publish-failed' });
  await rm(work, { recursive: true, force: true });
}, 120_000);

it('publish --commit C builds C and pushes C, not the newer commit checked out; no other C is taken', async () => {
  const { work, root, dataDir: checkoutData } = await publishCheckout();
  const remote = path.join(work, 'remote.git');
  git(work, 'init', '-q', '--bare', remote);
  git(root, 'remote', 'add', 'origin', remote);
  const home = path.join(root, 'site', 'pages', 'home.yaml');
  const headline = async (words: string, message: string) => {
    await writeFile(
      home,
      (await readFile(home, 'utf8')).replace(/title: .* One Page\.$/m, `title: ${words} One Page.`),
    );
    git(root, 'commit', '-q', '-am', message);
    return git(root, 'rev-parse', 'HEAD');
  };
  const reviewed = await headline('The reviewed headline', 'Home: reviewed');
  await headline('Saved after the review', 'Home: saved later');
  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, [path.join(projectRoot, 'scripts', 'releases.ts'), 'publish', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: checkoutData, RELEASES_DIR: '', PUBLISH_PUSH: 'origin main' },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
  const releasesDir = path.join(checkoutData, 'releases');

  for (const [commit, words] of [
    ['HEAD~1', /"HEAD~1" is not a commit: give its hash\./],
    ['--all', /"--all" is not a commit: give its hash\./],
    ['f'.repeat(40), /"f{40}" is not a commit of the repository in .*nothing was published/],
  ] as const)
    expect(await cli(`--commit=${commit}`)).toMatchObject({ code: 1, stderr: expect.stringMatching(words) });
  expect(await readCurrent(releasesDir)).toBeUndefined();

  const done = await cli('--commit', reviewed.slice(0, 12));
  expect(done).toMatchObject({ stdout: expect.stringContaining('Pushed to origin main.') });
  const id = (await readCurrent(releasesDir))!;
  expect(await readReleaseInfo(releasesDir, id)).toMatchObject({ commit: reviewed, by: 'owner' });
  const page = await readFile(path.join(releaseDir(releasesDir, id), 'index.html'), 'utf8');
  expect(page).toContain('The reviewed headline');
  expect(page).not.toContain('Saved after the review');
  expect(git(remote, 'rev-parse', 'main')).toBe(reviewed);
  await rm(work, { recursive: true, force: true });
}, 240_000);

it('a server whose current release cannot be served refuses to start and says how to roll back', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'releases-gone-'));
  const gone = '20261103-090000-cccc';
  await writeRelease(path.join(dir, 'releases'), gone, { label: 'Gone' });
  await writeCurrent(path.join(dir, 'releases'), gone);
  await rm(path.join(dir, 'releases', gone), { recursive: true });
  await expect(buildApp({ config: testConfig(path.join(dir, 'no-dist'), { dataDir: dir }) })).rejects.toThrow(
    new RegExp(`current names release ${gone}, which cannot be served: .*npm run releases -- rollback ID`),
  );
  await rm(dir, { recursive: true, force: true });
});

it('schedule refuses a time it cannot use, in words, and builds nothing; cancel refuses an unknown id', async () => {
  for (const [at, words] of [
    [
      'tomorrow',
      /^Give the date and time it goes live, like \d{4}-\d\d-\d\dT\d\d:\d\d for tomorrow at this time \(India time\)\.$/,
    ],
    [
      '2020-01-01T09:00',
      /^Wednesday 1 January 2020, 09:00 \(India, UTC\+05:30\) has already passed\. Choose a time to come/,
    ],
    ['2027-02-30T09:00', /^2027-02-30 09:00 does not exist in India time/],
  ] as const) {
    const refused = await releases('schedule', '--at', at);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr.trim()).toMatch(words);
  }
  const none = await releases('scheduled');
  expect(none.stdout.trim()).toBe('No release is scheduled.');
  const unknown = await releases('cancel', '20991231-000000-0000');
  expect(unknown).toMatchObject({
    code: 1,
    stderr: expect.stringContaining(
      'There is no such scheduled release waiting to go live. `npm run releases -- scheduled` lists them.',
    ),
  });
});
