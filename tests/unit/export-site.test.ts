// A release is built from site/ as committed (scripts/publish/git.ts exportSite, git archive piped
// into tar): exactly that commit's files, whatever the working tree holds since; git's own words
// when the commit has no site/; and the same answer however the two processes' exits interleave.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportSite } from '../../scripts/publish/git.ts';

let root: string;
let commit: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-C', root, '-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
    encoding: 'utf8',
  }).trim();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'export-site-'));
  await mkdir(path.join(root, 'site', 'pages'), { recursive: true });
  await writeFile(path.join(root, 'site', 'pages', 'home.yaml'), 'path: /\n');
  await writeFile(path.join(root, 'site', 'site.yaml'), 'name: Committed\n');
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'site');
  commit = git('rev-parse', 'HEAD');
  // Edited and added after the commit: not in the release.
  await writeFile(path.join(root, 'site', 'site.yaml'), 'name: Not committed\n');
  await writeFile(path.join(root, 'site', 'pages', 'draft.yaml'), 'path: /draft\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

it("writes exactly the commit's site/, again and again", async () => {
  for (let run = 0; run < 20; run++) {
    const dest = path.join(root, 'exports', String(run));
    await exportSite(root, commit, dest);
    expect((await readdir(path.join(dest, 'site'), { recursive: true })).sort()).toEqual([
      'pages',
      'pages/home.yaml',
      'site.yaml',
    ]);
    expect(await readFile(path.join(dest, 'site', 'site.yaml'), 'utf8')).toBe('name: Committed\n');
  }
});

it("says git's own words when the commit has no site/", async () => {
  git('rm', '-q', '-r', '--cached', 'site');
  git('commit', '-q', '-m', 'no site');
  const empty = git('rev-parse', 'HEAD');
  await expect(exportSite(root, empty, path.join(root, 'exports', 'empty'))).rejects.toThrow(
    new RegExp(`^site/ of ${empty} could not be read: \\S.*`),
  );
});
