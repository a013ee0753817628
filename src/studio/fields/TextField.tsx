// Text: one line, or a box that grows for long or multi-line text (and for fields the schema
// expects to be long).
import { Textarea, TextInput } from '@mantine/core';
import type { KindProps } from './form-context.ts';

export function TextField({ resolved, value, common, set }: KindProps) {
  const { schema } = resolved;
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const long =
    (typeof value === 'string' && (value.length > 70 || value.includes('\n'))) ||
    (schema.maxLength ?? 0) > 200 ||
    (schema.minLength ?? 0) >= 50;
  if (long)
    return (
      <Textarea {...common} autosize minRows={2} value={text} onChange={(event) => set(event.currentTarget.value)} />
    );
  return <TextInput {...common} value={text} onChange={(event) => set(event.currentTarget.value)} />;
}

/** A fixed value (a section's type): shown, not edited. */
export function ConstField({ resolved, common }: KindProps) {
  return <TextInput {...common} value={String(resolved.schema.const)} readOnly />;
}
