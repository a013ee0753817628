// What the server's log says of each request. Fastify logs every request's URL; some addresses
// carry secrets, listed once in secretPaths: the studio's sign-in addresses in their query (a mailed
// link's token signs in whoever opens it within 15 minutes, an OpenID provider's code and state
// come back the same way), a shared preview's in its path (/_preview/<token>/…, which shows the
// unpublished site to whoever holds it). Such a URL is logged with the secret part replaced.
// Everything else is logged as Fastify would.
import type { FastifyLoggerOptions, FastifyRequest, FastifyServerOptions } from 'fastify';
import { PREVIEW_PATH } from './previews/share-links.ts';
import { SIGN_IN_PATH } from './studio-access/links.ts';

export const REDACTED_QUERY = '?[redacted]';
export const REDACTED_PREVIEW = `${PREVIEW_PATH}/[redacted]`;

interface SecretPath {
  /** The address (lower case) under which the secret travels. */
  path: string;
  /** Where it travels: the query, or the rest of the path and the query. */
  secretIn: 'query' | 'path';
}

/** Every address whose URL holds a secret; the generated nginx config redacts the same two in its log. */
export const secretPaths: readonly SecretPath[] = [
  { path: SIGN_IN_PATH, secretIn: 'query' },
  { path: PREVIEW_PATH, secretIn: 'path' },
];

/** The URL as the log may show it: a sign-in address without its query, a preview without its token. */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  // Matched loosely (any case, encoded, anywhere in the path): a link pasted with a typo still
  // carries a real token, and the log must not keep it either.
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: matched as written.
  }
  const lower = decoded.toLowerCase();
  const secret = secretPaths.find((entry) => lower.includes(entry.path));
  if (!secret) return url;
  if (secret.secretIn === 'path') return REDACTED_PREVIEW;
  return query === -1 ? url : `${pathname}${REDACTED_QUERY}`;
}

/** Fastify's own request serializer (Fastify passes its request), with the URL made loggable. */
type SerializedRequest = ReturnType<NonNullable<NonNullable<FastifyLoggerOptions['serializers']>['req']>>;
function request(raw: unknown): SerializedRequest {
  const req = raw as FastifyRequest;
  const version = req.headers?.['accept-version'];
  return {
    method: req.method,
    url: loggableUrl(req.url),
    version: typeof version === 'string' ? version : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The logger option with the request serializer above; false or an instance stays as given. */
export function withRedactedRequests(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === true) return { serializers: { req: request } };
  if (!logger || typeof logger !== 'object') return logger;
  return { ...logger, serializers: { ...logger.serializers, req: request } };
}
