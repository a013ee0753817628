// Internal links: every route and anchor of the site to pick from, typing allowed, checked as you type.
import { Autocomplete } from '@mantine/core';
import { useForm, type KindProps } from './form-context.ts';

export function LinkField({ value, common, set }: KindProps) {
  const { routes } = useForm();
  const text = typeof value === 'string' ? value : '';
  const known = !text || routes.includes(text) || routes.includes(text.split(/[?#]/)[0]);
  return (
    <Autocomplete
      {...common}
      data={routes}
      limit={50}
      value={text}
      onChange={set}
      error={common.error ?? (known ? undefined : `No page has the address ${text}.`)}
    />
  );
}
