// What the server's log says of each request. Fastify logs every request's URL; the studio's
// sign-in addresses carry secrets in their query (a mailed link's token signs in whoever opens it
// within 15 minutes, an OpenID provider's code and state come back the same way), so under
// /_studio/sign-in the query is logged as "?[redacted]". Everything else is logged as Fastify would.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { SIGN_IN_PATH } from './studio-access/links.ts';

export const REDACTED_QUERY = '?[redacted]';

/** The URL as the log may show it: a sign-in address without its query. */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const pathname = url.slice(0, query);
  // Matched loosely (any case, encoded, anywhere in the path): a link pasted with a typo still
  // carries a real token, and the log must not keep it either.
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: matched as written.
  }
  const signIn = decoded.toLowerCase().includes(SIGN_IN_PATH);
  return signIn ? `${pathname}${REDACTED_QUERY}` : url;
}

/** Fastify's own request serializer, with the URL made loggable. */
function request(req: FastifyRequest) {
  return {
    method: req.method,
    url: loggableUrl(req.url),
    version: req.headers?.['accept-version'],
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
