// The studio API's one error shape, `{ error, ...details }`, for every refusal and failure: a
// StudioError as it was raised, Fastify's own refusals (a body too large, not JSON, not what the
// route's schema asks for) in the studio's words, and anything else as a failure logged in full
// on the server and said briefly to the page.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { StudioError } from './files.ts';

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function asRefusal(error: FastifyError, request: FastifyRequest): StudioError | undefined {
  if (error instanceof StudioError) return error;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new StudioError(
      413,
      `This request is larger than ${megabytes(request.routeOptions.bodyLimit ?? 0)}, the most the studio accepts.`,
    );
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return new StudioError(400, 'The request body is not JSON.');
  if (error.validation) return new StudioError(400, `The request is not one the studio understands: ${error.message}.`);
  if (error.statusCode === 415) return new StudioError(415, 'The studio does not take this kind of request body.');
  return undefined;
}

/** A refused body is read to its end and dropped, so the client, still sending, hears the answer. */
async function drained(request: FastifyRequest): Promise<void> {
  const body = request.raw;
  if (body.readableEnded || body.destroyed) return;
  await new Promise((resolve) => body.once('end', resolve).once('close', resolve).resume());
}

export async function studioErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  await drained(request);
  const refusal = asRefusal(error, request);
  if (refusal) return reply.code(refusal.status).send({ error: refusal.message, ...(refusal.details as object) });
  request.log.error({ err: error }, 'studio: a request failed');
  return reply.code(500).send({ error: `The studio failed: ${error.message}` });
}
