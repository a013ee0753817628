// What a file in the lead spool must hold to be delivered, checked with Ajv each time one is read:
// the spool is a folder on disk, so a file may be cut short, edited by hand, or written by an older
// version. A file that fails is damaged: the worker moves it to dead/ and names it, and
// `npm run leads` shows it with the reason, which validating it again gives back.
import { Ajv } from 'ajv';
import { HONEYPOT_FIELD } from '../../shared/lead-protocol.ts';
import { addFormats } from '../../shared/formats.ts';
import { MULTI_LINE } from './lead-schema.ts';
import { storedSourceSchema } from './lead-source.ts';
import type { SpoolEntry } from './spool.ts';

/** A lead id as newLeadId writes it: its arrival time to the millisecond, then ten hex digits. */
export const LEAD_ID_PATTERN = '^\\d{8}T\\d{9}Z-[0-9a-f]{10}$';

const dateTime = { type: 'string', format: 'date-time', maxLength: 40 };

export const spoolEntrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['lead', 'attempts', 'nextAttemptAt'],
  properties: {
    lead: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'form', 'receivedAt', 'fields'],
      properties: {
        id: { type: 'string', pattern: LEAD_ID_PATTERN },
        form: { type: 'string', minLength: 1, maxLength: 200 },
        receivedAt: dateTime,
        // The fields as the lead endpoint accepted them: strings no looser than its loosest rule,
        // and never the honeypot, which it removes.
        fields: {
          type: 'object',
          additionalProperties: { type: 'string', pattern: MULTI_LINE },
          propertyNames: { not: { const: HONEYPOT_FIELD } },
        },
        // A language code as site.yaml's schema allows one (settings.schema.json).
        language: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Z]{2})?$' },
        source: storedSourceSchema,
      },
    },
    deliveries: {
      type: 'object',
      propertyNames: { pattern: '^(mail|reply|webhook-[0-9a-f]{12})$' },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['to', 'state', 'attempts', 'nextAttemptAt'],
        properties: {
          to: { type: 'string', maxLength: 300 },
          state: { enum: ['pending', 'sent', 'dead'] },
          attempts: { type: 'integer', minimum: 0 },
          nextAttemptAt: { type: 'number', minimum: 0 },
          lastError: { type: 'string' },
        },
      },
    },
    spam: { type: 'array', items: { type: 'string', maxLength: 500 } },
    attempts: { type: 'integer', minimum: 0 },
    nextAttemptAt: { type: 'number', minimum: 0 },
    lastError: { type: 'string' },
    retriedAt: dateTime,
  },
} as const;

const ajv = new Ajv({ allErrors: false, strict: true });
addFormats(ajv, ['date-time']);
const validate = ajv.compile(spoolEntrySchema);

/** A spool file that is not a lead the worker can deliver; `reason` says why, in one line. */
export class DamagedLeadError extends Error {
  readonly reason: string;
  constructor(file: string, reason: string) {
    super(`${file} is damaged: ${reason}`);
    this.reason = reason;
  }
}

/** The entry in `text`, read from the spool file `file`, or a DamagedLeadError saying what is wrong. */
export function parseSpoolEntry(file: string, text: string): SpoolEntry {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // Only the position: the parser's message quotes the text, which is a visitor's personal data.
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new DamagedLeadError(file, `not JSON${position ? ` (stops at character ${position})` : ''}`);
  }
  if (!validate(data)) {
    const [first] = validate.errors ?? [];
    const where = first?.instancePath ? first.instancePath.slice(1) : 'the file';
    const what = first?.keyword === 'not' ? 'holds the honeypot field' : (first?.message ?? 'is not a lead');
    throw new DamagedLeadError(file, `${where} ${what}`);
  }
  // Settling writes the lead under its id: an id other than the file's name would leave the file behind.
  const id = (data as { lead: { id: string } }).lead.id;
  if (`${id}.json` !== file.replace(/\.unreadable$/, ''))
    throw new DamagedLeadError(file, `its lead id ${id} is not its file name`);
  return data as SpoolEntry;
}
