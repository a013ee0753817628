// _headers and _redirects for static hosts: the same security headers, caching and redirects as
// the server, from the same tables and manifest.
import { expect, it } from 'vitest';
import { headersFile, redirectsFile } from '../../scripts/deploy/static-host.ts';
import { publicPaths } from '../../server/public-files.ts';
import { securityHeaders } from '../../server/security-headers.ts';
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
  for (const entry of publicPaths) expect(rules.get(entry.path.endsWith('/') ? `${entry.path}*` : entry.path)).toEqual({ 'Cache-Control': entry.cacheControl });
  // A header in two matching rules would be joined by the host: only /* sets security headers.
  const names = [...rules.entries()].filter(([pattern]) => pattern !== '/*').flatMap(([, headers]) => Object.keys(headers));
  expect(new Set(names)).toEqual(new Set(['Cache-Control']));
});

it('_redirects has each redirect as a 301', () => {
  const lines = redirectsFile(manifest).split('\n').filter((line) => line && !line.startsWith('#'));
  expect(lines).toEqual(manifest.redirects.map((r) => `${r.from} ${r.to} 301`));
});
