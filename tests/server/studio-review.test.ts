// The review's server side on a git-committed copy of the fixture site, without a browser: what
// changed, told as data for each file (git missing or no repository said in words), the committed
// picture, and every discard with its refusals — a file changed since the review was listed, a
// link, a request that names no file or no change.
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteChanges } from '../../scripts/studio/changes.ts';
import { committedImage } from '../../scripts/studio/committed-image.ts';
import { SaveCommits } from '../../scripts/studio/commit-save.ts';
import { discard, neverCommitted } from '../../scripts/studio/discard.ts';
import { readAudit } from '../../server/studio-access/audit.ts';
import { StudioError } from '../../scripts/studio/files.ts';
import { ConfinedFileError, siteFiles } from '../../shared/confined-files.ts';
import { removeFile } from '../../shared/confined-writes.ts';
import { fixtureSite } from '../fixtures/studio.ts';

let root: string;
const site = (file: string) => path.join(root, 'site', file);
const git = (...args: string[]) =>
  execFileSync('git', ['-C', root, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    encoding: 'utf8',
  });
const changesOf = async (file: string) => (await siteChanges(root)).files.find((f) => f.file === file);
const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected a refusal').toBeInstanceOf(StudioError);
  return error as StudioError;
};

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'studio-review-'));
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'fixture');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the changes', () => {
  it('are none on a fresh commit, and say so in words without git or a repository', async () => {
    expect(await siteChanges(root)).toEqual({ git: true, files: [] });
    const bare = await mkdtemp(path.join(tmpdir(), 'studio-review-bare-'));
    try {
      expect(await siteChanges(bare)).toMatchObject({
        git: false,
        message: expect.stringContaining('not a git repository'),
      });
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(await siteChanges(root)).toMatchObject({
        git: false,
        message: expect.stringContaining('git is not installed'),
      });
    } finally {
      process.env.PATH = saved;
    }
  });

  it('are told as data: a value, a moved section, a new, a deleted and an unreadable file', async () => {
    const home = await readFile(site('pages/home.yaml'), 'utf8');
    await writeFile(site('pages/home.yaml'), home.replace('title: Every Field. One Page.', 'title: Every Field.'));
    await writeFile(site('pages/new.yaml'), 'path: /new\ntitle: Pricing\nsections: []\n');
    await unlink(site('redirects.yaml'));
    await writeFile(site('forms/inquiry.yaml'), 'id: [unclosed\n');
    const { files } = await siteChanges(root);
    expect(files.map((f) => [f.file, f.status, f.kind, f.title])).toEqual([
      ['forms/inquiry.yaml', 'modified', 'form', 'Ask the Fixture Team'],
      ['pages/home.yaml', 'modified', 'page', 'Start'],
      ['pages/new.yaml', 'added', 'page', 'Pricing'],
      ['redirects.yaml', 'deleted', 'redirects', 'Redirects'],
    ]);
    expect(files[0].problem).toBeTruthy();
    expect(files[1].changes).toEqual([
      { kind: 'set', path: ['sections', 0, 'title'], before: 'Every Field. One Page.', after: 'Every Field.' },
    ]);
  });

  it('of an article include its text, as a change of its own', async () => {
    const text = await readFile(site('blog/first-note.md'), 'utf8');
    await writeFile(site('blog/first-note.md'), `${text}\nOne more paragraph.\n`);
    const changes = (await changesOf('blog/first-note.md'))!.changes;
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: 'body' });
  });
});

describe('discarding', () => {
  it('one change writes back only its lines; the last one gives the committed file byte for byte', async () => {
    const committed = await readFile(site('pages/home.yaml'), 'utf8');
    const edited = committed
      .replace('title: Every Field. One Page.', 'title: Every Field. One Page. Now')
      .replace('eyebrow: Figures', 'eyebrow: Numbers');
    await writeFile(site('pages/home.yaml'), edited);
    let file = (await changesOf('pages/home.yaml'))!;
    expect(file.changes).toHaveLength(2);
    await discard(root, { file: file.file, version: file.version, changes: [1] });
    expect(await readFile(site('pages/home.yaml'), 'utf8')).toBe(
      edited.replace('eyebrow: Numbers', 'eyebrow: Figures'),
    );
    file = (await changesOf('pages/home.yaml'))!;
    await discard(root, { file: file.file, version: file.version, changes: [0] });
    expect(await readFile(site('pages/home.yaml'), 'utf8')).toBe(committed);
  });

  it('is refused when the file changed since the changes were listed, or the change is not there', async () => {
    await writeFile(
      site('pages/contact.yaml'),
      (await readFile(site('pages/contact.yaml'), 'utf8')).replace('Contact', 'Reach'),
    );
    const file = (await changesOf('pages/contact.yaml'))!;
    await writeFile(site('pages/contact.yaml'), 'path: /contact\ntitle: Someone else\nsections: []\n');
    expect((await refusal(discard(root, { file: file.file, version: file.version }))).status).toBe(409);
    expect((await refusal(discard(root, { file: file.file, version: file.version, changes: [0] }))).status).toBe(409);
    const now = (await changesOf('pages/contact.yaml'))!;
    expect((await refusal(discard(root, { file: now.file, version: now.version, changes: [99] }))).status).toBe(409);
    expect(await readFile(site('pages/contact.yaml'), 'utf8')).toBe(
      'path: /contact\ntitle: Someone else\nsections: []\n',
    );
  });

  it('refuses a put-back that would leave a problem, in the compiler words', async () => {
    const committed = await readFile(site('pages/home.yaml'), 'utf8');
    await writeFile(
      site('pages/home.yaml'),
      committed
        .replace('title: Every Field. One Page.', 'title: A New Headline')
        .replace('highlight: One Page.', 'highlight: New'),
    );
    const file = (await changesOf('pages/home.yaml'))!;
    const highlight = file.changes.findIndex((c) => c.kind === 'set' && c.path.at(-1) === 'highlight');
    const error = await refusal(discard(root, { file: file.file, version: file.version, changes: [highlight] }));
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/^Not discarded: putting this back alone would leave a problem/);
    // Both together are fine.
    const title = file.changes.findIndex((c) => c.kind === 'set' && c.path.at(-1) === 'title');
    await discard(root, { file: file.file, version: file.version, changes: [title, highlight] });
    expect(await readFile(site('pages/home.yaml'), 'utf8')).toBe(committed);
  });

  it('a whole file: edited back as committed, a new one removed, a deleted one restored (never over a new one)', async () => {
    const committed = await readFile(site('forms/inquiry.yaml'));
    await writeFile(site('forms/inquiry.yaml'), 'id: [broken\n');
    await writeFile(
      site('images/new.png'),
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    await unlink(site('documents/paper.md'));
    const files = (await siteChanges(root)).files;
    for (const file of files) await discard(root, { file: file.file, version: file.version });
    expect(await readFile(site('forms/inquiry.yaml'))).toEqual(committed);
    expect(git('status', '--porcelain')).toBe('');

    await unlink(site('documents/paper.md'));
    const gone = (await changesOf('documents/paper.md'))!;
    await writeFile(site('documents/paper.md'), 'Written meanwhile.\n');
    expect((await refusal(discard(root, { file: gone.file }))).status).toBe(409);
    expect(await readFile(site('documents/paper.md'), 'utf8')).toBe('Written meanwhile.\n');
  });

  it('refuses a path outside site/, a request without a file, changes that are not numbers', async () => {
    expect((await refusal(discard(root, { file: '../package.json' }))).status).toBe(403);
    expect((await refusal(discard(root, {} as never))).status).toBe(400);
    expect((await refusal(discard(root, { file: 'site.yaml', changes: ['x'] as never }))).status).toBe(400);
  });

  it('never follows a link when removing a file', async () => {
    const outside = path.join(root, 'outside.txt');
    await writeFile(outside, 'keep me');
    await symlink(outside, site('pages/link.yaml'));
    const error = await removeFile(siteFiles(root), 'pages/link.yaml').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfinedFileError);
    expect(await readFile(outside, 'utf8')).toBe('keep me');
  });
});

describe('discarding on the server', () => {
  const ann = { name: 'ann', email: 'ann@example.com' };
  const onServer = (auditDir: string) => new SaveCommits(root, undefined, auditDir).recorderAs(ann);
  const log = (...args: string[]) =>
    git('log', '--format=%an <%ae>|%s', ...args)
      .trim()
      .split('\n');

  it('refuses a file the history never held, deleting nothing and logging nothing', async () => {
    const auditDir = path.join(root, 'data');
    await writeFile(site('pages/owners-draft.yaml'), 'path: /draft\ntitle: The owner’s draft\nsections: []\n');
    const file = (await changesOf('pages/owners-draft.yaml'))!;
    const error = await refusal(discard(root, { file: file.file, version: file.version }, onServer(auditDir)));
    expect(error.status).toBe(409);
    expect(error.message).toBe(neverCommitted);
    expect(await readFile(site('pages/owners-draft.yaml'), 'utf8')).toContain('The owner’s draft');
    expect(await readAudit(auditDir)).toEqual([]);
    // The laptop studio still removes a new file: it is the editor's own.
    await discard(root, { file: file.file, version: file.version });
    expect(git('status', '--porcelain', '--', 'site')).toBe('');
  });

  it('commits one change put back as its editor, and logs every discard with who did it', async () => {
    const auditDir = path.join(root, 'data');
    const before = log();
    const committed = await readFile(site('pages/home.yaml'), 'utf8');
    const edited = committed
      .replace('title: Every Field. One Page.', 'title: Every Field. One Page. Now')
      .replace('eyebrow: Figures', 'eyebrow: Numbers');
    await writeFile(site('pages/home.yaml'), edited);
    let file = (await changesOf('pages/home.yaml'))!;
    await discard(root, { file: file.file, version: file.version, changes: [1] }, onServer(auditDir));
    const kept = edited.replace('eyebrow: Numbers', 'eyebrow: Figures');
    expect(await readFile(site('pages/home.yaml'), 'utf8')).toBe(kept);
    expect(git('show', 'HEAD:site/pages/home.yaml')).toBe(kept);
    expect(log()).toHaveLength(before.length + 1);
    expect(log('-1')[0]).toMatch(/^ann <ann@example\.com>\|/);
    expect(git('status', '--porcelain', '--', 'site')).toBe('');

    // The whole file back as last committed: nothing to commit, but the log says who and what.
    await writeFile(site('forms/inquiry.yaml'), 'id: [broken\n');
    await unlink(site('documents/paper.md'));
    for (const changed of (await siteChanges(root)).files)
      await discard(root, { file: changed.file, version: changed.version }, onServer(auditDir));
    expect(git('status', '--porcelain', '--', 'site')).toBe('');
    expect(log()).toHaveLength(before.length + 1);
    const discards = (await readAudit(auditDir)).map(({ who, action, detail }) => ({ who, action, detail }));
    expect(discards).toEqual([
      {
        who: 'ann@example.com',
        action: 'discard',
        detail: expect.stringMatching(/^Discarded a change to site\/pages\/home\.yaml \(commit [0-9a-f]{7}\)$/),
      },
      { who: 'ann@example.com', action: 'discard', detail: expect.stringContaining('site/documents/paper.md') },
      { who: 'ann@example.com', action: 'discard', detail: expect.stringContaining('site/forms/inquiry.yaml') },
    ]);
    file = (await changesOf('pages/home.yaml'))!;
    expect(file).toBeUndefined();
  });
});

describe('the committed picture', () => {
  it('is served by its content: a PNG as it is, an SVG sanitised; a page is not an image', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    await writeFile(site('images/photo.png'), png);
    git('add', '.');
    git('commit', '-q', '-m', 'photo');
    expect(await committedImage(root, 'images/photo.png')).toEqual({ type: 'image/png', body: png });
    const svg = await committedImage(root, 'images/logo.svg');
    expect(svg.type).toBe('image/svg+xml');
    expect(String(svg.body)).toContain('<svg');
    expect((await refusal(committedImage(root, 'pages/home.yaml'))).status).toBe(404);
    expect((await refusal(committedImage(root, 'images/none.png'))).status).toBe(404);
  });
});
