// What ends with a session, on real files and a real listening server: removing an editor and
// adding them again revives neither their old cookie nor an unused link; the change stream (a
// response that lasts) and the preview's websocket (let through once, when it opened) are closed
// within a second of sign-out, of the session's expiry, and of the owner's `npm run editors --
// remove` in another process, which only writes the editors list.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readdir } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { gateAllows, takeUpgrades } from '../../scripts/studio/on-server.ts';
import { addEditor, removeEditor } from '../../server/studio-access/editors.ts';
import { linksDir } from '../../server/studio-access/links.ts';
import { OpenStreams } from '../../server/studio-access/open-streams.ts';
import { SIGN_IN_LIMITS, type StudioHandler } from '../../server/studio-access/plugin.ts';
import { SESSION_LIFETIME_MS, sessionsDir } from '../../server/studio-access/sessions.ts';
import { previewPath } from '../../shared/studio-protocol.ts';
import {
  ann,
  linkFor,
  pageAccept as html,
  pressSignIn,
  PUBLIC_URL,
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

/** A server listening on a port, with the preview's websocket taken as `npm start` takes it. */
async function listening(): Promise<{ s: SignInServer; base: string }> {
  const streams = new OpenStreams();
  const upgrades = new EventEmitter();
  // Vite, standing in: completes the websocket handshake and keeps the socket open.
  upgrades.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    const accept = createHash('sha1')
      .update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
  });
  const s = await server({}, { studio, studioStreams: streams });
  const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
  takeUpgrades(s.app.server, gateAllows(s.app, PUBLIC_URL), upgrades, streams);
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

/** Opens the preview's websocket; resolves once it is open, with when it closed. */
function openSocket(base: string, cookie: string): Promise<{ ended: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}${previewPath}`, {
      headers: { cookie, origin: PUBLIC_URL },
    } as unknown as string[]);
    const ended = new Promise<number>((done) => socket.addEventListener('close', () => done(Date.now())));
    socket.addEventListener('open', () => resolve({ ended }));
    socket.addEventListener('error', (event) =>
      reject(new Error(`the websocket did not open: ${String((event as ErrorEvent).message)}`)),
    );
  });
}

const secondAfter = async (ended: Promise<number>, since: number) => {
  const at = await Promise.race([ended, new Promise<number>((r) => setTimeout(() => r(Infinity), 3000))]);
  expect(at - since).toBeLessThan(1000);
};

describe("a session's open stream and websocket", () => {
  it('close at sign-out', async () => {
    const { s, base } = await listening();
    const cookie = await signIn(s);
    const stream = await openStream(base, cookie);
    const socket = await openSocket(base, cookie);
    const since = Date.now();
    const out = await s.app.inject({ method: 'POST', url: '/_studio/sign-out', headers: { ...sameOrigin, cookie } });
    expect(out.statusCode).toBe(303);
    await secondAfter(stream.ended, since);
    await secondAfter(socket.ended, since);
  });

  it('close when the session expires', async () => {
    const { s, base } = await listening();
    const cookie = await signIn(s);
    const stream = await openStream(base, cookie);
    const socket = await openSocket(base, cookie);
    const since = Date.now();
    s.clock.now += SESSION_LIFETIME_MS;
    await secondAfter(stream.ended, since);
    await secondAfter(socket.ended, since);
  });

  it("close when the owner's command removes the editor, in another process", async () => {
    const { s, base } = await listening();
    const cookie = await signIn(s);
    const stream = await openStream(base, cookie);
    const socket = await openSocket(base, cookie);
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
    await secondAfter(socket.ended, since);
    expect(otherEnded).toBe(false);
  });
});
