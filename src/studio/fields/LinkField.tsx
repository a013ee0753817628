// Internal links: every page, article and section of the site to pick by its title, typing an
// address allowed, checked as you type.
import { AddressPicker } from './AddressPicker.tsx';
import { useForm, type KindProps } from './form-context.ts';

export function LinkField({ value, common, set }: KindProps) {
  const { routes, titles } = useForm();
  const text = typeof value === 'string' ? value : '';
  const known = !text || routes.includes(text) || routes.includes(text.split(/[?#]/)[0]);
  return (
    <AddressPicker
      {...common}
      addresses={routes}
      titles={titles}
      value={text}
      onChange={set}
      error={common.error ?? (known ? undefined : `No page has the address ${text}.`)}
    />
  );
}
