// What ends with a session, on real files and a real listening server: removing an editor and
// adding them again revives neither their old cookie nor an unused link; the change stream (a
// response that lasts, let through once, when it opened) is closed within a second of sign-out,
// of the session's expiry, and of the owner's `npm run editors -- remove` in another process,
// which only writes the editors list.
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { get } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { addEditor, removeEditor } from '../../server/studio-access/editors.ts';
import { linksDir } from '../../server/studio-access/links.ts';
import { SIGN_IN_LIMITS, type StudioHandler } from '../../server/studio-access/plugin.ts';
import { SESSION_LIFETIME_MS, sessionsDir } from '../../server/studio-access/sessions.ts';
import {
  ann,
  linkFor,
  pageAccept as html,
  pressSignIn,
  sameOrigin,
  signIn,
  signInServers,
  type SignInServer,
  tokenOf,
} from '../fixtures/studio-sign-in.ts';

const { withAnn: server } = signInServers();
const root = path.join(import.meta.dirname, '..', '..');

describe('removing an editor', () => {
  it('and adding them again revives neither their old session nor an unused link', async () => {
    const s = await server();
    const cookie = await signIn(s);
    const unused = await linkFor(s);
    await removeEditor(s.config.dataDir, ann);
    // Added again later: a new editor, as far as sessions and links go.
    await addEditor(s.config.dataDir, ann, 'editor', new Date(Date.now() + 1000));
    s.clock.now += SIGN_IN_LIMITS.mailEveryMs;
    const home = await s.app.inject({ url: '/_studio/', headers: { ...html, cookie } });
    expect(home.statusCode).toBe(303);
    expect(home.headers.location).toBe('/_studio/sign-in');
    const pressed = await pressSignIn(s.app, tokenOf(unused));
    expect(pressed.statusCode).toBe(410);
    expect(pressed.cookies.some((c) => c.name === 'studio_session')).toBe(false);
    // A new link signs the new editor in.
    expect((await pressSignIn(s.app, tokenOf(await linkFor(s)))).statusCode).toBe(303);
  });

  it('with the owner’s command deletes their sessions and unused links', async () => {
    const s = await server();
    await signIn(s);
    await linkFor(s);
    expect(await readdir(sessionsDir(s.config.dataDir))).toHaveLength(1);
    expect(await readdir(linksDir(s.config.dataDir))).toHaveLength(1);
    await promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'editors.ts'), 'remove', ann], {
      env: { ...process.env, DATA_DIR: s.config.dataDir },
    });
    expect(await readdir(sessionsDir(s.config.dataDir))).toEqual([]);
    expect(await readdir(linksDir(s.config.dataDir))).toEqual([]);
  });
});

/** The studio, standing in: a change stream at /_studio/api/events that never ends by itself. */
const studio: StudioHandler = {
  routes: async (app) => {
    app.get('/_studio/api/events', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.write(': open\n\n');
    });
    app.all('/_studio/*', async () => 'studio');
  },
};

/** A server listening on a port, so the change stream is a real response that stays open. */
async function listening(): Promise<{ s: SignInServer; base: string }> {
  const s = await server({}, { studio });
  const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
  return { s, base };
}

/** Opens the change stream; resolves once it is open, with when it ended. */
function openStream(base: string, cookie: string): Promise<{ ended: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const request = get(`${base}/_studio/api/events`, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      const ended = new Promise<number>((done) => {
        response.on('close', () => done(Date.now()));
        response.on('error', () => done(Date.now()));
      });
      response.once('data', () => resolve({ ended }));
    });
    request.on('error', reject);
  });
}

const secondAfter = async (ended: Promise<number>, since: number) => {
  const at = await Promise.race([ended, new Promise<number>((r) => setTimeout(() => r(Infinity), 3000))]);
  expect(at - since).toBeLessThan(1000);
};

describe("a session's open stream", () => {
  it('close at sign-out', async () => {
    const { s, base } = await listening();
    const cookie = await signIn(s);
    const stream = await openStream(base, cookie);
    const since = Date.now();
    const out = await s.app.inject({ method: 'POST', url: '/_studio/sign-out', headers: { ...sameOrigin, cookie } });
    expect(out.statusCode).toBe(303);
    await secondAfter(stream.ended, since);
  });

  it('close when the session expires', async () => {
    const { s, base } = await listening();
    const cookie = await signIn(s);
    const stream = await openStream(base, cookie);
    const since = Date.now();
    s.clock.now += SESSION_LIFETIME_MS;
    await secondAfter(stream.ended, since);
  });

  it("close when the owner's command removes the editor, in another process", async () => {
    const { s, base } = await listening();
    const cookie = await signIn(s);
    const stream = await openStream(base, cookie);
    // Another editor's stream stays open.
    await addEditor(s.config.dataDir, 'bo@example.com', 'editor', new Date(s.clock.now));
    const bo = await pressSignIn(s.app, tokenOf(await linkFor(s, 'bo@example.com')));
    const boCookie = `studio_session=${bo.cookies.find((c) => c.name === 'studio_session')!.value}`;
    const other = await openStream(base, boCookie);
    let otherEnded = false;
    void other.ended.then(() => (otherEnded = true));

    await promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'editors.ts'), 'remove', ann], {
      env: { ...process.env, DATA_DIR: s.config.dataDir },
    });
    const since = Date.now();
    await secondAfter(stream.ended, since);
    expect(otherEnded).toBe(false);
  });
});
