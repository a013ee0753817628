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
  // Mantine's own filter reads only the option's label, which here is its address.
  const filter: OptionsFilter = ({ options, search, limit }) => {
    const wanted = search.trim().toLowerCase();
    return options
      .filter((option) => {
        if (!('value' in option)) return false;
        return `${titles[option.value] ?? ''} ${option.value}`.toLowerCase().includes(wanted);
      })
      .slice(0, limit);
  };
  return (
    <Autocomplete
      {...props}
      data={addresses}
      limit={50}
      filter={filter}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{titles[option.value] ?? option.value}</Text>
          {titles[option.value] && (
            <Text size="xs" c="dimmed">
              {option.value}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}
