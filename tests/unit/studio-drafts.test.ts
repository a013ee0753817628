// Drafts on the server, through the studio's own draft requests on a real HTTP server:
// each signed-in editor reads back only their own draft; the files are named by hashes, never the
// entry's path; every malformed request is refused with a sentence and keeps nothing; a draft is
// replaced whole (a reader never sees part of one, a killed write's temporary file is cleaned up);
// a link planted in the folder is refused. And the store's restoreDraft: the draft as one undoable
// step over the file it started from.
import Fastify, { type FastifyInstance } from 'fastify';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioErrorHandler } from '../../scripts/studio/api-errors.ts';
import { draftRoutes, type DraftRoutesOptions } from '../../scripts/studio/draft-routes.ts';
import { DraftStore, maxDraftBytes } from '../../scripts/studio/draft-store.ts';
import { setEditor } from '../../server/studio-access/request-editor.ts';
import type { Entry, StoredDraft } from '../../shared/studio-protocol.ts';
import { newestCopy } from '../../src/studio/drafts/newest-copy.ts';
import { initialState, isDirty, studioReducer, type StudioAction } from '../../src/studio/store/studio-state.ts';
import { fixtureSite } from '../fixtures/studio.ts';

const file = 'pages/home.yaml';
const base: Entry = {
  file,
  kind: 'page',
  title: 'Home',
  route: '/',
  version: 'abc123',
  data: { title: 'Home', sections: [{ type: 'hero', title: 'Fast Sites' }] },
};
const draftOf = (title: string, at = Date.now()): StoredDraft => ({
  file,
  base,
  draft: { data: { title, sections: [{ type: 'hero', title: 'Fast Sites' }] } },
  at,
});

let root: string;
let dir: string;
let app: FastifyInstance;

/** The draft routes as the studio's API runs them: the editor the gate set (here, a test header), its error shape. */
async function serve(options: DraftRoutesOptions): Promise<FastifyInstance> {
  const app = Fastify();
  app.addHook('onRequest', async (request) => {
    const who = request.headers['x-test-editor'];
    if (typeof who === 'string') setEditor(request.raw, { email: who, role: 'editor', added: '' });
  });
  app.setErrorHandler(studioErrorHandler);
  await app.register(draftRoutes, options);
  return app;
}

async function request(
  route: string,
  options: { editor?: string; body?: string; target?: string; app?: FastifyInstance } = {},
) {
  const [method, pathname] = route.split(' ');
  const response = await (options.app ?? app).inject({
    method: method as 'GET' | 'POST',
    url: `${pathname}?file=${encodeURIComponent(options.target ?? file)}`,
    headers: {
      ...(options.editor && { 'x-test-editor': options.editor }),
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
    },
    payload: options.body,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as unknown };
}
const keep = (editor: string, draft: StoredDraft | string) =>
  request('POST /draft', {
    editor,
    body: typeof draft === 'object' ? JSON.stringify(draft) : draft,
  });
const read = (editor: string, target = file) => request('GET /draft', { editor, target });
const allFiles = async (): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'studio-drafts-'));
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
  dir = path.join(root, 'var', 'drafts');
  app = await serve({ root, dir, maxDrafts: 3 });
});
afterAll(async () => {
  await app?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('drafts on the server', () => {
  it('keeps each editor’s draft for them alone, in files named by hashes', async () => {
    expect((await request('GET /drafts', { editor: 'ann@example.com' })).body).toMatchObject({ where: 'server' });
    const annOwner = (await request('GET /drafts', { editor: 'ann@example.com' })).body;
    const bobOwner = (await request('GET /drafts', { editor: 'bob@example.com' })).body;
    expect(annOwner).not.toEqual(bobOwner);

    expect(await read('ann@example.com')).toEqual({ status: 200, body: null });
    const ann = draftOf('Ann’s title', 1_000);
    expect((await keep('ann@example.com', ann)).status).toBe(200);
    expect((await read('ann@example.com')).body).toEqual(ann);
    // Bob sees none of it, and his draft of the same entry is his own.
    expect((await read('bob@example.com')).body).toBeNull();
    const bob = draftOf('Bob’s title', 2_000);
    await keep('bob@example.com', bob);
    expect((await read('bob@example.com')).body).toEqual(bob);
    expect((await read('ann@example.com')).body).toEqual(ann);
    // Bob's drop leaves Ann's; hers removes hers; a drop of nothing is no error.
    expect((await request('POST /draft/drop', { editor: 'bob@example.com' })).status).toBe(200);
    expect((await read('ann@example.com')).body).toEqual(ann);
    expect((await read('bob@example.com')).body).toBeNull();

    // Neither the entry's path nor the editor's address is in any name on disk.
    const names = (await allFiles()).map((f) => path.relative(dir, f));
    expect(names).toHaveLength(1);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}\/[0-9a-f]{32}\.json$/);
    expect((await allFiles()).join()).not.toMatch(/home|ann|pages/);

    await request('POST /draft/drop', { editor: 'ann@example.com' });
    expect((await read('ann@example.com')).body).toBeNull();
    expect(await allFiles()).toEqual([]);
    expect((await request('POST /draft/drop', { editor: 'ann@example.com' })).status).toBe(200);
  });

  it('refuses what it must not keep, and keeps nothing of it', async () => {
    const good = draftOf('Fine');
    const withBase = (change: Record<string, unknown>) =>
      JSON.stringify({ ...good, base: { ...good.base, ...change } });
    expect((await keep('ann@example.com', good)).status).toBe(200);
    type Asked = () => Promise<{ status: number; body: unknown }>;
    const refusals: [string, Asked, number, RegExp][] = [
      ['no editor signed in', () => request('POST /draft', { body: JSON.stringify(good) }), 403, /signed-in editor/],
      ['no editor, reading', () => request('GET /draft'), 403, /signed-in editor/],
      [
        'a path outside site/',
        () => request('GET /draft', { editor: 'ann@example.com', target: '../secret.yaml' }),
        403,
        /./,
      ],
      [
        'not a content file',
        () => request('GET /draft', { editor: 'ann@example.com', target: 'images/logo.png' }),
        404,
        /is not something the studio edits/,
      ],
      ['not JSON', () => keep('ann@example.com', '{"base":'), 400, /not JSON/],
      ['not an object', () => keep('ann@example.com', '[1, 2]'), 400, /not an object/],
      ['no time', () => keep('ann@example.com', JSON.stringify({ ...good, at: 'yesterday' })), 400, /time/],
      ['no data', () => keep('ann@example.com', JSON.stringify({ ...good, draft: { body: 'x' } })), 400, /no data/],
      [
        'a body that is no text',
        () => keep('ann@example.com', JSON.stringify({ ...good, draft: { data: {}, body: 3 } })),
        400,
        /not text/,
      ],
      [
        'the base of another file',
        () => keep('ann@example.com', withBase({ file: 'pages/contact.yaml' })),
        400,
        /base is not site\/pages\/home\.yaml/,
      ],
      ['the base of another kind', () => keep('ann@example.com', withBase({ kind: 'article' })), 400, /not the page/],
      ['a base without version', () => keep('ann@example.com', withBase({ version: '../x' })), 400, /no version/],
      ['a base without title', () => keep('ann@example.com', withBase({ title: 7 })), 400, /no title/],
      ['a base without data', () => keep('ann@example.com', withBase({ data: undefined })), 400, /no data/],
      [
        'too large',
        () => keep('ann@example.com', JSON.stringify({ ...good, draft: { data: 'x'.repeat(maxDraftBytes) } })),
        413,
        /larger than 1 MB/,
      ],
    ];
    for (const [why, ask, status, message] of refusals) {
      const { status: got, body } = await ask();
      expect({ why, status: got }).toEqual({ why, status });
      expect((body as { error: string }).error, why).toMatch(message);
    }
    // The one good draft of all those requests is the one kept.
    expect((await read('ann@example.com')).body).toEqual(good);
    expect(await allFiles()).toHaveLength(1);

    // The laptop studio keeps drafts in the browser: its server refuses to hold them.
    const laptop = await serve({ root });
    expect((await request('GET /drafts', { app: laptop })).body).toMatchObject({ where: 'browser' });
    expect(await request('GET /draft', { app: laptop })).toEqual({
      status: 404,
      body: { error: expect.stringMatching(/keeps drafts in this browser/) },
    });
    await laptop.close();
    await request('POST /draft/drop', { editor: 'ann@example.com' });
  });

  it('keeps at most so many drafts per editor, and says so', async () => {
    const files = ['pages/home.yaml', 'pages/contact.yaml', 'pages/offer.yaml', 'pages/proof.yaml'];
    const draftFor = (target: string): StoredDraft => ({
      ...draftOf('x'),
      file: target,
      base: { ...base, file: target },
    });
    for (const target of files.slice(0, 3))
      expect(
        (await request('POST /draft', { editor: 'cy@example.com', target, body: JSON.stringify(draftFor(target)) }))
          .status,
      ).toBe(200);
    const refused = await request('POST /draft', {
      editor: 'cy@example.com',
      target: files[3],
      body: JSON.stringify(draftFor(files[3])),
    });
    expect(refused.status).toBe(413);
    expect((refused.body as { error: string }).error).toMatch(/3 unsaved drafts .* save or drop some/);
    // Replacing one of the three is no new draft; another editor is not counted against cy.
    expect(
      (
        await request('POST /draft', {
          editor: 'cy@example.com',
          target: files[0],
          body: JSON.stringify(draftFor(files[0])),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await request('POST /draft', {
          editor: 'di@example.com',
          target: files[3],
          body: JSON.stringify(draftFor(files[3])),
        })
      ).status,
    ).toBe(200);
    for (const target of files.slice(0, 3)) await request('POST /draft/drop', { editor: 'cy@example.com', target });
    await request('POST /draft/drop', { editor: 'di@example.com', target: files[3] });
  });

  it('replaces a draft whole: a reader sees one draft or the next, never part; a killed write leaves nothing behind', async () => {
    // A big draft, replaced many times while it is read: every read is one of the drafts written.
    const big = (n: number) => ({ ...draftOf('x'.repeat(200_000) + n, n + 1) });
    expect((await keep('ann@example.com', big(0))).status).toBe(200);
    const writes = Array.from({ length: 12 }, (_, n) => keep('ann@example.com', big(n + 1)));
    const reads = Array.from({ length: 12 }, () => read('ann@example.com'));
    expect((await Promise.all(writes)).map((w) => w.status)).toEqual(Array(12).fill(200));
    // A half-written file would read as no draft (null) or fail to match.
    for (const { body } of await Promise.all(reads))
      expect((body as StoredDraft | null)?.draft.data).toMatchObject({
        title: expect.stringMatching(/^x{200000}\d+$/),
      });
    // A temporary file of a write killed mid-way (a process that is gone) is removed when a new server starts.
    const { folder } = DraftStore.where('ann@example.com', file);
    const leftover = path.join(dir, folder, '.abc.json.2147483646-0123456789ab.tmp');
    await writeFile(leftover, '{"half":');
    const restarted = new DraftStore(dir);
    expect((await restarted.read('ann@example.com', file))?.file).toBe(file);
    await expect(readFile(leftover)).rejects.toThrow(/ENOENT/);
    // A draft file that cannot be read as the editor's is no draft (and nobody else's).
    const { relative } = DraftStore.where('ann@example.com', file);
    await writeFile(path.join(dir, relative), JSON.stringify({ ...draftOf('y'), editor: 'bob@example.com' }));
    expect(await restarted.read('ann@example.com', file)).toBeUndefined();
    await restarted.remove('ann@example.com', file);
  });

  it('refuses a link planted among the drafts', async () => {
    const outside = path.join(root, 'elsewhere');
    await mkdir(outside);
    const { folder } = DraftStore.where('eve@example.com', file);
    await symlink(outside, path.join(dir, folder));
    const answer = await keep('eve@example.com', draftOf('z'));
    expect(answer.status).toBe(403);
    expect((answer.body as { error: string }).error).toMatch(/symbolic link/);
    expect(await readdir(outside)).toEqual([]);
    // Nor is a draft read through it.
    const { relative } = DraftStore.where('eve@example.com', file);
    await writeFile(
      path.join(outside, path.basename(relative)),
      JSON.stringify({ ...draftOf('z'), editor: 'eve@example.com' }),
    );
    expect((await read('eve@example.com')).status).toBe(403);
  });
});

describe('restoreDraft', () => {
  it('brings the session back: the file the draft began from, the draft one undoable step over it', () => {
    const changed: Entry = { ...base, version: 'def456', data: { title: 'Newer' } };
    const stored = draftOf('Mine');
    const run = (actions: StudioAction[]) => actions.reduce(studioReducer, initialState);
    const restored = run([
      { type: 'open', entry: changed },
      { type: 'restoreDraft', base: stored.base, draft: stored.draft },
    ]);
    expect(restored.entry).toEqual(base);
    expect(restored.history.present).toEqual(stored.draft);
    expect(isDirty(restored)).toBe(true);
    const undone = studioReducer(restored, { type: 'undo' });
    expect(undone.history.present).toEqual({ data: base.data, body: undefined });
    expect(isDirty(undone)).toBe(false);
    expect(studioReducer(undone, { type: 'redo' }).history.present).toEqual(stored.draft);
  });
});

describe('which copy the studio on the server offers', () => {
  const older = draftOf('older', 1_000);
  const newer = draftOf('newer', 2_000);
  it('the newer of the browser’s and the server’s, the browser’s when the server cannot answer', () => {
    expect(newestCopy(newer, older)).toEqual({ draft: newer, stale: false });
    expect(newestCopy(older, newer)).toEqual({ draft: newer, stale: false });
    expect(newestCopy(undefined, newer)).toEqual({ draft: newer, stale: false });
    expect(newestCopy(undefined, null)).toEqual({ draft: undefined, stale: false });
    // Typed while the server could not be reached: never acknowledged, so kept and offered.
    expect(newestCopy(newer, null)).toEqual({ draft: newer, stale: false });
    expect(newestCopy({ ...newer, synced: true }, 'unreachable')).toEqual({ draft: newer, stale: false });
  });
  it('not a browser copy the server had and no longer has: saved or dropped elsewhere, it is stale', () => {
    expect(newestCopy({ ...older, synced: true }, null)).toEqual({ draft: undefined, stale: true });
    expect(newestCopy({ ...older, synced: true }, newer)).toEqual({ draft: newer, stale: false });
    expect(newestCopy({ ...newer, synced: true }, older)).toEqual({ draft: newer, stale: false });
  });
});
