// An icon from the site's set, each option shown with its picture.
import { Group, Select } from '@mantine/core';
import { icons } from '../../components/icons.tsx';
import type { KindProps } from './form-context.ts';

const picture = (name: string) => {
  const Icon = icons[name as keyof typeof icons];
  return Icon ? <Icon size={18} stroke={1.7} aria-hidden="true" /> : null;
};

export function IconField({ resolved, value, common, set }: KindProps) {
  const current = typeof value === 'string' ? value : null;
  return (
    <Select
      {...common}
      data={(resolved.schema.enum ?? []).map(String)}
      searchable
      clearable={!common.required}
      value={current}
      onChange={(next) => set(next ?? undefined)}
      leftSection={current ? picture(current) : undefined}
      renderOption={({ option }) => (
        <Group gap="xs">
          {picture(option.value)}
          <span>{option.value}</span>
        </Group>
      )}
    />
  );
}
