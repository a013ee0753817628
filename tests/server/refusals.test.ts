// Abuse costs little, on a real listening server and real sockets: a refused request is answered
// and its connection closed without the body being read; a trickled body is cut off within
// seconds, while a slow but steady phone still gets through; malformed leads (400) do not spend
// the client's rate limit.
import type { FastifyInstance } from 'fastify';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureForms, validLead } from '../fixtures/leads.ts';

let distDir: string;
let form: FormDefinition;
const apps: FastifyInstance[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  const forms = await fixtureForms();
  form = forms[0];
  distDir = await writeDist(forms);
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const app of apps.splice(0)) await app.close();
});

async function listen(overrides: Partial<ServerConfig>): Promise<{ app: FastifyInstance; port: number }> {
  const dataDir = path.join(distDir, '..', `data-${Math.random().toString(36).slice(2)}`);
  const app = await buildApp({ config: testConfig(distDir, { dataDir, rateLimit: 0, ...overrides }) });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, port: typeof address === 'object' && address ? address.port : 0 };
}

/** A raw HTTP/1.1 connection: what the server sent, and whether (and when) it closed the socket. */
function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const state = { received: '', closedAt: undefined as number | undefined, writeFailed: false };
  socket.on('data', (chunk: Buffer) => (state.received += chunk.toString('latin1')));
  socket.on('close', () => (state.closedAt = Date.now()));
  socket.on('error', () => (state.writeFailed = true));
  const send = (text: string) => {
    if (!socket.destroyed) socket.write(text);
  };
  return { socket, state, send };
}

const head = (port: number, headers: Record<string, string | number>) =>
  `POST ${form.endpoint} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

describe('a refused request is answered without its body being read', () => {
  // A gigabyte announced and never sent: the answer must come from the headers alone, and the
  // server must hang up rather than wait for (and read) the body.
  const huge = 1_000_000_000;
  const cases: [string, number, Record<string, string | number>][] = [
    ['cross-site', 403, { 'content-type': 'application/json', 'content-length': huge, origin: 'https://evil.example' }],
    ['wrong content type', 415, { 'content-type': 'text/plain', 'content-length': huge }],
    ['too large by Content-Length', 413, { 'content-type': 'application/json', 'content-length': huge }],
    ['rate limited', 429, { 'content-type': 'application/json', 'content-length': huge }],
  ];

  it.each(cases)('%s → %i, Connection: close, the socket closed', async (name, status, headers) => {
    // A long request timeout, so that only the refusal can close the connection here.
    const { app, port } = await listen({ rateLimit: name === 'rate limited' ? 1 : 0, requestTimeoutMs: 120_000 });
    if (name === 'rate limited')
      expect(
        (await app.inject({ method: 'POST', url: form.endpoint, payload: validLead(form), remoteAddress: '127.0.0.1' }))
          .statusCode,
      ).toBe(202);
    const connection = rawConnection(port);
    connection.send(head(port, headers));
    await expect.poll(() => connection.state.closedAt, { timeout: 5000 }).toBeDefined();
    expect(connection.state.received).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(connection.state.received.toLowerCase()).toContain('connection: close');
  });
});

describe('slow requests', () => {
  it('a trickled body is answered 408 and cut off once REQUEST_TIMEOUT_MS has passed', async () => {
    const { port } = await listen({ requestTimeoutMs: 1500 });
    const connection = rawConnection(port);
    const started = Date.now();
    connection.send(head(port, { 'content-type': 'application/json', 'content-length': 10_000 }));
    // One byte every 100 ms would take 1000 s to finish.
    const trickle = setInterval(() => connection.send(' '), 100);
    try {
      await expect.poll(() => connection.state.closedAt, { timeout: 8000, interval: 100 }).toBeDefined();
    } finally {
      clearInterval(trickle);
    }
    expect(connection.state.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(connection.state.closedAt! - started).toBeGreaterThanOrEqual(1400);
  });

  it('a lead sent slowly but steadily, as from a phone on a poor connection, is accepted with the default timeout', async () => {
    const { port } = await listen({});
    const message = form.fields.find((field) => field.kind === 'textarea');
    const body = Buffer.from(
      JSON.stringify({ ...validLead(form), ...(message && { [message.name]: 'x'.repeat(4800) }) }),
    );
    const connection = rawConnection(port);
    connection.send(head(port, { 'content-type': 'application/json', 'content-length': body.length }));
    // About 2 s for the body: 24 kbit/s, a fraction of what a 3G phone uploads.
    for (let offset = 0; offset < body.length; offset += 512) {
      connection.socket.write(body.subarray(offset, offset + 512));
      await new Promise((resolve) => setTimeout(resolve, 2000 / Math.ceil(body.length / 512)));
    }
    await expect.poll(() => connection.state.received, { timeout: 10_000 }).toMatch(/^HTTP\/1\.1 202 /);
  });
});

describe('the rate limit', () => {
  it('is spent by valid leads only: malformed requests (400) cost nothing', async () => {
    const { app } = await listen({ rateLimit: 2 });
    const post = (payload: string) =>
      app
        .inject({ method: 'POST', url: form.endpoint, payload, headers: { 'content-type': 'application/json' } })
        .then((r) => r.statusCode);
    const valid = () => JSON.stringify(validLead(form));
    expect(await post('{"not json')).toBe(400);
    expect(await post(JSON.stringify({ ...validLead(form), [form.fields[0].name]: 42 }))).toBe(400);
    expect(await post(JSON.stringify({ unknown: 'field' }))).toBe(400);
    expect(await post(valid())).toBe(202);
    expect(await post(valid())).toBe(202);
    expect(await post(valid())).toBe(429);
    // Still malformed after the limit: refused as over the limit before its body is read.
    expect(await post('{"not json')).toBe(429);
  });

  it('holds under concurrent valid leads: no more than RATE_LIMIT are accepted', async () => {
    const { app } = await listen({ rateLimit: 3 });
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.inject({ method: 'POST', url: form.endpoint, payload: validLead(form) }).then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 202)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});
