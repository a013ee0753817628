// What is saved but not live (scripts/studio/unpublished.ts), on real git in a temporary repository
// of the fixture site (never the project's): the commits after a given one that touch site/, newest
// first, each with its author, time, message and, per file, the entry's name and git's diff; a
// commit outside site/, a merge, and a site/ folder inside a larger repository; refusals.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countUnpublished, unpublishedChanges } from '../../scripts/studio/unpublished.ts';
import { gitCommits } from '../fixtures/git-commits.ts';
import { fixtureSite } from '../fixtures/studio.ts';

let top: string;
let root: string;

const { git, commit } = gitCommits(() => top);
const sitePath = (file: string) => path.join(root, 'site', file);

/** A repository whose site/ sits at `under` ("" for its top). */
async function repository(under: string) {
  top = await mkdtemp(path.join(tmpdir(), 'studio-unpublished-'));
  root = path.join(top, under);
  await mkdir(root, { recursive: true });
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
  git('init', '-q');
  git('add', '.');
  return commit('owner', 'fixture');
}

afterEach(() => rm(top, { recursive: true, force: true }));

describe('unpublished changes', () => {
  let base: string;
  beforeEach(async () => {
    base = await repository('');
  });

  it('lists each commit since the given one, newest first, with who, when, what and the lines; one touching the code as code', async () => {
    const home = await readFile(sitePath('pages/home.yaml'), 'utf8');
    await writeFile(sitePath('pages/home.yaml'), home.replace('title: Start', 'title: Begin'));
    git('add', 'site/pages/home.yaml');
    const first = commit('ann', 'Begin: Title', '2026-03-04T05:06:07Z');
    // A commit outside site/ is a change of the site's code, listed as such, never as content.
    await writeFile(path.join(top, 'notes.txt'), 'not content\n');
    git('add', 'notes.txt');
    const code = commit('dev', 'Notes');
    await writeFile(sitePath('images/new one.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
    await unlink(sitePath('pages/summary.yaml'));
    git('add', '-A', 'site');
    const second = commit('bob', 'New image and a page removed\n\nWith a body.', '2026-03-05T10:00:00Z');

    const changes = await unpublishedChanges(root, base);
    expect(changes.map((c) => c.commit)).toEqual([second, code, first]);
    const [removal, developers, edit] = changes;
    expect(developers).toMatchObject({ code: true, files: [] });
    expect(edit.code).toBeUndefined();
    expect(removal.code).toBeUndefined();
    expect(edit).toMatchObject({
      author: { name: 'ann', email: 'ann@example.com' },
      at: '2026-03-04T05:06:07.000Z',
      message: 'Begin: Title',
      files: [{ file: 'pages/home.yaml', title: 'Begin' }],
    });
    expect(edit.files[0].diff).toMatch(/^diff --git a\/site\/pages\/home.yaml b\/site\/pages\/home.yaml\n/);
    expect(edit.files[0].diff).toContain('\n-title: Start\n+title: Begin\n');
    expect(removal.message).toBe('New image and a page removed\n\nWith a body.');
    expect(removal.at).toBe('2026-03-05T10:00:00.000Z');
    // Each file with its own diff; a removed page by the title it had.
    const summaryTitle = /^title: (.*)$/m.exec(git('show', `${base}:site/pages/summary.yaml`))![1];
    expect(removal.files.map(({ file, title }) => ({ file, title }))).toEqual([
      { file: 'images/new one.png', title: 'new one.png' },
      { file: 'pages/summary.yaml', title: summaryTitle },
    ]);
    expect(removal.files[0].diff).toContain('Binary files /dev/null and b/site/images/new one.png differ');
    expect(removal.files[1].diff).toContain('deleted file mode');
    expect(removal.files[1].diff).not.toContain('new one.png');

    expect(await unpublishedChanges(root, second)).toEqual([]);
    expect((await unpublishedChanges(root, first)).map((c) => c.commit)).toEqual([second, code]);
    // From the start (no release yet): every commit, the first included.
    expect((await unpublishedChanges(root)).map((c) => c.commit)).toEqual([second, code, first, base]);
  });

  it('leaves merges out but lists the commits they bring', async () => {
    const main = git('branch', '--show-current');
    git('checkout', '-q', '-b', 'side');
    await writeFile(sitePath('redirects.yaml'), `${await readFile(sitePath('redirects.yaml'), 'utf8')}# side\n`);
    git('add', 'site');
    const side = commit('ann', 'Side');
    git('checkout', '-q', main);
    await writeFile(sitePath('site.yaml'), `${await readFile(sitePath('site.yaml'), 'utf8')}# main\n`);
    git('add', 'site');
    const onMain = commit('bob', 'Main');
    execFileSync('git', ['-C', top, '-c', 'user.name=M', '-c', 'user.email=m@x', 'merge', '-q', '--no-edit', 'side']);
    const listed = await unpublishedChanges(root, base);
    expect(listed.map((c) => c.commit).sort()).toEqual([side, onMain].sort());
    expect(listed.find((c) => c.commit === onMain)!.files).toMatchObject([
      { file: 'site.yaml', title: 'Site settings' },
    ]);
  });

  it('lists only the newest asked for, up to a given commit, and counts them all in one go', async () => {
    const saves: string[] = [];
    for (let i = 1; i <= 5; i++) {
      await writeFile(sitePath('site.yaml'), `${await readFile(sitePath('site.yaml'), 'utf8')}# ${i}\n`);
      git('add', 'site');
      saves.push(commit('ann', `Save ${i}`));
    }
    const upTo = saves[3];
    expect((await unpublishedChanges(root, base, { newest: 2, upTo })).map((c) => c.message)).toEqual([
      'Save 4',
      'Save 3',
    ]);
    expect(await countUnpublished(root, base, { upTo })).toBe(4);
    expect(await countUnpublished(root, base)).toBe(5);
    expect(await countUnpublished(root)).toBe(6);
    expect(await unpublishedChanges(root, base, { newest: 0 })).toEqual([]);
  });

  it('refuses what is not a commit of the repository', async () => {
    for (const bad of ['HEAD~1', '--all', 'f'.repeat(40), 'main; rm -rf /', '']) {
      await expect(unpublishedChanges(root, bad)).rejects.toThrow(`is not a commit of the repository in ${root}`);
      await expect(unpublishedChanges(root, base, { upTo: bad })).rejects.toThrow(`is not a commit of the repository`);
      await expect(countUnpublished(root, bad)).rejects.toThrow(`is not a commit of the repository in ${root}`);
    }
  });
});

describe('a site inside a larger repository', () => {
  it('names files under site/ and leaves out what lies beside it', async () => {
    const base = await repository('web');
    await writeFile(path.join(top, 'README.md'), 'outside\n');
    await writeFile(sitePath('pages/home.yaml'), `${await readFile(sitePath('pages/home.yaml'), 'utf8')}# more\n`);
    git('add', '.');
    const both = commit('ann', 'Both');
    expect(await unpublishedChanges(root, base)).toMatchObject([
      { commit: both, files: [{ file: 'pages/home.yaml', title: 'Start' }] },
    ]);
  });
});
