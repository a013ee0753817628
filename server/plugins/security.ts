// Sends the security headers (server/security-headers.ts) on every response. The same table is
// rendered into the nginx config and _headers, so a plain hook sets them rather than helmet,
// whose options would be a second way of writing the same policy.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { securityHeaders } from '../security-headers.ts';

async function sendSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(securityHeaders);
  });
}

// Not encapsulated: the headers apply to every route of the app, including the 404 handler.
export const security = fp(sendSecurityHeaders, { name: 'security' });
