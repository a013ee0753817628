// A page of the site to pick: each offered by its title as a person knows it (a section by its page's
// title and its heading), the address second and smaller. Typing finds a page by its title or its
// address; picking one puts its address in the field, and an address may still be typed.
import { Autocomplete, Stack, Text, type AutocompleteProps, type OptionsFilter } from '@mantine/core';

export interface AddressPickerProps extends Omit<AutocompleteProps, 'data' | 'filter' | 'renderOption' | 'limit'> {
  /** The addresses offered. */
  addresses: string[];
  /** Each address's title; an address without one is offered by its address alone. */
  titles: Record<string, string>;
}

export function AddressPicker({ addresses, titles, ...props }: AddressPickerProps) {
  return (
    <Autocomplete
      {...props}
      data={addresses}
      limit={50}
      filter={byTitleOrAddress(titles)}
      renderOption={({ option }) => <PageOption address={option.value} title={titles[option.value]} />}
    />
  );
}

/** Finds a page by its title or its address (Mantine's own filter reads only an option's label). */
export const byTitleOrAddress =
  (titles: Record<string, string>): OptionsFilter =>
  ({ options, search, limit }) => {
    const wanted = search.trim().toLowerCase();
    return options
      .filter(
        (option) => 'value' in option && `${titles[option.value] ?? ''} ${option.value}`.toLowerCase().includes(wanted),
      )
      .slice(0, limit);
  };

/** One page as a picker offers it: its title, and its address under it. */
export function PageOption({ address, title }: { address: string; title?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{title ?? address}</Text>
      {title && (
        <Text size="xs" c="dimmed">
          {address}
        </Text>
      )}
    </Stack>
  );
}
