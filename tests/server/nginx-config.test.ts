// The generator's own rules, without starting nginx (the topology test runs the real thing):
// the rate limit's arithmetic, refusal of paths that could break out of a directive, and the
// command line's errors.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { leadRate, nginxConfig } from '../../scripts/deploy/nginx-config.ts';
import { securityHeaders } from '../../server/security-headers.ts';
import { manifest } from '../fixtures/dist-fixture.ts';

const base = { distDir: '/srv/dist', manifest, listen: '8080', upstreams: ['127.0.0.1:3001'], rateLimit: 5 };

it('RATE_LIMIT per 10 minutes becomes that many at once, then an even refill in whole requests per minute', () => {
  expect(leadRate(5)).toEqual({ perMinute: 1, burst: 4, retryAfterSeconds: 60 });
  expect(leadRate(30)).toEqual({ perMinute: 3, burst: 29, retryAfterSeconds: 20 });
  expect(nginxConfig({ ...base, rateLimit: 0 })).not.toContain('limit_req zone=');
});

it('states the security headers in every location that adds a header (nginx does not inherit them there)', () => {
  const config = nginxConfig(base);
  const blocks = config.split(/\n    location /).slice(1).filter((block) => block.includes('add_header'));
  expect(blocks.length).toBeGreaterThan(manifest.routes.length);
  for (const block of blocks) for (const name of Object.keys(securityHeaders)) expect(block, block.split('\n')[0]).toContain(`add_header ${name} `);
});

it('refuses a path that could end a directive, and has no user or daemon directive', () => {
  expect(() => nginxConfig({ ...base, manifest: { ...manifest, routes: ['/a; return 200 x'] } })).toThrow(/Cannot put the path/);
  expect(nginxConfig(base)).not.toMatch(/^\s*(user|daemon)\s/m);
});

it('the command line names what is missing', async () => {
  const run = (...args: string[]) => promisify(execFile)(process.execPath, [path.join(import.meta.dirname, '..', '..', 'scripts', 'nginx-config.ts'), ...args]).catch((error: { code: number; stderr: string }) => error);
  expect(await run('--listen', '8080')).toMatchObject({ code: 1, stderr: expect.stringMatching(/--upstream HOST:PORT/) });
  expect(await run('--listen', 'x', '--upstream', '127.0.0.1:3001')).toMatchObject({ code: 1, stderr: expect.stringMatching(/--listen needs a port/) });
});
