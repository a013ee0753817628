// The studio in its own process (scripts/studio/studio-process.ts), as `npm start` runs it: the
// visitors' server keeps answering while the studio's process is killed under load, and the studio
// comes back by itself; the studio's socket answers its parent alone; the parent forwards its own
// view of the request, never what a visitor claims; closing the server ends both processes.
import { request as httpRequest } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEditor } from '../../server/studio-access/editors.ts';
import { SESSION_COOKIE } from '../../server/studio-access/sessions.ts';
import { setEditor } from '../../server/studio-access/request-editor.ts';
import { editorHeader, forwardedHeaders, parentHeader } from '../../scripts/studio/parent-trust.ts';
import { studioApiPath, studioPath, tokenHeader, tokenMeta } from '../../shared/studio-protocol.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { committedFixtureSite, serveStudio, sessionOf, type CommittedSite } from '../fixtures/studio-on-server.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A GET straight to the studio's socket, as another process of the machine could send it. */
function askSocket(socket: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ socketPath: socket, path: `${studioApiPath}entries`, headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the studio in its own process', () => {
  let site: CommittedSite;
  let dataDir: string;
  let server: Awaited<ReturnType<typeof serveStudio>>;
  let cookie: string;

  beforeAll(async () => {
    site = await committedFixtureSite('studio-process');
    dataDir = await mkdtemp(path.join(tmpdir(), 'studio-process-data-'));
    await addEditor(dataDir, 'editor@example.com', 'editor');
    server = await serveStudio(site.root, testConfig(await writeDist(), { dataDir, rateLimit: 0 }));
    cookie = `${SESSION_COOKIE}=${await sessionOf(dataDir, 'editor@example.com')}`;
  }, 300_000);
  afterAll(async () => {
    await server?.app.close();
    await rm(site.root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The studio's entry list as the studio page asks for it: 200 once the studio answers. */
  async function studioAnswers(): Promise<number> {
    const page = await fetch(`${server.base}${studioPath}`, { headers: { cookie, accept: 'text/html' } });
    const html = await page.text();
    const key = new RegExp(`name="${tokenMeta}" content="([^"]+)"`).exec(html)?.[1];
    if (!page.ok || !key) return page.status;
    return (await fetch(`${server.base}${studioApiPath}entries`, { headers: { cookie, [tokenHeader]: key } })).status;
  }

  it('keeps visitors answered while the studio is killed, and the studio comes back', async () => {
    expect(await studioAnswers()).toBe(200);
    const killed = server.studio.pid()!;
    expect(killed).toBeGreaterThan(0);

    const statuses: number[] = [];
    let loading = true;
    const visitor = async () => {
      while (loading) statuses.push((await fetch(`${server.base}/`)).status);
    };
    const visitors = Array.from({ length: 4 }, visitor);
    await expect.poll(() => statuses.length).toBeGreaterThan(20);
    process.kill(killed, 'SIGKILL');
    await expect.poll(() => alive(killed)).toBe(false);
    const duringRestart = statuses.length;
    await expect.poll(studioAnswers, { timeout: 60_000 }).toBe(200);
    expect(server.studio.pid()).not.toBe(killed);
    await expect.poll(() => statuses.length).toBeGreaterThan(duringRestart + 20);
    loading = false;
    await Promise.all(visitors);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it('refuses a request on its socket without its parent’s secret', async () => {
    const socket = (await readdir(dataDir)).find((name) => name.endsWith('.sock'));
    expect(socket).toBeDefined();
    const full = path.join(dataDir, socket!);
    const editor = Buffer.from(JSON.stringify({ email: 'x@example.com', role: 'publisher', added: '' })).toString(
      'base64url',
    );
    expect(await askSocket(full, {})).toBe(403);
    expect(await askSocket(full, { [parentHeader]: 'guessed', [editorHeader]: editor })).toBe(403);
  });

  it('closes both processes with the server', async () => {
    const child = server.studio.pid()!;
    await server.app.close();
    await expect.poll(() => alive(child)).toBe(false);
    expect((await readdir(dataDir)).filter((name) => name.endsWith('.sock'))).toEqual([]);
  });
});

describe('what the visitors’ server forwards', () => {
  it('is its own view of the client and editor, whatever the visitor sent', async () => {
    const app = Fastify();
    app.addHook('onRequest', async (request) => {
      setEditor(request.raw, { email: 'editor@example.com', role: 'editor', added: '2026-01-01' });
    });
    app.get('/', async (request) => forwardedHeaders(request, request.headers, 'the-secret'));
    const forged = Buffer.from(JSON.stringify({ email: 'boss@example.com', role: 'publisher', added: '' })).toString(
      'base64url',
    );
    const response = await app.inject({
      url: '/',
      remoteAddress: '203.0.113.7',
      headers: {
        host: 'www.example.com',
        cookie: 'session=abc',
        [parentHeader]: 'forged',
        [editorHeader]: forged,
        'x-forwarded-for': '198.51.100.1',
        'x-forwarded-proto': 'https',
        forwarded: 'for=198.51.100.1',
      },
    });
    const headers = response.json<Record<string, string>>();
    expect(headers[parentHeader]).toBe('the-secret');
    expect(JSON.parse(Buffer.from(headers[editorHeader], 'base64url').toString())).toMatchObject({
      email: 'editor@example.com',
      role: 'editor',
    });
    expect(headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers.host).toBe('www.example.com');
    expect(headers.cookie).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
  });
});
