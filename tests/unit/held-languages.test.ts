// A release holding languages back (scripts/publish/held-languages.ts), on a small git repository:
// each held-back language's translation files as live (added ones left out, changed ones restored,
// deleted ones put back), everything else as saved, the same commit for the same choice, and the
// saved commit itself when nothing differs.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { composedOf, composeRelease, languagesChanged } from '../../scripts/publish/held-languages.ts';

let root: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-C', root, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    encoding: 'utf8',
  }).trimEnd();
const write = async (file: string, text: string) => {
  await mkdir(path.dirname(path.join(root, 'site', file)), { recursive: true });
  await writeFile(path.join(root, 'site', file), text);
};
/** The files of site/ in `commit`, each with its text. */
const filesAt = (commit: string) =>
  Object.fromEntries(
    git('ls-tree', '-r', '--name-only', commit, '--', 'site')
      .split('\n')
      .map((file) => [file.slice('site/'.length), git('show', `${commit}:${file}`)]),
  );

let live: string;
let saved: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'held-languages-'));
  git('init', '-q');
  await write('site.yaml', 'languages:\n  - code: en\n    name: English\n  - code: de\n    name: Deutsch\n');
  await write('pages/a.yaml', 'title: A\n');
  await write('pages/a.ur.yaml', 'ur a live\n');
  await write('pages/b.ur.yaml', 'ur b live\n');
  await write('pages/a.de.yaml', 'de a live\n');
  git('add', '.');
  git('commit', '-q', '-m', 'live');
  live = git('rev-parse', 'HEAD');
  await write('pages/a.yaml', 'title: A saved\n');
  await write('pages/a.ur.yaml', 'ur a saved\n');
  await rm(path.join(root, 'site', 'pages', 'b.ur.yaml'));
  await write('forms/c.ur.yaml', 'ur c added\n');
  await write('pages/a.de.yaml', 'de a saved\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'saved');
  saved = git('rev-parse', 'HEAD');
});
afterAll(() => rm(root, { recursive: true, force: true }));

it('lists the languages whose translations changed', async () => {
  expect(await languagesChanged(root, live, saved)).toEqual(['de', 'ur']);
});

it('holds a language back as live: added left out, changed restored, deleted put back', async () => {
  const release = await composeRelease(root, { saved, live, holdBack: ['ur'] });
  expect(filesAt(release)).toEqual({
    'site.yaml': filesAt(saved)['site.yaml'],
    'pages/a.yaml': 'title: A saved',
    'pages/a.de.yaml': 'de a saved',
    'pages/a.ur.yaml': 'ur a live',
    'pages/b.ur.yaml': 'ur b live',
  });
  expect(git('rev-parse', `${release}^`)).toBe(live);
  expect(await composeRelease(root, { saved, live, holdBack: ['ur'] })).toBe(release);
  expect(await composedOf(root, release)).toEqual({ saved, holdBack: ['ur'] });
  expect(git('rev-parse', `refs/studio/releases/${release}`)).toBe(release);
});

it('is the saved commit when nothing held back differs from the live site', async () => {
  expect(await composeRelease(root, { saved, live, holdBack: [] })).toBe(saved);
  expect(await composeRelease(root, { saved, live, holdBack: ['fr'] })).toBe(saved);
  expect(await composedOf(root, saved)).toBeUndefined();
});
