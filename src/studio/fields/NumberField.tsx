// A number; whole numbers only where the schema says integer.
import { NumberInput } from '@mantine/core';
import { typeOf } from '../schema.ts';
import type { KindProps } from './form-context.ts';

export function NumberField({ resolved, value, common, set }: KindProps) {
  return (
    <NumberInput
      {...common}
      value={typeof value === 'number' ? value : ''}
      allowDecimal={typeOf(resolved.schema) === 'number'}
      onChange={(next) => set(typeof next === 'number' ? next : undefined)}
    />
  );
}
