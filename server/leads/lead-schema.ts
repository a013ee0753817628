// The JSON Schema a lead must satisfy, derived from the same form definition (site/forms/*.yaml)
// the browser renders, so the form and the endpoint cannot drift apart.
import type { FormDefinition, FormField } from '../../shared/generated/content.ts';
import {
  HONEYPOT_FIELD,
  LANGUAGE_FIELD,
  LOADED_AT_FIELD,
  SOURCE_FIELD,
  SUBMITTED_AT_FIELD,
} from '../../shared/lead-protocol.ts';
import { sentSourceSchema } from './lead-source.ts';

// Single-line fields allow no control characters at all: a CR or LF there could forge mail headers.
const SINGLE_LINE = '^[^\\u0000-\\u001F\\u007F]*$';
// A message may span lines and hold tabs, but no other control characters (NUL, ESC, …). The
// loosest rule any field has, so also what every stored field value must satisfy (spool-entry.ts).
export const MULTI_LINE = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';

export const maxLengthOf = (field: FormField) => field.maxLength ?? (field.kind === 'textarea' ? 5000 : 200);

function fieldSchema(field: FormField): Record<string, unknown> {
  const schema: Record<string, unknown> = {
    type: 'string',
    maxLength: maxLengthOf(field),
    pattern: field.kind === 'textarea' ? MULTI_LINE : SINGLE_LINE,
  };
  if (field.required) schema.minLength = 1;
  if (field.kind === 'email') schema.format = 'email';
  if (field.kind === 'select')
    schema.enum = [...(field.required ? [] : ['']), ...(field.options ?? []).map((o) => o.value)];
  return schema;
}

/** The schema of a lead sent to `form` on a site that declares `languageCodes` (its own first): the
 * page's language must be one of them, as a field's value must be one of its options. */
export function leadSchema(form: FormDefinition, languageCodes: readonly string[]): Record<string, unknown> {
  return {
    type: 'object',
    additionalProperties: false,
    required: [...form.fields.filter((f) => f.required).map((f) => f.name), SUBMITTED_AT_FIELD],
    properties: {
      ...Object.fromEntries(form.fields.map((field) => [field.name, fieldSchema(field)])),
      [SUBMITTED_AT_FIELD]: { type: 'string', format: 'date-time', maxLength: 40 },
      [LOADED_AT_FIELD]: { type: 'string', format: 'date-time', maxLength: 40 },
      [HONEYPOT_FIELD]: { type: 'string', maxLength: 500 },
      [SOURCE_FIELD]: sentSourceSchema,
      [LANGUAGE_FIELD]: { type: 'string', enum: [...languageCodes] },
    },
  };
}
