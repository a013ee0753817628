// The build is served from disk: the server's memory does not grow with the size of dist/ (a
// large image is streamed, not held), the file still arrives whole, by range and with its ETag,
// and no symbolic link in dist/ is followed, at start or afterwards.
import type { FastifyInstance } from 'fastify';
import { createWriteStream } from 'node:fs';
import { rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';

const MB = 2 ** 20;
const largeSize = 64 * MB;
// One megabyte of varied bytes, repeated: the test itself never holds the whole file.
const chunk = Buffer.from(Array.from({ length: MB }, (_, i) => (i * 7 + (i >> 8)) % 256));

async function writeLarge(file: string) {
  const out = createWriteStream(file);
  for (let written = 0; written < largeSize; written += MB) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

// What the process holds in JavaScript objects and buffers (a Buffer counts under external).
const held = () => {
  const usage = process.memoryUsage();
  return { heapAndBuffers: usage.heapUsed + usage.external, rss: usage.rss };
};

let dist: string;
let app: FastifyInstance;
let growth: { heapAndBuffers: number; rss: number };

beforeAll(async () => {
  // A first app, closed: the modules and Fastify's one-time set-up are not counted below.
  const warm = await buildApp({ config: testConfig(await writeDist()) });
  await warm.inject({ url: '/' });
  await warm.close();
  dist = await writeDist();
  await writeLarge(path.join(dist, 'images', 'large.png'));
  const before = held();
  app = await buildApp({ config: testConfig(dist) });
  const after = held();
  growth = { heapAndBuffers: after.heapAndBuffers - before.heapAndBuffers, rss: after.rss - before.rss };
}, 60_000);
afterAll(async () => {
  await app?.close();
  await rm(path.dirname(dist), { recursive: true, force: true });
});

describe('memory', () => {
  it(`does not grow by the size of dist/ at start (a ${largeSize / MB} MB image in it)`, () => {
    expect(growth.heapAndBuffers).toBeLessThan(16 * MB);
    expect(growth.rss).toBeLessThan(largeSize / 2);
  });
});

describe('a large file, streamed', () => {
  it('is sent whole on HEAD and GET, with its length, type and cache policy', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/images/large.png' });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(largeSize);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.headers['cache-control']).toBe('public, max-age=86400');
    // Over a real socket: a stream of this size is what the server sends to browsers.
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const body = Buffer.from(await (await fetch(`${base}/images/large.png`)).arrayBuffer());
    expect(body.length).toBe(largeSize);
    expect(body.subarray(5 * MB + 100, 5 * MB + 200).equals(chunk.subarray(100, 200))).toBe(true);
  });

  it('answers a range with 206 and exactly those bytes', async () => {
    const start = 3 * MB + 12_345;
    const response = await app.inject({
      url: '/images/large.png',
      headers: { range: `bytes=${start}-${start + 999}` },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${start + 999}/${largeSize}`);
    expect(response.rawPayload.equals(chunk.subarray(12_345, 12_345 + 1000))).toBe(true);
    const tail = await app.inject({ url: '/images/large.png', headers: { range: 'bytes=-16' } });
    expect(tail.rawPayload.equals(chunk.subarray(MB - 16))).toBe(true);
  });

  it('answers 304 to its ETag', async () => {
    const { headers } = await app.inject({ method: 'HEAD', url: '/images/large.png' });
    expect(headers.etag).toBeTruthy();
    const again = await app.inject({ url: '/images/large.png', headers: { 'if-none-match': String(headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});

describe('links', () => {
  it('the server refuses to start on a build holding a link, naming it', async () => {
    const linked = await writeDist();
    try {
      await symlink('/etc/passwd', path.join(linked, 'images', 'passwd.svg'));
      await expect(buildApp({ config: testConfig(linked) })).rejects.toThrow(
        /^dist\/images\/passwd\.svg is a symbolic link/,
      );
    } finally {
      await rm(linked, { recursive: true, force: true });
    }
  });

  it.each([
    ['a public file', 'images/logo.svg', '/images/logo.svg', 'identity'],
    ['a precompressed variant', 'assets/index-AbC123.js.br', '/assets/index-AbC123.js', 'br'],
    ['a page', 'services/index.html', '/services', 'identity'],
  ])('%s replaced by a link after start is not followed: 404, nothing leaked', async (_kind, file, url, encoding) => {
    const full = path.join(dist, ...file.split('/'));
    await rm(full);
    // writeDist puts secret.txt beside the build: the link leads out of dist/.
    await symlink(path.join(dist, '..', 'secret.txt'), full);
    const response = await app.inject({ url, headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(404);
    const body = (
      response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload) : response.rawPayload
    ).toString();
    expect(body).not.toContain('top secret');
    expect(body).toContain('<title>404</title>');
  });
});
