// Yes or no; an optional switch turned off is removed from the file.
import { Switch } from '@mantine/core';
import type { KindProps } from './form-context.ts';
import { helpOf } from '../schema.ts';

export function SwitchField({ resolved, label, value, required, error, set }: KindProps) {
  return (
    <Switch
      label={label}
      description={helpOf(resolved.schema)}
      error={error}
      checked={value === true}
      onChange={(event) => set(event.currentTarget.checked ? true : required ? false : undefined)}
    />
  );
}
