// One of the values the schema lists (a variant, a colour, a category).
import { Select } from '@mantine/core';
import type { KindProps } from './form-context.ts';

export function ChoiceField({ resolved, value, required, common, set }: KindProps) {
  const options = (resolved.schema.enum ?? []).map(String);
  return (
    <Select
      {...common}
      data={options}
      value={value === undefined || value === null ? null : String(value)}
      clearable={!required}
      onChange={(next) => set(next ?? undefined)}
      allowDeselect={!required}
    />
  );
}
