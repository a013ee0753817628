// The lead endpoints, one per form in the live build (POST /email/api/sendEmail for the inquiry,
// and the white paper request's own), looked up per request so that they follow a switch of
// release; a request keeps the form it arrived for. A lead is validated against the schema derived from its form,
// written durably to the spool, and only then answered 202; delivery happens in the background.
// A lead judged spam (spam.ts) is written to spool/spam/ instead and gets the same answer; whether
// it gets a reply to the sender (auto-reply.ts) is decided here and recorded in its file. Each lead
// records the language of the page it was sent from: one the live site declares, else refused.
import rateLimit from '@fastify/rate-limit';
import { Ajv } from 'ajv';
import { addFormats } from '../../shared/formats.ts';
import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { HONEYPOT_FIELD, LANGUAGE_FIELD, SOURCE_FIELD, type LeadLanguage } from '../../shared/lead-protocol.ts';
import { RATE_WINDOW_MS } from '../config.ts';
import { describeLeadError, tooManySubmissions } from './errors.ts';
import { leadSchema } from './lead-schema.ts';
import { normaliseSource } from './lead-source.ts';
import { ReplyLimit } from './auto-reply.ts';
import { SpamJudge } from './spam.ts';
import { newLeadId, type Spool } from './spool.ts';
import type { DeliveryWorker } from './worker.ts';

export interface LeadRoutesOptions {
  forms: () => FormDefinition[];
  /** The languages the live site declares, its own first (declaredLanguages). */
  languages: () => LeadLanguage[];
  spool: Spool;
  worker: DeliveryWorker;
  /** The site's public address; requests from it (and from the host itself) are same-site. */
  siteUrl: () => string;
  /** Valid leads per IP per 10 minutes; 0 turns the limit off. */
  rateLimit: number;
  /** The team's block list (site settings), from the live build. */
  blockedSenders: () => readonly string[];
}

const accepted = {
  type: 'object',
  required: ['ok', 'id'],
  properties: { ok: { type: 'boolean' }, id: { type: 'string' } },
} as const;

/** A browser POST from another site is refused: these forms are only for this site's own pages. */
function isCrossSite(request: FastifyRequest, siteUrl: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  const own = [`http://${request.headers.host}`, `https://${request.headers.host}`, new URL(siteUrl).origin];
  return !own.includes(origin);
}

export async function leadRoutes(app: FastifyInstance, options: LeadRoutesOptions) {
  const { forms, languages, spool, worker, siteUrl } = options;
  const spam = new SpamJudge();
  const replies = new ReplyLimit();
  // The form and the languages of the release the request arrived in, kept for the whole request.
  const siteOf = new WeakMap<FastifyRequest, { form: FormDefinition; codes: string[] }>();
  const validators = new WeakMap<FormDefinition, { codes: string; validate: ValidateFunction }>();
  // JSON only: without the text/plain parser Fastify answers anything else with 415.
  app.removeContentTypeParser('text/plain');
  // Fastify's default validator coerces types and silently drops unknown fields; a lead must
  // arrive exactly as the form defines it, or be refused.
  const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false });
  addFormats(ajv, ['email', 'date-time']);
  // A path that is no form's endpoint is not found, before anything else is looked at.
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0];
    const form = forms().find((f) => f.endpoint === pathname);
    if (!form) return reply.callNotFound();
    siteOf.set(request, { form, codes: languages().map((language) => language.code) });
  });
  // A refusal that needs no body is decided here, before the body is read: Fastify then answers
  // without parsing it, and the app closes the connection instead of reading the rest.
  app.addHook('onRequest', async (request, reply) => {
    if (isCrossSite(request, siteUrl()))
      return reply
        .code(403)
        .send({ statusCode: 403, error: 'Forbidden', message: 'Cross-site submissions are not accepted.' });
  });
  if (options.rateLimit > 0) {
    // Only leads that pass validation spend the budget: a visitor whose form was refused (400)
    // can correct it and send again. The limit is looked at before the body is read, and counted
    // once the lead is valid (preHandler runs after parsing and validation), which also holds for
    // concurrent requests: the counter is incremented before the lead is spooled.
    await app.register(rateLimit, { global: false, max: options.rateLimit, timeWindow: RATE_WINDOW_MS });
    const limiter = app.createRateLimit();
    const refuse = (reply: FastifyReply, ttl: number) =>
      reply
        .code(429)
        .header('retry-after', Math.ceil(ttl / 1000))
        .send(tooManySubmissions(Math.ceil(ttl / 60_000)));
    app.addHook('onRequest', async (request, reply) => {
      const limit = await limiter(request, { increment: false });
      if (!limit.isAllowed && limit.remaining === 0) return refuse(reply, limit.ttl);
    });
    app.addHook('preHandler', async (request, reply) => {
      const limit = await limiter(request);
      if (!limit.isAllowed && limit.isExceeded) return refuse(reply, limit.ttl);
    });
  }

  app.post<{ Body: Record<string, unknown> }>('/*', {
    schema: { response: { 202: accepted } },
    // Validated before the rate limit counts it (preHandler), as a route schema would be.
    preValidation: async (request) => {
      const { form, codes } = siteOf.get(request)!;
      let compiled = validators.get(form);
      if (compiled?.codes !== codes.join(' ')) {
        compiled = { codes: codes.join(' '), validate: ajv.compile(leadSchema(form, codes)) };
        validators.set(form, compiled);
      }
      const { validate } = compiled;
      if (!validate(request.body)) throw describeLeadError(validate.errors ?? []);
    },
    handler: async (request, reply) => {
      const { form, codes } = siteOf.get(request)!;
      const id = newLeadId();
      // A filled honeypot is a bot: it gets the same answer as a person, and nothing is sent.
      if (request.body[HONEYPOT_FIELD]) {
        request.log.info({ form: form.id }, 'honeypot filled: lead discarded');
        return reply.code(202).send({ ok: true, id });
      }
      const {
        [HONEYPOT_FIELD]: _ignored,
        [SOURCE_FIELD]: sentSource,
        [LANGUAGE_FIELD]: sentLanguage,
        ...fields
      } = request.body;
      const source = normaliseSource(sentSource);
      // Validated as one of `codes`; a page that names no language is in the site's own.
      const language = typeof sentLanguage === 'string' ? sentLanguage : codes[0];
      const lead = {
        id,
        form: form.id,
        receivedAt: new Date().toISOString(),
        // Validated against the form's schema: every other field is a string.
        fields: fields as Record<string, string>,
        language,
        ...(source ? { source } : {}),
      };
      // Judged spam: kept with its reasons, answered as a person is, delivered nowhere.
      const reasons = spam.judge(lead.fields, form, { blockedSenders: options.blockedSenders() });
      if (reasons.length) {
        await spool.write({ lead, attempts: 0, nextAttemptAt: 0, spam: reasons }, 'spam');
        request.log.info({ leadId: id, form: form.id, reasons: reasons.length }, 'lead judged spam: kept in spam/');
        return reply.code(202).send({ ok: true, id });
      }
      const entry = worker.entryFor(lead, replies.allow(form, lead.fields));
      await spool.write(entry);
      request.log.info({ leadId: id, form: form.id }, 'lead accepted and spooled');
      worker.add(entry);
      return reply.code(202).send({ ok: true, id });
    },
  });
}
