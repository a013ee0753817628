// The shapes of the leads inbox's requests and answers (lead-routes.ts): Fastify validates each
// request against them and sends exactly the answer's properties.
import { leadStatuses, MAX_NOTE, sourceDays } from '../../shared/leads-inbox.ts';

export const queryString = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'string', maxLength: 200 },
    form: { type: 'string', maxLength: 200 },
    status: { type: 'string', enum: [...leadStatuses] },
    source: { type: 'string', maxLength: 300 },
  },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

export const changeBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    status: { type: 'string', enum: [...leadStatuses] },
    note: { type: 'string', maxLength: MAX_NOTE },
  },
} as const;

export const eraseBody = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: { email: { type: 'string', minLength: 3, maxLength: 254, pattern: '^\\s*[^@\\s]+@[^@\\s]+\\s*$' } },
} as const;

export const daysQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { days: { type: 'integer', enum: [...sourceDays] } },
} as const;

// What each route answers (fast-json-stringify sends exactly these properties, nothing more).
const text = { type: 'string' } as const;
const summaryProperties = {
  id: text,
  form: text,
  formId: text,
  receivedAt: text,
  from: text,
  status: text,
  source: text,
  language: text,
  delivery: {
    type: 'array',
    items: {
      type: 'object',
      properties: { destination: text, state: text, attempts: { type: 'integer' }, lastError: text },
    },
  },
  spamReasons: { type: 'array', items: text },
} as const;
export const leadAnswer = {
  200: {
    type: 'object',
    properties: {
      ...summaryProperties,
      fields: { type: 'array', items: { type: 'object', properties: { label: text, value: text } } },
      sourceDetail: { type: 'object', additionalProperties: text },
      note: text,
    },
  },
} as const;
export const listAnswer = {
  200: {
    type: 'object',
    properties: {
      leads: { type: 'array', items: { type: 'object', properties: summaryProperties } },
      total: { type: 'integer' },
      forms: { type: 'array', items: { type: 'object', properties: { id: text, title: text } } },
      sources: { type: 'array', items: text },
    },
  },
} as const;
const count = { type: 'integer' } as const;
export const sourcesAnswer = {
  200: {
    type: 'array',
    items: { type: 'object', properties: { page: text, views: count, landed: count, sent: count } },
  },
} as const;
export const eraseAnswer = { 200: { type: 'object', properties: { erased: count } } } as const;
export const csvAnswer = { 200: text } as const;
