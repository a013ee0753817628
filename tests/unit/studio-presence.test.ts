// Who else has an entry open (scripts/studio/presence-routes.ts), with a clock the test moves: on
// the server a person is the signed-in editor (their own other windows are not someone else); on
// the laptop every other window is someone; a leave forgets at once, silence after 45 s; a window
// showing another entry is not there; each refusal (no window name, no entry, outside site/, not
// signed in on the server).
import Fastify from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setEditor } from '../../server/studio-access/request-editor.ts';
import { forgetAfterMs, presenceRoutes } from '../../scripts/studio/presence-routes.ts';
import { studioErrorHandler } from '../../scripts/studio/api-errors.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'studio-presence-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const windowOf = (n: number) => `window-${String(n).padStart(4, '0')}`;

function routes(onServer: boolean) {
  const clock = { now: 1_000_000 };
  const app = Fastify();
  app.addHook('onRequest', async (request) => {
    const email = request.headers['x-test-editor'];
    if (typeof email === 'string') setEditor(request.raw, { email, role: 'editor', added: '' });
  });
  app.setErrorHandler(studioErrorHandler);
  app.register(presenceRoutes, { root, onServer, now: () => clock.now });
  const ask = async (method: 'GET' | 'POST', url: string, body?: unknown, email?: string) => {
    const response = await app.inject({
      method,
      url,
      headers: email ? { 'x-test-editor': email } : {},
      ...(body !== undefined && { payload: body as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
  };
  /** One window's presence request; `email` signs the request in as that editor. A refusal throws its answer. */
  const say = async (body: Record<string, unknown>, email?: string) => {
    const answer = await ask('POST', '/presence', body, email);
    if (answer.status !== 200) throw answer;
    return answer.body.others as string[];
  };
  return { clock, say, ask };
}

describe('on the server', () => {
  it('shows the other editors by address, once each, never yourself in another window', async () => {
    const { say } = routes(true);
    const file = 'pages/contact.yaml';
    expect(await say({ file, window: windowOf(1) }, 'ana@example.com')).toEqual([]);
    expect(await say({ file, window: windowOf(2) }, 'bo@example.com')).toEqual(['ana@example.com']);
    expect(await say({ file, window: windowOf(3) }, 'bo@example.com')).toEqual(['ana@example.com']);
    expect(await say({ file, window: windowOf(4) }, 'ana@example.com')).toEqual(['bo@example.com']);
    // Someone on another entry is not here.
    expect(await say({ file: 'pages/home.yaml', window: windowOf(5) }, 'cy@example.com')).toEqual([]);
    expect(await say({ file, window: windowOf(1) }, 'ana@example.com')).toEqual(['bo@example.com']);
  });

  it('forgets a window that left at once, and one silent for 45 s', async () => {
    const { say, clock } = routes(true);
    const file = 'pages/home.yaml';
    await say({ file, window: windowOf(1) }, 'ana@example.com');
    await say({ file, window: windowOf(2) }, 'bo@example.com');
    expect(await say({ window: windowOf(1), leave: true }, 'ana@example.com')).toEqual([]);
    expect(await say({ file, window: windowOf(2) }, 'bo@example.com')).toEqual([]);
    await say({ file, window: windowOf(1) }, 'ana@example.com');
    clock.now += forgetAfterMs - 1;
    expect(await say({ file, window: windowOf(2) }, 'bo@example.com')).toEqual(['ana@example.com']);
    clock.now += 2;
    expect(await say({ file, window: windowOf(2) }, 'bo@example.com')).toEqual([]);
  });

  it('refuses a request without a signed-in editor', async () => {
    const { say } = routes(true);
    await expect(say({ file: 'pages/home.yaml', window: windowOf(1) })).rejects.toMatchObject({ status: 401 });
  });
});

describe('on the laptop', () => {
  it('every other window is someone', async () => {
    const { say } = routes(false);
    const file = 'pages/home.yaml';
    await say({ file, window: windowOf(1) });
    await say({ file, window: windowOf(2) });
    expect(await say({ file, window: windowOf(3) })).toEqual(['another studio window', 'another studio window']);
  });

  it('refuses a window without a name, no entry, a file that is not an entry, and a path out of site/', async () => {
    const { say, ask } = routes(false);
    for (const body of [
      { file: 'pages/home.yaml' },
      { file: 'pages/home.yaml', window: 'x' },
      { file: 'pages/home.yaml', window: 'a b c d e f g h' },
      { window: windowOf(1) },
      { file: 'images/logo.png', window: windowOf(1) },
      { file: '../secret.yaml', window: windowOf(1) },
    ]) {
      const refused = await say(body).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused, JSON.stringify(body)).toMatchObject({ body: { error: expect.any(String) } });
      expect((refused as { status: number }).status).toBeGreaterThanOrEqual(400);
    }
    // Who saved: nobody on the laptop, where saves are not commits.
    expect(await ask('GET', '/saved-by?file=pages/home.yaml')).toEqual({ status: 200, body: {} });
  });
});
