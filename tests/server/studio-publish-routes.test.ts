// The studio's publishing requests (scripts/studio/publish-routes.ts) on a git repository holding a
// copy of the fixture site: who may do what (nobody signed in, an editor, a publisher), what is
// unpublished (each commit compared as data), a publish in the background followed step by step,
// one at a time, audited; roll back refused without a kept release to go to.
import { execFileSync } from 'node:child_process';
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../../server/studio-access/audit.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Role } from '../../server/studio-access/editors.ts';
import { setEditor } from '../../server/studio-access/request-editor.ts';
import { publishRoutes } from '../../scripts/studio/publish-routes.ts';
import { studioErrorHandler } from '../../scripts/studio/api-errors.ts';
import type { PublishState, ReleaseView, UnpublishedAnswer } from '../../shared/publishing.ts';
import { fixtureSite } from '../fixtures/studio.ts';

let root: string;
let dataDir: string;
let api: FastifyInstance;

const git = (...args: string[]) =>
  execFileSync('git', ['-C', root, '-c', 'user.name=Ann', '-c', 'user.email=ann@example.com', ...args], {
    encoding: 'utf8',
  }).trim();

/** The publishing routes as the studio's API runs them, with the editor the gate would set. */
async function publishingApi(): Promise<FastifyInstance> {
  const app = Fastify();
  app.addHook('onRequest', async (request) => {
    const role = request.headers['x-test-role'] as Role | undefined;
    if (role) setEditor(request.raw, { email: `${role}@example.com`, role, added: new Date().toISOString() });
  });
  app.setErrorHandler(studioErrorHandler);
  await app.register(publishRoutes, { root, dataDir });
  return app;
}

/** The answer, or the refusal's status and sentence. */
async function ask(role: Role | undefined, route: string, body: unknown = {}) {
  const [method, url] = route.split(' ');
  const response = await api.inject({
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
  api = await publishingApi();
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
      body: { editor: { email: 'editor@example.com', role: 'editor' } },
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

it('before any release, lists the newest 20 commits under site/, each file compared as data', async () => {
  for (let i = 1; i <= 21; i++) {
    await appendFile(path.join(root, 'site', 'pages', 'home.yaml'), `# note ${i}\n`);
    git('commit', '-q', '-am', `Note ${i}`);
  }
  const { status, body } = (await ask('editor', 'GET /unpublished'))!;
  expect(status).toBe(200);
  const unpublished = body as UnpublishedAnswer;
  expect(unpublished.live).toBeUndefined();
  expect(unpublished.newest).toBe(20);
  expect(unpublished.changes.map((c) => c.message)).toEqual(Array.from({ length: 20 }, (_, i) => `Note ${21 - i}`));
  const [file] = unpublished.changes[0].files;
  expect(file).toMatchObject({ file: 'pages/home.yaml', status: 'modified', kind: 'page', changes: [] });
  expect(file.diff).toContain('+# note 21');
});

it('publishes in the background, one at a time, step by step, audited; then nothing is unpublished', async () => {
  const headline = 'Every Field. One Page. To publish';
  const home = path.join(root, 'site', 'pages', 'home.yaml');
  await writeFile(home, (await readFile(home, 'utf8')).replace('Every Field. One Page.', headline));
  git('commit', '-q', '-am', 'Home: Banner › Headline');
  const listed = (await ask('editor', 'GET /unpublished'))!.body as UnpublishedAnswer;
  expect(listed.changes[0].files[0].changes).toEqual([
    expect.objectContaining({ kind: 'set', before: 'Every Field. One Page.', after: headline }),
  ]);

  expect(await ask('publisher', 'POST /publish')).toMatchObject({
    status: 202,
    body: { run: { by: 'publisher@example.com' } },
  });
  expect(await ask('publisher', 'POST /publish')).toMatchObject({ status: 409 });
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
  expect(releases).toEqual([
    expect.objectContaining({ live: true, by: 'publisher@example.com', commit: git('rev-parse', 'HEAD') }),
  ]);
  expect((await readAudit(dataDir)).map((e) => [e.who, e.action])).toEqual([['publisher@example.com', 'publish']]);
  const after = (await ask('editor', 'GET /unpublished'))!.body as UnpublishedAnswer;
  expect(after).toEqual({ live: releases[0], changes: [] });
}, 300_000);
