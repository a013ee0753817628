// A number; whole numbers only where the schema says integer. What is typed stays in the box as
// typed: text that is no number (letters, "6.5" for a whole number) is kept, said at the field
// ("Write a whole number, like 6") and held in the store's invalid inputs, so Save waits for it
// rather than dropping it silently. The arrow keys step the number up and down.
import { TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { typeOf, type Schema } from '../schema.ts';
import { useStore, useStudio } from '../store/store.ts';
import { invalidInputAt } from '../store/studio-state.ts';
import type { KindProps } from './form-context.ts';

type NumberSchema = Schema & { minimum?: number; maximum?: number };

const wholeNumber = /^[+-]?\d+$/;
const anyNumber = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** A value to show as an example: the schema's own, else 6 (or 2.5) brought within its bounds. */
function exampleOf(schema: NumberSchema, whole: boolean): number {
  const given = schema.examples?.find((e): e is number => typeof e === 'number');
  if (given !== undefined) return given;
  return Math.min(Math.max(whole ? 6 : 2.5, schema.minimum ?? -Infinity), schema.maximum ?? Infinity);
}

/** What the field needs, in words. */
export const numberNeeded = (schema: NumberSchema, whole: boolean) =>
  whole
    ? `Write a whole number, like ${exampleOf(schema, true)}.`
    : `Write a number, like ${exampleOf(schema, false)}.`;

/** The number `text` means, undefined for an empty box, or null for text that is no such number. */
export function parseNumber(text: string, whole: boolean): number | undefined | null {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return (whole ? wholeNumber : anyNumber).test(trimmed) ? Number(trimmed) : null;
}

export function NumberField({ resolved, value, path, common, set }: KindProps) {
  const { dispatch } = useStore();
  const schema = resolved.schema as NumberSchema;
  const whole = typeOf(schema) === 'integer';
  const invalid = useStudio((state) => invalidInputAt(state, path));
  // A value in the file that is no number ("4" in quotes) is shown as it is, for the check to name.
  const shown = invalid?.text ?? (typeof value === 'number' || typeof value === 'string' ? String(value) : '');

  const take = (text: string) => {
    const next = parseNumber(text, whole);
    if (next === null)
      return dispatch({
        type: 'invalidInput',
        path,
        input: { label: common.label, text, message: numberNeeded(schema, whole) },
      });
    // The value kept ("06" for 6, an empty box for none) only ends the invalid input; any other is an edit.
    if (next === value) return dispatch({ type: 'invalidInput', path });
    set(next);
  };

  const step = (event: KeyboardEvent<HTMLInputElement>) => {
    const by = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
    const current = parseNumber(shown, whole);
    if (!by || current === null) return;
    event.preventDefault();
    const next = (current ?? 0) + by;
    set(Math.min(Math.max(next, schema.minimum ?? -Infinity), schema.maximum ?? Infinity));
  };

  return (
    <TextInput
      {...common}
      inputMode={whole ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={shown}
      error={invalid?.message ?? common.error}
      onChange={(event) => take(event.currentTarget.value)}
      onKeyDown={step}
    />
  );
}
