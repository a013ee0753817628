// Only the studio page itself may drive the studio's API: every request carries the per-run secret
// the page was given (a header, never a cookie, so another site cannot make the browser send it),
// and its Host and Origin must be the studio's own (a DNS-rebinding page has a foreign Host).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { keyRefusal, tokenHeader } from '../../shared/studio-protocol.ts';
import { StudioError } from './files.ts';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The host names the studio answers to: loopback, plus HOST when it is set. */
export function allowedHosts(host: string | undefined): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  if (host && host !== '0.0.0.0' && host !== '::')
    names.add(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  return names;
}

function hostName(hostHeader: string): string {
  return hostHeader.startsWith('[') ? hostHeader.slice(0, hostHeader.indexOf(']') + 1) : hostHeader.split(':')[0];
}

/** Host and Origin must be the studio's own: for the studio page and every API request. */
export function checkAddress(req: IncomingMessage, options: { hosts: Set<string>; port: number }): void {
  const host = req.headers.host ?? '';
  const port = host.startsWith('[') ? host.slice(host.indexOf(']') + 2) : host.split(':')[1];
  if (!options.hosts.has(hostName(host).toLowerCase()) || Number(port || 80) !== options.port)
    throw new StudioError(403, `Refused: the studio answers only at its own address, not "${host}".`);
  const origin = req.headers.origin;
  // Browsers send Origin on every POST and on cross-origin GETs; when present it must be ours.
  if (origin !== undefined && origin !== `http://${host}`)
    throw new StudioError(403, `Refused: requests from ${origin} may not use the studio.`);
  if (req.method !== 'GET' && req.method !== 'HEAD' && origin === undefined)
    throw new StudioError(403, 'Refused: a change must come from the studio page (no Origin header).');
}

/** An API request: its address checked, and the per-run key it carries. */
export function checkRequest(req: IncomingMessage, options: { token: string; hosts: Set<string>; port: number }): void {
  checkAddress(req, options);
  checkToken(req, options.token, 'Open the studio from the address `npm run studio` printed.');
}

/** The per-run key the studio page was given; `hint` says how to get a page that holds it. */
export function checkToken(req: IncomingMessage, token: string, hint: string): void {
  const given = Buffer.from(String(req.headers[tokenHeader] ?? ''));
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new StudioError(403, `${keyRefusal} ${hint}`);
}
