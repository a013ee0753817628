// The studio's shared previews (scripts/studio/share-routes.ts) on a git repository holding a copy of
// the fixture site: who may make, list and end a link; what a request may ask; the link made works
// for a client without a session until it is ended; each link made or ended is audited; no preview
// is built while a publish runs. The saved
// commit's build is put in place beforehand (a hand-written build), so no test here waits for Vite:
// tests/server/preview-links.test.ts builds one for real.
import { appendFile, cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { studioErrorHandler } from '../../scripts/studio/api-errors.ts';
import { shareRoutes } from '../../scripts/studio/share-routes.ts';
import { buildApp } from '../../server/app.ts';
import { shareBuildDir } from '../../server/previews/share-links.ts';
import { readAudit } from '../../server/studio-access/audit.ts';
import type { Role } from '../../server/studio-access/editors.ts';
import { setEditor } from '../../server/studio-access/request-editor.ts';
import type { ShareMade, ShareView } from '../../shared/sharing.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { git, publishCheckout } from '../fixtures/publish-checkout.ts';

const PUBLIC_URL = 'https://www.example.com';
let work: string;
let root: string;
let dataDir: string;
let api: FastifyInstance;
let site: FastifyInstance;

beforeAll(async () => {
  const checkout = await publishCheckout();
  ({ work, root, dataDir } = checkout);
  const distDir = await writeDist();
  await cp(distDir, shareBuildDir(dataDir, git(checkout.root, 'rev-parse', 'HEAD')), { recursive: true });
  api = Fastify();
  api.addHook('onRequest', async (request) => {
    const role = request.headers['x-test-role'] as Role | undefined;
    const email = (request.headers['x-test-email'] as string | undefined) ?? `${role}@example.com`;
    if (role) setEditor(request.raw, { email, role, added: new Date().toISOString() });
  });
  api.setErrorHandler(studioErrorHandler);
  await api.register(shareRoutes, { root: checkout.root, dataDir, publicUrl: PUBLIC_URL });
  site = await buildApp({ config: testConfig(distDir, { dataDir }) });
});
afterAll(async () => {
  await api?.close();
  await site?.close();
  await rm(work, { recursive: true, force: true });
});

async function ask(who: { role?: Role; email?: string }, route: string, body?: unknown) {
  const [method, url] = route.split(' ');
  const response = await api.inject({
    method: method as 'GET' | 'POST',
    url,
    headers: { ...(who.role && { 'x-test-role': who.role }), ...(who.email && { 'x-test-email': who.email }) },
    ...(body !== undefined && { payload: body as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as unknown };
}

it('refuses whoever is not signed in, and a request it does not understand', async () => {
  expect(await ask({}, 'GET /shares')).toMatchObject({ status: 401 });
  expect(await ask({}, 'POST /shares', { days: 7 })).toMatchObject({ status: 401 });
  const editor = { role: 'editor' as const };
  for (const body of [{ days: 3 }, { days: 7, page: 'services' }, {}])
    expect(await ask(editor, 'POST /shares', body), JSON.stringify(body)).toMatchObject({ status: 400 });
  expect(await ask(editor, 'POST /shares', { days: 7, page: '/no-such-page' })).toEqual({
    status: 400,
    body: { error: 'That page is not part of the saved site.' },
  });
  expect(await ask(editor, 'POST /shares/revoke', { id: '../../x' })).toMatchObject({ status: 400 });
});

it('makes a link an editor can send, lists it, and ends it when its maker or a publisher says so', async () => {
  const made = (await ask({ role: 'editor' }, 'POST /shares', { days: 7 })) as { status: number; body: ShareMade };
  expect(made.status).toBe(200);
  expect(made.body.link).toMatch(/^https:\/\/www\.example\.com\/_preview\/[A-Za-z0-9_-]{43}\/$/);
  expect(made.body.share).toMatchObject({ by: 'editor@example.com', state: 'active' });
  const url = new URL(made.body.link).pathname;
  const shown = await site.inject({ url });
  expect(shown.statusCode).toBe(200);
  expect(shown.body).toContain('Preview — not the live site');

  const page = (await ask({ role: 'editor', email: 'bea@example.com' }, 'POST /shares', { days: 1, page: '/services' }))
    .body as ShareMade;
  expect(page.link).toMatch(/\/services$/);
  const listed = (await ask({ role: 'editor' }, 'GET /shares')).body as ShareView[];
  expect(listed.map((share) => [share.by, share.page])).toEqual([
    ['bea@example.com', '/services'],
    ['editor@example.com', undefined],
  ]);
  expect(JSON.stringify(listed)).not.toContain(url.split('/')[2]);

  // Bea may not end the editor's link; a publisher may.
  expect(
    await ask({ role: 'editor', email: 'bea@example.com' }, 'POST /shares/revoke', { id: made.body.share.id }),
  ).toEqual({
    status: 403,
    body: { error: 'Only editor@example.com or a publisher can stop this preview link.' },
  });
  const ended = await ask({ role: 'publisher' }, 'POST /shares/revoke', { id: made.body.share.id });
  expect(ended.status).toBe(200);
  expect((ended.body as ShareView[]).find((share) => share.id === made.body.share.id)).toMatchObject({
    state: 'revoked',
    revokedBy: 'publisher@example.com',
  });
  expect((await site.inject({ url })).statusCode).toBe(410);
  expect((await site.inject({ url: new URL(page.link).pathname })).statusCode).toBe(200);

  const audit = await readAudit(dataDir);
  expect(audit.map((event) => [event.who, event.action])).toEqual([
    ['editor@example.com', 'share'],
    ['bea@example.com', 'share'],
    ['publisher@example.com', 'share-revoked'],
  ]);
});

it('waits for a publish: a preview is not built while one runs', async () => {
  // A save with no preview built yet, and a publish holding the lock (this very process).
  await appendFile(path.join(root, 'site', 'pages', 'home.yaml'), '# a later save\n');
  git(root, 'commit', '-q', '-am', 'Home: a later save');
  const lock = path.join(dataDir, 'releases', '.publish.lock');
  await mkdir(path.dirname(lock), { recursive: true });
  await writeFile(lock, String(process.pid));
  try {
    expect(await ask({ role: 'editor' }, 'POST /shares', { days: 7 })).toEqual({
      status: 409,
      body: { error: 'The site is being published just now. Make the preview link when that has finished.' },
    });
  } finally {
    await rm(lock, { force: true });
  }
});
