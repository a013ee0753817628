// Validation errors as one sentence naming the field and the reason, e.g.
// `email: must be a valid e-mail address`. Never echoes the rejected value back.
import type { FastifySchemaValidationError } from 'fastify';

export function describeLeadError(errors: FastifySchemaValidationError[]): Error {
  const error = errors[0];
  const params = (error.params ?? {}) as Record<string, unknown>;
  const field =
    String(params.missingProperty ?? params.additionalProperty ?? error.instancePath.replace(/^\//, '')) || 'body';
  const reasons: Record<string, string> = {
    required: 'is required',
    additionalProperties: 'is not a field of this form',
    format: params.format === 'email' ? 'must be a valid e-mail address' : `must be a valid ${params.format}`,
    pattern: 'must not contain control characters such as line breaks',
    enum: `must be one of: ${((params.allowedValues as unknown[]) ?? []).map((v) => `"${v}"`).join(', ')}`,
    maxLength: `must be at most ${params.limit} characters long`,
    minLength: 'is required',
    type: field === 'body' ? 'must be a JSON object' : `must be ${params.type === 'string' ? 'text' : params.type}`,
  };
  const error400 = new Error(`${field}: ${reasons[error.keyword] ?? error.message ?? 'is not valid'}`);
  return Object.assign(error400, { statusCode: 400, code: 'FST_ERR_VALIDATION' });
}

/** The answer to a client over the lead rate limit, from the server or from the nginx in front. */
export function tooManySubmissions(minutes: number) {
  return {
    statusCode: 429,
    error: 'Too Many Requests',
    message: `Too many submissions from this address. Please try again in ${minutes} minute(s) or contact us directly.`,
  };
}

/** A delivery failure that trying again cannot fix: the lead is dead for that destination. */
export class PermanentDeliveryError extends Error {}
