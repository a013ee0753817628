// The shapes of what the studio's API takes, as JSON Schemas for Fastify to check before a handler
// runs, each checked against its protocol type by the compiler (Ajv's JSONSchemaType), so the two
// cannot drift; and the window a request speaks for.
import type { JSONSchemaType } from 'ajv';
import type { FastifyRequest } from 'fastify';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import { windowHeader } from '../../shared/studio-protocol.ts';
import type { TranslationDraft, TranslationSave } from '../../shared/translation-protocol.ts';

export interface FileQuery {
  file: string;
}
export const fileQuery: JSONSchemaType<FileQuery> = {
  type: 'object',
  properties: { file: { type: 'string' } },
  required: ['file'],
};

/** An edit: the entry's data (any JSON; the content compiler judges it) and its Markdown body. */
export const entryEditBody = {
  type: 'object',
  properties: { data: {}, body: { type: 'string' } },
  required: ['data'],
} as const;

export const saveBody = {
  type: 'object',
  properties: { ...entryEditBody.properties, version: { type: 'string' } },
  required: ['data', 'version'],
} as const;

const windowId = /^[\w-]{8,64}$/;

/**
 * The window a request speaks for: its editor (on the server) and the id the studio page made for
 * itself, so one window's unsaved edit is never another's preview. A request without a valid id
 * speaks for no window and sees the saved site.
 */
export function previewWindow(request: FastifyRequest): string | undefined {
  const id = request.headers[windowHeader];
  if (typeof id !== 'string' || !windowId.test(id)) return undefined;
  return `${editorOf(request.raw)?.email ?? ''}\0${id}`;
}

export interface TranslationQuery {
  file: string;
  language: string;
}
/** A language as the site declares it (de, pt-BR): anything else names no translation. */
export const translationQuery: JSONSchemaType<TranslationQuery> = {
  type: 'object',
  properties: { file: { type: 'string' }, language: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Z]{2})?$' } },
  required: ['file', 'language'],
};

/** More texts than any page has: a save past it is not one the studio page sends. */
const mostTexts = 5000;

export const translationSaveBody: JSONSchemaType<TranslationSave> = {
  type: 'object',
  properties: {
    version: { type: 'string' },
    sourceVersion: { type: 'string' },
    texts: {
      type: 'array',
      maxItems: mostTexts,
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, text: { type: 'string' } },
        required: ['path', 'text'],
      },
    },
    keep: { type: 'array', maxItems: mostTexts, items: { type: 'string' } },
  },
  required: ['version', 'sourceVersion', 'texts', 'keep'],
};

/** A translator's unsaved work as the translation view keeps it (the server names it itself). */
export const translationDraftBody: JSONSchemaType<TranslationDraft> = {
  type: 'object',
  properties: {
    file: { type: 'string' },
    version: { type: 'string' },
    sourceVersion: { type: 'string' },
    texts: {
      type: 'array',
      maxItems: mostTexts,
      items: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          text: { type: 'string' },
          was: { type: 'string' },
          source: { type: 'string' },
        },
        required: ['path', 'text', 'was', 'source'],
      },
    },
    keep: { type: 'array', maxItems: mostTexts, items: { type: 'string' } },
    at: { type: 'number', exclusiveMinimum: 0 },
  },
  required: ['file', 'version', 'sourceVersion', 'texts', 'keep', 'at'],
};
