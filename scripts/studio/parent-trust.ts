// The studio's process answers its parent alone, the visitors' server (studio-process.ts), which has
// already checked everything about a request: the session and its editor, the origin, the client's
// address and protocol as the trusted proxies tell them. The parent passes a secret at the fork and
// sends it with every request it forwards, beside that view of the request in headers of its own
// that replace any a visitor sent. Whatever else on the machine reaches the socket without the
// secret is refused, so it cannot pose as a request the parent checked.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { roles, type Editor } from '../../server/studio-access/editors.ts';
import { editorOf, setEditor } from '../../server/studio-access/request-editor.ts';

/** The parent's secret, on every request it forwards. */
export const parentHeader = 'x-studio-parent';
/** The signed-in editor, as the parent's gate found them (base64url of JSON). */
export const editorHeader = 'x-studio-editor';
/** The headers in which a proxy names the client: only the parent's own reach the studio. */
const clientHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

export const newParentSecret = () => randomBytes(32).toString('base64url');

/**
 * The headers of a request the parent forwards: the visitor's, less the session cookie (checked
 * here already) and any header of ours or of a proxy they sent, plus the parent's secret, the
 * editor and the client as the parent sees them.
 */
export function forwardedHeaders(
  request: FastifyRequest,
  headers: IncomingHttpHeaders,
  secret: string,
): IncomingHttpHeaders {
  const forwarded: IncomingHttpHeaders = { ...headers };
  for (const name of [parentHeader, editorHeader, 'cookie', ...clientHeaders]) delete forwarded[name];
  const editor = editorOf(request.raw);
  return {
    ...forwarded,
    host: request.headers.host,
    [parentHeader]: secret,
    ...(editor && { [editorHeader]: Buffer.from(JSON.stringify(editor)).toString('base64url') }),
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
  };
}

function editorFrom(header: string): Editor | undefined {
  try {
    const { email, role, added, leads } = JSON.parse(
      Buffer.from(header, 'base64url').toString('utf8'),
    ) as Partial<Editor>;
    if (typeof email === 'string' && roles.includes(role!) && typeof added === 'string')
      return { email, role: role!, added, ...(leads === true && { leads }) };
  } catch {
    // Not the parent's JSON: no editor.
  }
  return undefined;
}

/**
 * The studio process's first hook: a request without the parent's secret is refused; one with it
 * carries the editor the parent checked (request-editor.ts), as the gate sets it in one process.
 */
export function trustParentOnly(secret: string) {
  const expected = Buffer.from(secret);
  return async function parentOnly(request: FastifyRequest, reply: FastifyReply) {
    const given = Buffer.from(String(request.headers[parentHeader] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply
        .code(403)
        .send({ statusCode: 403, error: 'Forbidden', message: 'The studio answers the site’s own server only.' });
    const header = request.headers[editorHeader];
    const editor = typeof header === 'string' ? editorFrom(header) : undefined;
    if (editor) setEditor(request.raw, editor);
  };
}
