// The studio's publishing requests (scripts/studio/publish-routes.ts) on a git repository holding a
// copy of the fixture site: who may do what (nobody signed in, an editor, a publisher), what is
// unpublished (the newest few, each commit compared as data, the rest counted; from the commit the
// served build records; computed once for requests that come together), Publish of exactly the
// commit reviewed (a save made since refused), a publish in the background followed step by step,
// one at a time, audited; the build served before it kept as a release to roll back to.
import { execFileSync } from 'node:child_process';
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { readAudit } from '../../server/studio-access/audit.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Role } from '../../server/studio-access/editors.ts';
import { setEditor } from '../../server/studio-access/request-editor.ts';
import { publishRoutes, type PublishingOptions } from '../../scripts/studio/publish-routes.ts';
import { studioErrorHandler } from '../../scripts/studio/api-errors.ts';
import { buildRecordFile, readCurrent } from '../../server/releases/store.ts';
import {
  unpublishedListed,
  type PublishState,
  type ReleaseView,
  type UnpublishedAnswer,
} from '../../shared/publishing.ts';
import { writeRelease } from '../fixtures/release-fixture.ts';
import { fixtureSite } from '../fixtures/studio.ts';
import { unpublishedChanges } from '../../scripts/studio/unpublished.ts';

// Each computation of the list is counted, to show that requests that come together share one.
vi.mock('../../scripts/studio/unpublished.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../scripts/studio/unpublished.ts')>();
  return { ...original, unpublishedChanges: vi.fn(original.unpublishedChanges) };
});

let root: string;
let dataDir: string;
let api: FastifyInstance;
/** The build served before any publish, as `npm run build` left it. */
let distDir: string;
/** The commit the served build records. */
let servedCommit: string;

/** What `npm run build` records in dist/: the commit it was built from, or none. */
const recordBuild = (commit: string) =>
  writeFile(path.join(distDir, buildRecordFile), JSON.stringify({ commit, at: '2026-11-01T09:00:00.000Z' }));

const appendNote = async (note: string) => {
  await appendFile(path.join(root, 'site', 'pages', 'home.yaml'), `# ${note}\n`);
  git('commit', '-q', '-am', note);
  return git('rev-parse', 'HEAD');
};

const git = (...args: string[]) =>
  execFileSync('git', ['-C', root, '-c', 'user.name=Ann', '-c', 'user.email=ann@example.com', ...args], {
    encoding: 'utf8',
  }).trim();

/** The publishing routes as the studio's API runs them, with the editor the gate would set. */
async function publishingApi(options: PublishingOptions): Promise<FastifyInstance> {
  const app = Fastify();
  app.addHook('onRequest', async (request) => {
    const role = request.headers['x-test-role'] as Role | undefined;
    if (role) setEditor(request.raw, { email: `${role}@example.com`, role, added: new Date().toISOString() });
  });
  app.setErrorHandler(studioErrorHandler);
  await app.register(publishRoutes, { root, ...options });
  return app;
}

/** The answer, or the refusal's status and sentence. */
async function ask(role: Role | undefined, route: string, body: unknown = {}, routes = api) {
  const [method, url] = route.split(' ');
  const response = await routes.inject({
    method: method as 'GET' | 'POST',
    url,
    headers: role ? { 'x-test-role': role } : {},
    ...(method === 'POST' && { payload: body as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as unknown };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'studio-publish-routes-'));
  dataDir = path.join(root, 'var');
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'The site');
  distDir = path.join(root, 'var-dist');
  await writeRelease(root, 'var-dist', { label: 'As set up' });
  api = await publishingApi({ dataDir, distDir });
});
afterAll(async () => {
  await api?.close();
  await rm(root, { recursive: true, force: true });
});

describe('refusals', () => {
  it('refuses everything without a signed-in editor', async () => {
    for (const route of ['GET /publish', 'POST /publish', 'GET /releases', 'POST /rollback', 'GET /unpublished'])
      expect(await ask(undefined, route)).toMatchObject({ status: 401 });
  });

  it('lets an editor read but not publish or roll back, and says why', async () => {
    expect(await ask('editor', 'GET /publish')).toEqual({
      status: 200,
      body: { editor: { email: 'editor@example.com', role: 'editor', leads: false } },
    });
    for (const route of ['POST /publish', 'POST /rollback'])
      expect(await ask('editor', route, { id: 'x' })).toEqual({
        status: 403,
        body: { error: 'Only a publisher can publish or roll back. Ask the site owner to make you one.' },
      });
    expect(await readAudit(dataDir)).toEqual([]);
  });

  it('refuses a roll back that names no kept release', async () => {
    expect(await ask('publisher', 'POST /rollback', {})).toMatchObject({ status: 400 });
    expect(await ask('publisher', 'POST /rollback', { id: '../../etc' })).toMatchObject({ status: 404 });
  });

  it('leaves other requests to the studio', async () => {});
});

describe('what is not published yet', () => {
  it('lists the newest few of a build that records no commit, and counts the rest in words', async () => {
    for (let i = 1; i <= unpublishedListed + 1; i++) await appendNote(`Note ${i}`);
    const noRecord = await publishingApi({ dataDir, distDir: path.join(root, 'no-dist') });
    const { status, body } = (await ask('editor', 'GET /unpublished', undefined, noRecord))!;
    expect(status).toBe(200);
    const unpublished = body as UnpublishedAnswer;
    expect(unpublished.live).toBeUndefined();
    expect(unpublished.commit).toBe(git('rev-parse', 'HEAD'));
    expect(unpublished.sinceUnknown).toBe(true);
    expect(unpublished.changes.map((c) => c.message)).toEqual(
      Array.from({ length: unpublishedListed }, (_, i) => `Note ${unpublishedListed + 1 - i}`),
    );
    // Note 1 and the first commit of the site.
    expect(unpublished.earlier).toBe(2);
    const [file] = unpublished.changes[0].files;
    expect(file).toMatchObject({ file: 'pages/home.yaml', status: 'modified', kind: 'page', changes: [] });
    expect(file.diff).toContain(`+# Note ${unpublishedListed + 1}`);
  });

  it('starts from the commit the served build records, not from the first commit', async () => {
    servedCommit = git('rev-parse', 'HEAD~2');
    await recordBuild(servedCommit);
    const unpublished = (await ask('editor', 'GET /unpublished'))!.body as UnpublishedAnswer;
    expect(unpublished.changes.map((c) => c.message)).toEqual([
      `Note ${unpublishedListed + 1}`,
      `Note ${unpublishedListed}`,
    ]);
    expect(unpublished).toMatchObject({ earlier: 0 });
    expect(unpublished.sinceUnknown).toBeUndefined();
  });

  it('computes the list once for requests that come together, and again after a save', async () => {
    const computed = () => vi.mocked(unpublishedChanges).mock.calls.length;
    await appendNote('Before the list');
    const before = computed();
    const together = await Promise.all([1, 2, 3].map(() => ask('editor', 'GET /unpublished')));
    expect(together[1]!.body).toEqual(together[0]!.body);
    expect(together[2]!.body).toEqual(together[0]!.body);
    expect((await ask('publisher', 'GET /unpublished'))!.body).toEqual(together[0]!.body);
    expect(computed()).toBe(before + 1);
    await appendNote('After the list');
    const after = (await ask('editor', 'GET /unpublished'))!.body as UnpublishedAnswer;
    expect(computed()).toBe(before + 2);
    expect(after.changes[0].message).toBe('After the list');
  });
});

describe('publish what was reviewed', () => {
  it('refuses a publish that names no commit, or something that is not one of the repository, in words', async () => {
    for (const named of [{}, { commit: 42 }, { commit: '' }])
      expect(await ask('publisher', 'POST /publish', named)).toEqual({
        status: 400,
        body: { error: 'Say which changes to publish: open the list of changes again and publish from there.' },
      });
    for (const commit of ['HEAD~1', '--all', 'main', 'f'.repeat(40), 'a'.repeat(65)])
      expect(await ask('publisher', 'POST /publish', { commit })).toEqual({
        status: 400,
        body: { error: 'These changes are not part of the saved site. Open the list of changes again.' },
      });
    expect(await readAudit(dataDir)).toEqual([]);
  });

  it('refuses, with 409, a publish of a list that a save made since has outdated; the list then shows it', async () => {
    const shown = (await ask('publisher', 'GET /unpublished'))!.body as UnpublishedAnswer;
    await appendNote('Saved while the publisher read the list');
    expect(await ask('publisher', 'POST /publish', { commit: shown.commit })).toEqual({
      status: 409,
      body: {
        error:
          'Changes were saved since this list was shown, so nothing was published. They are listed now: look at them, then publish again.',
      },
    });
    const now = (await ask('publisher', 'GET /unpublished'))!.body as UnpublishedAnswer;
    expect(now.commit).toBe(git('rev-parse', 'HEAD'));
    expect(now.changes[0].message).toBe('Saved while the publisher read the list');
    expect(await readCurrent(path.join(dataDir, 'releases'))).toBeUndefined();
    expect(await readAudit(dataDir)).toEqual([]);
  });
});

it('publishes the reviewed commit in the background, one at a time, step by step, audited; the build served before is kept to roll back to', async () => {
  const headline = 'Every Field. One Page. To publish';
  const home = path.join(root, 'site', 'pages', 'home.yaml');
  await writeFile(home, (await readFile(home, 'utf8')).replace('Every Field. One Page.', headline));
  git('commit', '-q', '-am', 'Home: Banner › Headline');
  const listed = (await ask('editor', 'GET /unpublished'))!.body as UnpublishedAnswer;
  expect(listed.changes[0].files[0].changes).toEqual([
    expect.objectContaining({ kind: 'set', before: 'Every Field. One Page.', after: headline }),
  ]);

  expect(await ask('publisher', 'POST /publish', { commit: listed.commit })).toMatchObject({
    status: 202,
    body: { run: { by: 'publisher@example.com' } },
  });
  expect(await ask('publisher', 'POST /publish', { commit: listed.commit })).toMatchObject({ status: 409 });
  let state: PublishState | undefined;
  await expect
    .poll(async () => (state = (await ask('editor', 'GET /publish'))!.body as PublishState).run?.outcome, {
      timeout: 240_000,
      interval: 500,
    })
    .toBeDefined();
  expect(state!.run!.outcome).toEqual({ ok: true, id: expect.any(String) });
  expect(state!.run!.steps.map((s) => s.step)).toEqual([
    'preparing',
    'validating',
    'building',
    'built',
    'saving',
    'switching',
  ]);
  const releases = (await ask('editor', 'GET /releases'))!.body as ReleaseView[];
  // The new release, and the build served before it, with the commit its build recorded.
  expect(releases).toEqual([
    expect.objectContaining({ live: true, by: 'publisher@example.com', commit: listed.commit }),
    expect.objectContaining({ live: false, by: '', commit: servedCommit, at: '2026-11-01T09:00:00.000Z' }),
  ]);
  // What each brought since the one before, by the entry's title: nothing before the oldest.
  const homeTitle = (parse(await readFile(home, 'utf8')) as { title: string }).title;
  expect(releases[0].changes).toEqual({ entries: [homeTitle], more: 0, code: false });
  expect(releases[1].changes).toBeUndefined();
  expect((await readAudit(dataDir)).map((e) => [e.who, e.action])).toEqual([['publisher@example.com', 'publish']]);
  const after = (await ask('editor', 'GET /unpublished'))!.body as UnpublishedAnswer;
  const { changes: brought, ...live } = releases[0];
  expect(brought).toBeDefined();
  expect(after).toEqual({ live, commit: listed.commit, changes: [], earlier: 0 });

  // The first publish is undone like any other: back to the build served before it.
  const rolledBack = await ask('publisher', 'POST /rollback', { id: releases[1].id });
  expect(rolledBack).toMatchObject({ status: 200 });
  expect(await readCurrent(path.join(dataDir, 'releases'))).toBe(releases[1].id);
  expect(await readFile(path.join(dataDir, 'releases', releases[1].id, 'index.html'), 'utf8')).toContain('As set up');
  const again = (await ask('editor', 'GET /unpublished'))!.body as UnpublishedAnswer;
  expect(again.live).toMatchObject({ id: releases[1].id, commit: servedCommit });
  expect(again.changes[0].message).toBe('Home: Banner › Headline');
  expect(again.changes.length + again.earlier).toBe(Number(git('rev-list', '--count', `${servedCommit}..HEAD`)));
}, 300_000);

it("a publish refused by the site's check names each problem's entry by its title, never its file", async () => {
  const home = path.join(root, 'site', 'pages', 'home.yaml');
  const original = await readFile(home, 'utf8');
  const homeTitle = (parse(original) as { title: string }).title;
  await writeFile(home, `${original}notAField: true\n`);
  git('commit', '-q', '-am', 'Home: a field the schema does not have');
  try {
    const listed = (await ask('editor', 'GET /unpublished'))!.body as UnpublishedAnswer;
    expect(await ask('publisher', 'POST /publish', { commit: listed.commit })).toMatchObject({ status: 202 });
    let state: PublishState | undefined;
    await expect
      .poll(async () => (state = (await ask('editor', 'GET /publish'))!.body as PublishState).run?.outcome, {
        timeout: 120_000,
        interval: 500,
      })
      .toBeDefined();
    const outcome = state!.run!.outcome!;
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.messages.length).toBeGreaterThan(0);
    for (const message of outcome.messages) {
      expect(message.startsWith(`${homeTitle}: `), message).toBe(true);
      expect(message).not.toMatch(/site\/|\.yaml|:\d+:\d+/);
    }
    // The log keeps the file and line, for whoever looks into it.
    expect((await readAudit(dataDir)).at(-1)?.detail).toMatch(/site\/pages\/home\.yaml:\d+:\d+/);
  } finally {
    git('reset', '-q', '--hard', 'HEAD~1');
  }
}, 300_000);
