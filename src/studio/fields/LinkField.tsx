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
      error={common.error ?? (known ? undefined : unknownAddress(text))}
    />
  );
}

/** Why typed words are no page: an address that is none, or a title not yet picked from the list. */
const unknownAddress = (text: string) =>
  text.startsWith('/') ? `No page has the address ${text}.` : 'Pick a page from the list.';
