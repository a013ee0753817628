// The studio on the server, where every save is a commit: the real studio API with its commits,
// on a copy of the fixture site in its own git repository (never
// the project's). Who is signed in is set on the request the way the sign-in gate does
// (setEditor), here from a test header. Judged by git itself: who authored each commit, which
// files it holds, its message, and that nothing else of the working tree was committed or staged.
import { execFileSync } from 'node:child_process';
import { chmod, cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notSignedIn, SaveCommits } from '../../scripts/studio/commit-save.ts';
import { unpublishedChanges } from '../../scripts/studio/unpublished.ts';
import { readAudit } from '../../server/studio-access/audit.ts';
import { fixtureSite } from '../fixtures/studio.ts';
import { composedSchemas, sectionTypes } from '../../scripts/content/schemas.ts';
import { Contract, labelOf } from '../../src/studio/schema.ts';
import { studioApiApp, type TestApi } from '../fixtures/studio-api.ts';

const ann = 'ann.lee@example.com';
const bob = 'bob@example.org';
let root: string;
let auditDir: string;
let server: TestApi;

const git = (...args: string[]) =>
  execFileSync('git', ['-C', root, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    encoding: 'utf8',
  }).trimEnd();
const head = () => git('rev-parse', 'HEAD');
const onDisk = (file: string) => readFile(path.join(root, 'site', file), 'utf8');

/** The studio's API, asked as the studio page asks it; the editor the gate would set is a test header. */
async function api(route: string, init: { editor?: string; body?: unknown; method?: string } = {}): Promise<Response> {
  const raw = Buffer.isBuffer(init.body);
  const response = await server.app.inject({
    method: (init.method ?? (init.body === undefined ? 'GET' : 'POST')) as 'GET' | 'POST',
    url: `/_studio/api/${route}`,
    payload: init.body === undefined ? undefined : raw ? (init.body as Buffer) : JSON.stringify(init.body),
    headers: {
      'content-type': raw ? 'application/octet-stream' : 'application/json',
      ...(init.editor && { 'x-test-editor': init.editor }),
    },
  });
  return new Response(new Uint8Array(response.rawPayload), {
    status: response.statusCode,
    headers: { 'content-type': String(response.headers['content-type']) },
  });
}

interface Entry {
  version: string;
  data: Record<string, unknown> & { sections?: Record<string, unknown>[] };
}
const open = async (file: string) => (await (await api(`entry?file=${encodeURIComponent(file)}`)).json()) as Entry;

/** A save as the studio page sends it: the entry's data with `change` made to it. */
async function save(file: string, editor: string | undefined, change: (data: Entry['data']) => void) {
  const entry = await open(file);
  const data = structuredClone(entry.data);
  change(data);
  return api(`save?file=${encodeURIComponent(file)}`, { editor, body: { version: entry.version, data } });
}

/** The commit's author, committer, subject and the files it changed. */
function commitOf(commit: string) {
  const [author, committer, subject] = git('show', '-s', '--format=%an <%ae>%n%cn <%ce>%n%s', commit).split('\n');
  const files = git('show', '--format=', '--name-only', commit).split('\n').filter(Boolean);
  return { author, committer, subject, files };
}
// The words the review uses, from the schema: a section by its type's title, a field by its title.
const contract = new Contract(Object.fromEntries(composedSchemas()), sectionTypes());
const heroSchema = contract.section('hero')!.schema;
const hero_ = {
  name: labelOf('hero', heroSchema),
  field: (key: string) => labelOf(key, contract.resolve(heroSchema.properties![key], 'sections.composed.json').schema),
};
const pageField = (key: string) =>
  labelOf(key, contract.resolve(contract.root('page').schema.properties![key], 'page.schema.json').schema);
const newCommits = (since: string) => git('rev-list', '--reverse', `${since}..HEAD`).split('\n').filter(Boolean);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'studio-commits-'));
  auditDir = await mkdtemp(path.join(tmpdir(), 'studio-commits-audit-'));
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'fixture');
  server = await studioApiApp({ root, commits: new SaveCommits(root, undefined, auditDir) });
}, 120_000);
afterAll(async () => {
  await server?.app.close();
  if (root) await rm(root, { recursive: true, force: true });
  if (auditDir) await rm(auditDir, { recursive: true, force: true });
});
beforeEach(() => {
  // Each test starts from a clean tree and index (of this temporary repository).
  git('reset', '-q');
  git('checkout', '-q', '--', 'site');
  git('clean', '-fdq');
});

describe('every save is a commit', () => {
  it('two saves at once make two commits, each of its own file by its own editor, and nothing else', async () => {
    // Out of band: a change in the tree and one staged; neither is any save's to commit.
    await writeFile(path.join(root, 'site', 'pages', 'offer.yaml'), `${await onDisk('pages/offer.yaml')}# aside\n`);
    await writeFile(path.join(root, 'notes.txt'), 'staged by someone\n');
    git('add', 'notes.txt');
    const before = head();
    const [home, contact] = await Promise.all([
      save('pages/home.yaml', ann, (data) => (data.sections![0].title = 'Every Field. Still One Page.')),
      save('pages/contact.yaml', bob, (data) => (data.title = 'Talk to us')),
    ]);
    expect([home.status, contact.status], await home.text()).toEqual([200, 200]);
    const commits = newCommits(before).map(commitOf);
    expect(commits).toHaveLength(2);
    const byFile = Object.fromEntries(commits.map((c) => [c.files.join(' '), c]));
    expect(byFile['site/pages/home.yaml']).toEqual({
      author: `ann.lee <${ann}>`,
      committer: 'Studio <studio@localhost>',
      subject: `Start: ${hero_.name} › ${hero_.field('title')}`,
      files: ['site/pages/home.yaml'],
    });
    expect(byFile['site/pages/contact.yaml']).toMatchObject({
      author: `bob <${bob}>`,
      // A page is named as the review names it: by its title as saved.
      subject: `Talk to us: ${pageField('title')}`,
      files: ['site/pages/contact.yaml'],
    });
    // The saved text is what was committed, and the rest is as it was: changed, staged, not committed.
    expect(git('show', 'HEAD:site/pages/home.yaml')).toBe((await onDisk('pages/home.yaml')).trimEnd());
    expect(git('status', '--porcelain')).toBe('A  notes.txt\n M site/pages/offer.yaml');
    // Each save is in the audit log: who, and the commit that holds it with its subject.
    const saves = (await readAudit(auditDir)).filter((event) => event.action === 'save');
    expect(saves.map((event) => [event.who, event.detail]).sort()).toEqual(
      newCommits(before)
        .map((commit) => [commitOf(commit), commit] as const)
        .map(([c, commit]) => [/<(.*)>/.exec(c.author)![1], `${c.subject} (commit ${commit.slice(0, 7)})`])
        .sort(),
    );
  });

  it('commits writes started at the same moment one after the other, each with only its own file', async () => {
    const before = head();
    const commits = new SaveCommits(root);
    const files = ['pages/offer.yaml', 'pages/proof.yaml', 'pages/summary.yaml', 'pages/white-paper.yaml'];
    const texts = await Promise.all(files.map(onDisk));
    // All four asked for in one go: their writes and git's add and commit would overlap without turns.
    await Promise.all(
      files.map((file, i) =>
        commits.record(
          { name: `editor${i}`, email: `editor${i}@example.com` },
          {
            write: () => writeFile(path.join(root, 'site', file), `${texts[i]}# edit ${i}\n`),
            files: () => [file],
            undo: () => writeFile(path.join(root, 'site', file), texts[i]),
          },
        ),
      ),
    );
    const made = newCommits(before).map(commitOf);
    expect(made.map((c) => [c.author, c.files])).toEqual(
      files.map((file, i) => [`editor${i} <editor${i}@example.com>`, [`site/${file}`]]),
    );
    expect(git('status', '--porcelain')).toBe('');
  });

  it('names every field a save changed, and still lets only one of two saves from one version land', async () => {
    const before = head();
    const entry = await open('pages/home.yaml');
    const other = { version: entry.version, data: { ...structuredClone(entry.data), title: 'Begin' } };
    const data = structuredClone(entry.data);
    const hero = data.sections![0];
    hero.title = 'New Title. One Page.';
    hero.subtitle = 'A shorter subtitle.';
    const body = { version: entry.version, data };
    const answers = await Promise.all([
      api('save?file=pages/home.yaml', { editor: ann, body }),
      api('save?file=pages/home.yaml', { editor: bob, body: other }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const commits = newCommits(before).map(commitOf);
    expect(commits).toHaveLength(1);
    expect([`ann.lee <${ann}>`, `bob <${bob}>`]).toContain(commits[0].author);
    expect(commits[0].subject).toBe(
      commits[0].author.startsWith('ann')
        ? `Start: ${hero_.name} › ${hero_.field('title')}, ${hero_.name} › ${hero_.field('subtitle')}`
        : `Begin: ${pageField('title')}`,
    );
  });

  it('commits a new page, a new article with its cover, and an upload, each as its editor', async () => {
    const before = head();
    expect(
      (await api('new', { editor: ann, body: { kind: 'page', address: '/pricing', title: 'Pricing' } })).status,
    ).toBe(201);
    expect(
      (await api('new', { editor: bob, body: { kind: 'article', address: 'launch-notes', title: 'Launch notes' } }))
        .status,
    ).toBe(201);
    const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    expect((await api('upload?name=Team%20Photo.png', { editor: ann, body: png })).status).toBe(201);
    expect(newCommits(before).map(commitOf)).toEqual([
      {
        author: `ann.lee <${ann}>`,
        committer: 'Studio <studio@localhost>',
        subject: 'New page: Pricing',
        files: ['site/pages/pricing.yaml'],
      },
      {
        author: `bob <${bob}>`,
        committer: 'Studio <studio@localhost>',
        subject: 'New article: Launch notes',
        files: ['site/blog/launch-notes.md', 'site/images/blog/launch-notes.svg'],
      },
      {
        author: `ann.lee <${ann}>`,
        committer: 'Studio <studio@localhost>',
        subject: 'New image: team-photo.png',
        files: ['site/images/team-photo.png'],
      },
    ]);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('refuses every write without a signed-in editor (401), writing and committing nothing', async () => {
    const before = head();
    const text = await onDisk('pages/home.yaml');
    const saved = await save('pages/home.yaml', undefined, (data) => (data.title = 'Nobody'));
    const made = await api('new', { body: { kind: 'page', address: '/nobody', title: 'Nobody' } });
    const uploaded = await api('upload?name=x.png', { body: Buffer.from('not read') });
    const discarded = await api('discard', { body: { file: 'pages/home.yaml' } });
    for (const answer of [saved, made, uploaded, discarded]) {
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { error: string }).error).toBe(notSignedIn);
    }
    expect(await onDisk('pages/home.yaml')).toBe(text);
    expect(head()).toBe(before);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('a save whose commit fails is reported and taken back, with nothing left staged', async () => {
    const hook = path.join(root, '.git', 'hooks', 'pre-commit');
    await writeFile(hook, '#!/bin/sh\necho "refused by the test hook" >&2\nexit 1\n');
    await chmod(hook, 0o755);
    try {
      const before = head();
      const text = await onDisk('pages/home.yaml');
      const answer = await save('pages/home.yaml', ann, (data) => (data.title = 'Never committed'));
      expect(answer.status).toBe(500);
      const { error } = (await answer.json()) as { error: string };
      expect(error).toMatch(
        /^Not saved: the change could not be recorded in the site's history \(git said: .*refused by the test hook.*\)\. Nothing was changed\.$/,
      );
      expect(await onDisk('pages/home.yaml')).toBe(text);
      expect(head()).toBe(before);
      expect(git('status', '--porcelain')).toBe('');
      // A new page whose commit fails is removed again.
      const made = await api('new', { editor: ann, body: { kind: 'page', address: '/plans', title: 'Plans' } });
      expect(made.status).toBe(500);
      expect(git('status', '--porcelain', '--untracked-files=all')).toBe('');
    } finally {
      await unlink(hook);
    }
  });

  it('lists the saves for the publish view: who, when, which entry, the message and the changed lines', async () => {
    const before = head();
    const title = (await open('pages/contact.yaml')).data.title as string;
    expect((await save('pages/contact.yaml', bob, (data) => (data.title = 'Write to us'))).status).toBe(200);
    const [change, ...rest] = await unpublishedChanges(root, before);
    expect(rest).toEqual([]);
    expect(change).toMatchObject({
      commit: head(),
      author: { name: 'bob', email: bob },
      message: `Write to us: ${pageField('title')}`,
      files: [{ file: 'pages/contact.yaml', title: 'Write to us' }],
    });
    expect(Date.now() - Date.parse(change.at)).toBeLessThan(10 * 60_000);
    expect(change.files[0].diff).toContain(`\n-title: ${title}\n`);
    expect(change.files[0].diff).toMatch(/^\+title: Write to us$/m);
  });
});
