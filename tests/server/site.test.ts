// The server as a visitor's browser and an attacker see it: statuses, headers, compression,
// and no way out of dist/.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { mediaType } from '../../server/media-types.ts';
import { headersForMediaType, securityHeaders } from '../../server/security-headers.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildApp({ config: testConfig(await writeDist()) });
});
afterAll(() => app.close());

describe('statuses', () => {
  it.each(['/', '/services', '/resources/blogs/hello-world'])('%s is 200 with its prerendered HTML', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>');
  });

  it('a declared redirect answers 301 to its target', async () => {
    const response = await app.inject({ url: '/resources/blogs/old-hello' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/resources/blogs/hello-world');
  });

  it('a trailing slash answers 301 to the canonical address', async () => {
    const response = await app.inject({ url: '/services/?x=1' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/services?x=1');
  });

  it('an unknown path answers 404 with the not-found page', async () => {
    const response = await app.inject({ url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>404</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('the build manifest is not public', async () => {
    expect((await app.inject({ url: '/_site.json' })).statusCode).toBe(404);
  });

  it.each([
    '/assets/',
    '/images/',
    '/_data/',
    '/resources/blogs/',
    '/assets/index-AbC123.js.br',
    '/services/index.html.gz',
    '/index.html',
  ])('%s is 404: no folder listing, no variant or page file by its own name', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>404</title>');
  });

  it('HEAD answers as GET, without the body', async () => {
    const [get, head] = await Promise.all(
      ['GET', 'HEAD'].map((method) => app.inject({ method: method as 'GET' | 'HEAD', url: '/services' })),
    );
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it.each([{ 'if-none-match': '*' }, { 'if-match': '*' }, { range: 'bytes=0-9' }])(
    'the not-found page is sent whole to a conditional or range request (%o)',
    async (headers) => {
      const response = await app.inject({ url: '/no-such-page', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<title>404</title>');
    },
  );
});

describe('caching and compression', () => {
  it('hashed assets are cached for a year, immutable', async () => {
    const response = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('HTML is revalidated every time, with an ETag that yields 304', async () => {
    const first = await app.inject({ url: '/services' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeTruthy();
    const second = await app.inject({ url: '/services', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(second.statusCode).toBe(304);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])('Accept-Encoding %s gets the precompressed %s file', async (accept, encoding) => {
    const response = await app.inject({ url: '/services', headers: { 'accept-encoding': accept } });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('a precompressed variant keeps the media type of media-types.ts', async () => {
    const response = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe(mediaType('index.js'));
  });

  it('a client that accepts no encoding gets the plain file', async () => {
    const response = await app.inject({ url: '/services', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<title>Services</title>');
  });
});

describe('security headers', () => {
  it.each(['/', '/no-such-page', '/assets/index-AbC123.js'])('%s carries them', async (url) => {
    const { headers } = await app.inject({ url });
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it.each(['/', '/no-such-page', '/healthz', '/resources/blogs/old-hello'])(
    '%s sends every header of the one table, as written there',
    async (url) => {
      const { headers } = await app.inject({ url });
      for (const [name, value] of Object.entries(securityHeaders))
        expect(headers[name.toLowerCase()], name).toBe(value);
    },
  );

  it("an SVG is sent with the sandboxing policy in place of the pages' (no script, no request, no plugin)", async () => {
    const { headers } = await app.inject({ url: '/images/logo.svg' });
    expect(headers['content-type']).toBe('image/svg+xml');
    expect(headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(headers['content-security-policy']).toBe(headersForMediaType('image/svg+xml')['Content-Security-Policy']);
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('an error answer keeps them', async () => {
    const { statusCode, headers } = await app.inject({ method: 'POST', url: '/no-such-endpoint', payload: {} });
    expect(statusCode).toBe(404);
    expect(headers['content-security-policy']).toBe(securityHeaders['Content-Security-Policy']);
  });
});

describe('path traversal', () => {
  it.each([
    '/assets/..%2f..%2fetc%2fpasswd',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/images/../../secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/_data/..%2f_site.json',
    '/assets/%252e%252e%252fsecret.txt',
    '/etc/passwd',
    '/assets/index-AbC123.js%00.html',
  ])('%s is 404 and leaks nothing', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('top secret');
    expect(response.body).not.toContain('root:');
    expect(response.body).not.toContain('"routes"');
  });
});
