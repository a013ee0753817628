// Which commit a publish builds and what it records, on real git in a temporary repository of the
// fixture site: a commit named by its hash (anything else refused in words), the saves made after
// it, the commit a build of the checkout holds (none for edits not committed, or outside git), and
// the build served before the first publish kept as a release with the commit its build recorded.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanSiteCommit, resolveCommit, savesSince, UnknownCommit } from '../../scripts/publish/git.ts';
import { keepReleaseZero } from '../../scripts/publish/release-zero.ts';
import {
  buildRecordFile,
  newReleaseId,
  readCurrent,
  readReleaseInfo,
  releaseIds,
} from '../../server/releases/store.ts';
import { gitCommits } from '../fixtures/git-commits.ts';
import { writeRelease } from '../fixtures/release-fixture.ts';
import { fixtureSite } from '../fixtures/studio.ts';

let top: string;
let base: string;
const { git, commit } = gitCommits(() => top);

beforeEach(async () => {
  top = await mkdtemp(path.join(tmpdir(), 'publish-commit-'));
  await cp(fixtureSite, path.join(top, 'site'), { recursive: true });
  git('init', '-q');
  git('add', '.');
  base = commit('owner', 'The site');
});
afterEach(() => rm(top, { recursive: true, force: true }));

const save = async (file: string, message: string) => {
  await writeFile(path.join(top, file), `${message}\n`);
  git('add', file);
  return commit('ann', message);
};

describe('the commit a publish names', () => {
  it('is a hash of a commit of this repository, whole or its start', async () => {
    expect(await resolveCommit(top, base)).toBe(base);
    expect(await resolveCommit(top, base.slice(0, 7).toUpperCase())).toBe(base);
  });

  it.each([
    ['HEAD', 'is not a commit: give its hash.'],
    ['HEAD~1', 'is not a commit: give its hash.'],
    ['--upload-pack=x', 'is not a commit: give its hash.'],
    ['main', 'is not a commit: give its hash.'],
    ['abc', 'is not a commit: give its hash.'],
    ['f'.repeat(40), `is not a commit of the repository in`],
  ])('refuses %j in words', async (named, words) => {
    const refusal = resolveCommit(top, named);
    await expect(refusal).rejects.toBeInstanceOf(UnknownCommit);
    await expect(refusal).rejects.toThrow(words);
  });

  it('counts the saves under site/ made after it, and none made outside site/', async () => {
    expect(await savesSince(top, base)).toBe(0);
    await save('notes.txt', 'Not the site');
    expect(await savesSince(top, base)).toBe(0);
    const first = await save('site/extra.txt', 'A save');
    await save('site/extra.txt', 'Another save');
    expect(await savesSince(top, base)).toBe(2);
    expect(await savesSince(top, first)).toBe(1);
    // A commit no longer in the branch's history (reset away) is as outdated as one with saves after it.
    const gone = await save('site/extra.txt', 'Reset away');
    git('reset', '-q', '--hard', 'HEAD~1');
    expect(await savesSince(top, gone)).toBeUndefined();
  });
});

describe('the commit a build of the checkout records', () => {
  it('is HEAD while site/ holds exactly it, and none with an edit, a new file, or outside git', async () => {
    expect(await cleanSiteCommit(top)).toBe(base);
    await writeFile(path.join(top, 'notes.txt'), 'beside the site\n');
    expect(await cleanSiteCommit(top)).toBe(base);
    await writeFile(path.join(top, 'site', 'pages', 'home.yaml'), '# edited\n', { flag: 'a' });
    expect(await cleanSiteCommit(top)).toBe('');
    git('checkout', '--', 'site');
    await writeFile(path.join(top, 'site', 'new.txt'), 'not committed\n');
    expect(await cleanSiteCommit(top)).toBe('');
    const outside = await mkdtemp(path.join(tmpdir(), 'publish-commit-outside-'));
    await mkdir(path.join(outside, 'site'));
    expect(await cleanSiteCommit(outside)).toBe('');
    await rm(outside, { recursive: true, force: true });
  });
});

describe('release zero', () => {
  it('keeps the served build as a live release with the commit it recorded, once', async () => {
    const distDir = path.join(top, 'served');
    const releasesDir = path.join(top, 'releases');
    await writeRelease(top, 'served', { label: 'As set up' });
    await writeFile(path.join(distDir, buildRecordFile), JSON.stringify({ commit: base, at: '2026-11-01T09:00:00Z' }));
    const id = await keepReleaseZero(distDir, releasesDir);
    expect(id).toMatch(/^20261101-090000-[0-9a-f]{4}$/);
    expect(await readCurrent(releasesDir)).toBe(id);
    expect(await readReleaseInfo(releasesDir, id!)).toEqual({ id, commit: base, at: '2026-11-01T09:00:00Z', by: '' });
    expect(await readFile(path.join(releasesDir, id!, 'index.html'), 'utf8')).toContain('As set up');
    // With a release live, the served build is a release already: nothing more is kept.
    expect(await keepReleaseZero(distDir, releasesDir)).toBeUndefined();
    expect(await releaseIds(releasesDir)).toEqual([id]);
  });

  it('keeps a build that recorded no commit without one, and nothing where there is no build', async () => {
    const distDir = path.join(top, 'served');
    const releasesDir = path.join(top, 'releases');
    expect(await keepReleaseZero(distDir, releasesDir)).toBeUndefined();
    expect(await releaseIds(releasesDir)).toEqual([]);
    await writeRelease(top, 'served', { label: 'As set up' });
    await writeFile(path.join(distDir, buildRecordFile), JSON.stringify({ commit: 'HEAD; rm -rf /', at: 'whenever' }));
    const id = await keepReleaseZero(distDir, releasesDir);
    expect(await readReleaseInfo(releasesDir, id!)).toMatchObject({ commit: '', by: '' });
    // Named before the release being published, which is named now.
    expect(id! < newReleaseId()).toBe(true);
  });
});
