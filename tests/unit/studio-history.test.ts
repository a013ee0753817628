// An entry's history and restoring from it (scripts/studio/history.ts, history-restore.ts), on real
// git in a temporary repository of the fixture site (never the project's): versions newest first with
// who, when, the message and the change as data, a page at a time, across a rename; an earlier
// version restored byte for byte (uncommitted on the laptop, one commit by the editor on the server);
// deleted pages brought back; and each refusal.
import { cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SaveCommits, type Recorder } from '../../scripts/studio/commit-save.ts';
import { versionOf } from '../../scripts/studio/files.ts';
import { deletedEntries, entryHistory, PAGE } from '../../scripts/studio/history.ts';
import { bringBack, restoreVersion } from '../../scripts/studio/history-restore.ts';
import type { HistoryAnswer } from '../../shared/history.ts';
import { gitCommits } from '../fixtures/git-commits.ts';
import { studioApiApp } from '../fixtures/studio-api.ts';
import { fixtureSite } from '../fixtures/studio.ts';

let root: string;
const laptop: Recorder = (change) => change.write();

const { git, commit } = gitCommits(() => root);
const sitePath = (file: string) => path.join(root, 'site', file);
async function edit(file: string, from: string, to: string) {
  const text = await readFile(sitePath(file), 'utf8');
  expect(text).toContain(from);
  await writeFile(sitePath(file), text.replace(from, to));
  git('add', '--', `site/${file}`);
}
const versions = (answer: HistoryAnswer) => (answer.git ? answer.versions : []);
const current = async (file: string) => versionOf(await readFile(sitePath(file), 'utf8'));

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'studio-history-'));
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
  git('init', '-q');
  git('add', '.');
  commit('owner', 'fixture', '2026-03-01T09:00:00Z');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the history of an entry', () => {
  it('lists its versions newest first with who, when, the message and the change as data, a page at a time', async () => {
    await edit('pages/home.yaml', 'title: Start', 'title: Begin');
    const first = commit('ann', 'Begin: Title', '2026-03-04T05:06:07Z');
    await edit('pages/offer.yaml', 'title: Offer', 'title: Offers');
    commit('dev', 'Offers', '2026-03-04T06:00:00Z');
    await edit('pages/home.yaml', 'title: Begin', 'title: Welcome');
    const second = commit('bob', 'Welcome: Title\n\nWith a body.', '2026-03-05T10:00:00Z');

    const answer = await entryHistory(root, 'pages/home.yaml');
    if (!answer.git) throw new Error(answer.message);
    expect(answer.versions.map((v) => v.commit)).toEqual([second, first, git('rev-list', '--max-parents=0', 'HEAD')]);
    const [newest, older, oldest] = answer.versions;
    expect(newest).toMatchObject({
      author: { name: 'bob', email: 'bob@example.com' },
      at: '2026-03-05T10:00:00.000Z',
      message: 'Welcome: Title\n\nWith a body.',
      file: 'pages/home.yaml',
      current: true,
    });
    expect(newest.change).toMatchObject({ status: 'modified', title: 'Welcome' });
    expect(newest.change.changes).toEqual([{ kind: 'set', path: ['title'], before: 'Begin', after: 'Welcome' }]);
    expect(older).toMatchObject({ author: { name: 'ann' }, current: false });
    expect(oldest.change.status).toBe('added');
    expect(answer.version).toBe(await current('pages/home.yaml'));
    expect(answer.next).toBeUndefined();

    // A long history comes a page at a time, from the commit the first page started at.
    for (let i = 0; i < PAGE; i++) {
      await edit('pages/home.yaml', i ? `title: Welcome ${i - 1}` : 'title: Welcome', `title: Welcome ${i}`);
      commit('bob', `Welcome ${i}`, `2026-03-06T10:0${i}:00Z`);
    }
    const top = await entryHistory(root, 'pages/home.yaml');
    if (!top.git) throw new Error(top.message);
    expect(top.versions).toHaveLength(PAGE);
    expect(top.next).toBe(PAGE);
    await edit('pages/home.yaml', `title: Welcome ${PAGE - 1}`, 'title: Later');
    commit('ann', 'Later', '2026-03-07T10:00:00Z');
    const rest = await entryHistory(root, 'pages/home.yaml', { head: top.head, skip: top.next });
    expect(versions(rest).map((v) => v.commit)).toEqual([second, first, oldest.commit]);
    expect(rest.git && rest.next).toBeFalsy();
    await expect(entryHistory(root, 'pages/home.yaml', { head: 'f'.repeat(40) })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('follows the file across a rename, and restores a version from before it', async () => {
    await edit('pages/proof.yaml', 'title: Proof', 'title: Evidence');
    const before = commit('ann', 'Evidence', '2026-03-02T09:00:00Z');
    const evidence = await readFile(sitePath('pages/proof.yaml'));
    git('mv', 'site/pages/proof.yaml', 'site/pages/evidence.yaml');
    commit('ann', 'Renamed', '2026-03-03T09:00:00Z');
    await edit('pages/evidence.yaml', 'title: Evidence', 'title: Evidence and more');
    commit('bob', 'More', '2026-03-04T09:00:00Z');

    const listed = versions(await entryHistory(root, 'pages/evidence.yaml'));
    expect(listed.map((v) => v.file)).toEqual([
      'pages/evidence.yaml',
      'pages/evidence.yaml',
      'pages/proof.yaml',
      'pages/proof.yaml',
    ]);
    expect(listed[1].change.changes).toEqual([]);
    expect(listed[2].commit).toBe(before);

    const restored = await restoreVersion(
      root,
      {
        file: 'pages/evidence.yaml',
        commit: before,
        from: 'pages/proof.yaml',
        version: await current('pages/evidence.yaml'),
      },
      laptop,
    );
    expect(await readFile(sitePath('pages/evidence.yaml'))).toEqual(evidence);
    expect(restored.version).toBe(await current('pages/evidence.yaml'));
  });

  it('says so without a repository', async () => {
    await rm(path.join(root, '.git'), { recursive: true });
    const answer = await entryHistory(root, 'pages/home.yaml');
    expect(answer).toEqual({ git: false, message: expect.stringContaining('not a git repository') });
    expect(await deletedEntries(root)).toMatchObject({ git: false });
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(await entryHistory(root, 'pages/home.yaml')).toMatchObject({
        message: expect.stringContaining('git is not installed'),
      });
    } finally {
      process.env.PATH = saved;
    }
    await expect(
      restoreVersion(root, { file: 'pages/home.yaml', commit: 'abcdef1', version: 'x' }, laptop),
    ).rejects.toMatchObject({ status: 409, message: expect.stringContaining('not a git repository') });
  });
});

describe('restoring a version', () => {
  let original: Buffer;
  let first: string;
  beforeEach(async () => {
    original = await readFile(sitePath('pages/home.yaml'));
    first = git('rev-parse', 'HEAD');
    await edit('pages/home.yaml', 'title: Start', 'title: Begin');
    commit('ann', 'Begin: Title', '2026-03-04T05:06:07Z');
  });

  it('writes the version whole as an uncommitted change on the laptop, and as one commit by the editor on the server', async () => {
    const commits = git('rev-list', 'HEAD');
    await restoreVersion(
      root,
      { file: 'pages/home.yaml', commit: first, version: await current('pages/home.yaml') },
      laptop,
    );
    expect(await readFile(sitePath('pages/home.yaml'))).toEqual(original);
    expect(git('rev-list', 'HEAD')).toBe(commits);
    expect(git('status', '--porcelain')).toBe(' M site/pages/home.yaml');

    git('checkout', '-q', '--', 'site/pages/home.yaml');
    const saves = new SaveCommits(root);
    const editor: Recorder = (change) => saves.record({ name: 'eve', email: 'eve@example.com' }, change);
    await restoreVersion(
      root,
      { file: 'pages/home.yaml', commit: first.slice(0, 9), version: await current('pages/home.yaml') },
      editor,
    );
    expect(await readFile(sitePath('pages/home.yaml'))).toEqual(original);
    expect(git('rev-list', 'HEAD~1')).toBe(commits);
    expect(git('log', '-1', '--format=%an <%ae>%n%s%n%b')).toBe(
      `eve <eve@example.com>\nRestored Start as of 1 Mar 2026, 09:00 UTC\nThe version of commit ${first.slice(0, 7)} ("fixture"), written whole as a new change.`,
    );
    expect(git('status', '--porcelain')).toBe('');
  });

  it('refuses a bad path, an unknown commit, one not in the history, a file changed meanwhile, an invalid version', async () => {
    const version = await current('pages/home.yaml');
    const refused = (request: Parameters<typeof restoreVersion>[1]) => restoreVersion(root, request, laptop);
    await expect(refused({ file: '../package.json', commit: first, version })).rejects.toMatchObject({ status: 403 });
    await expect(
      refused({ file: 'pages/home.yaml', from: '../../x.yaml', commit: first, version }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(refused({ file: 'images/x.png', commit: first, version })).rejects.toMatchObject({ status: 404 });
    await expect(refused({ file: 'pages/home.yaml', commit: 'HEAD~1', version })).rejects.toMatchObject({
      status: 404,
    });
    await expect(refused({ file: 'pages/home.yaml', commit: 'f'.repeat(40), version })).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('no version'),
    });
    // A commit on another branch is not part of the history as it is now.
    git('checkout', '-q', '-b', 'elsewhere');
    await edit('pages/home.yaml', 'title: Begin', 'title: Aside');
    const aside = commit('ann', 'Aside', '2026-03-05T05:06:07Z');
    git('checkout', '-q', '-');
    await expect(refused({ file: 'pages/home.yaml', commit: aside, version })).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('not part of the site'),
    });
    await expect(refused({ file: 'pages/home.yaml', commit: first, version: 'stale' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('was saved again since its history was shown'),
    });
    await expect(refused({ file: 'pages/home.yaml', commit: 'HEAD', version })).rejects.toMatchObject({ status: 404 });
    await expect(refused({ file: 'pages/home.yaml', commit: git('rev-parse', 'HEAD'), version })).rejects.toMatchObject(
      { status: 409, message: expect.stringContaining('already exactly this version') },
    );

    // The white paper's old version links to /summary, a page deleted since: not valid with the site now.
    await edit('pages/white-paper.yaml', 'to: /summary', 'to: /offer');
    await unlink(sitePath('pages/summary.yaml'));
    git('add', '-A', 'site');
    commit('ann', 'Summary gone', '2026-03-06T05:06:07Z');
    const paper = await readFile(sitePath('pages/white-paper.yaml'));
    await expect(
      refused({ file: 'pages/white-paper.yaml', commit: first, version: await current('pages/white-paper.yaml') }),
    ).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/^Not restored: .*\n.*summary/) });
    expect(await readFile(sitePath('pages/white-paper.yaml'))).toEqual(paper);
  });
});

describe('deleted pages and articles', () => {
  it('lists those deleted that do not exist now, and brings one back whole, never over a file', async () => {
    const draft = await readFile(sitePath('pages/draft.yaml'));
    const note = await readFile(sitePath('blog/fourth-note.md'));
    await unlink(sitePath('pages/draft.yaml'));
    await unlink(sitePath('blog/fourth-note.md'));
    git('add', '-A', 'site');
    const deletion = commit('ann', 'Tidy up', '2026-03-04T05:06:07Z');
    // A page renamed is not deleted; a page deleted and made again is not listed either.
    git('mv', 'site/pages/proof.yaml', 'site/pages/evidence.yaml');
    await unlink(sitePath('pages/offer.yaml'));
    git('add', '-A', 'site');
    commit('bob', 'Moved and gone', '2026-03-05T05:06:07Z');
    git('checkout', '-q', 'HEAD~2', '--', 'site/pages/offer.yaml');
    commit('bob', 'Offer again', '2026-03-06T05:06:07Z');

    const answer = await deletedEntries(root);
    if (!answer.git) throw new Error(answer.message);
    expect(answer.deleted.map((d) => d.file).sort()).toEqual(['blog/fourth-note.md', 'pages/draft.yaml']);
    expect(answer.deleted.find((d) => d.file === 'pages/draft.yaml')).toEqual({
      file: 'pages/draft.yaml',
      kind: 'page',
      title: 'Draft Page',
      deletedIn: deletion,
      by: { name: 'ann', email: 'ann@example.com' },
      at: '2026-03-04T05:06:07.000Z',
      from: git('rev-parse', `${deletion}^`),
    });

    const commits = git('rev-list', 'HEAD');
    const saves = new SaveCommits(root);
    const editor: Recorder = (change) => saves.record({ name: 'eve', email: 'eve@example.com' }, change);
    const from = git('rev-parse', `${deletion}^`);
    await bringBack(root, { file: 'pages/draft.yaml', commit: from }, editor);
    expect(await readFile(sitePath('pages/draft.yaml'))).toEqual(draft);
    expect(git('rev-list', 'HEAD~1')).toBe(commits);
    expect(git('log', '-1', '--format=%s')).toMatch(/^Restored Draft Page as of /);
    await bringBack(root, { file: 'blog/fourth-note.md', commit: from }, laptop);
    expect(await readFile(sitePath('blog/fourth-note.md'))).toEqual(note);

    // Never over a file that exists; a version without the file; restoring a file that is gone.
    await expect(bringBack(root, { file: 'pages/draft.yaml', commit: from }, laptop)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('exists now'),
    });
    await expect(bringBack(root, { file: 'pages/nothing.yaml', commit: from }, laptop)).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      restoreVersion(root, { file: 'pages/proof.yaml', commit: from, version: 'x' }, laptop),
    ).rejects.toMatchObject({ status: 404, message: expect.stringContaining('does not exist now') });
    expect((await deletedEntries(root)).git && (await deletedEntries(root))).toMatchObject({ deleted: [] });
  });
});

describe('the requests', () => {
  it('check the file and the paging before reading, and on the server restore only as a signed-in editor', async () => {
    const laptop = await studioApiApp({ root });
    const get = (query: string) => laptop.ask(`GET /history?${query}`);
    expect(await get('file=../package.json')).toMatchObject({ status: 403 });
    expect(await get('file=images/logo.png')).toMatchObject({ status: 404 });
    expect(await get('file=pages/home.yaml&skip=-1')).toMatchObject({ status: 400 });
    expect(await get('file=pages/home.yaml&head=nothing')).toMatchObject({ status: 404 });
    expect(versions((await get('file=pages/home.yaml')).body as HistoryAnswer)).toHaveLength(1);
    await laptop.app.close();

    await edit('pages/home.yaml', 'title: Start', 'title: Begin');
    commit('ann', 'Begin', '2026-03-04T05:06:07Z');
    const first = git('rev-list', '--max-parents=0', 'HEAD');
    const body = { file: 'pages/home.yaml', commit: first, version: await current('pages/home.yaml') };
    const onServer = await studioApiApp({ root, commits: new SaveCommits(root) });
    const restore = (editor?: string) => onServer.ask('POST /history/restore', { body, editor });
    expect(await restore()).toMatchObject({ status: 401 });
    expect(git('status', '--porcelain')).toBe('');
    expect(await restore('eve@example.com')).toMatchObject({ status: 200, body: { file: 'pages/home.yaml' } });
    await onServer.app.close();
    expect(git('log', '-1', '--format=%ae %s')).toBe('eve@example.com Restored Start as of 1 Mar 2026, 09:00 UTC');
  });
});
