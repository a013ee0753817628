// _headers and _redirects for static hosts: the same security headers, caching and redirects as
// the server, from the same tables and manifest.
import { expect, it } from 'vitest';
import { headersFile, redirectsFile } from '../../scripts/deploy/static-host.ts';
import { publicPaths } from '../../server/public-files.ts';
import { headersForMediaType, securityHeaders } from '../../server/security-headers.ts';
import { manifest } from '../fixtures/dist-fixture.ts';

/** Netlify's and Cloudflare's format: a path pattern, then indented "Name: value" lines. */
function parseHeaders(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!line.startsWith(' ')) rules.set(line, (current = {}));
    else {
      const [name, ...value] = line.trim().split(': ');
      current![name] = value.join(': ');
    }
  }
  return rules;
}

it('_headers gives every path the security headers and each public file its caching, each header set once', () => {
  const rules = parseHeaders(headersFile(manifest));
  expect(rules.get('/*')).toEqual(securityHeaders);
  for (const entry of publicPaths)
    expect(rules.get(entry.path.endsWith('/') ? `${entry.path}*` : entry.path)).toEqual({
      'Cache-Control': entry.cacheControl,
    });
  // A header in two matching rules would be joined by the host: only /* sets security headers.
  const names = [...rules.entries()]
    .filter(([pattern]) => pattern !== '/*')
    .flatMap(([, headers]) => Object.keys(headers));
  expect(new Set(names)).toEqual(new Set(['Cache-Control']));
});

it('_headers gives each SVG of the build its sandboxing policy, by its exact path', () => {
  const rules = parseHeaders(
    headersFile(manifest, [
      '/images/logo.svg',
      '/images/blog/Cover.SVG',
      '/images/photo.png',
      '/assets/index-AbC123.js',
    ]),
  );
  const sandbox = headersForMediaType('image/svg+xml');
  expect(sandbox['Content-Security-Policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  expect(rules.get('/images/logo.svg')).toEqual(sandbox);
  expect(rules.get('/images/blog/Cover.SVG')).toEqual(sandbox);
  expect(rules.has('/images/photo.png')).toBe(false);
});

it('_redirects has each redirect as a 301', () => {
  const lines = redirectsFile(manifest)
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
  expect(lines).toEqual(manifest.redirects.map((r) => `${r.from} ${r.to} 301`));
});
