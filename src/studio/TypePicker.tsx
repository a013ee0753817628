// The list a section type is picked from: each type by its human name and its help for editors,
// found by either.
import { Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { helpOf, type Contract } from './schema.ts';

export function TypePicker({
  opened,
  contract,
  onClose,
  onPick,
}: {
  opened: boolean;
  contract: Contract;
  onClose: () => void;
  onPick: (type: string) => void;
}) {
  const [filter, setFilter] = useState('');
  const helpOfType = (type: string) => {
    const schema = contract.section(type)?.schema;
    return schema && helpOf(schema);
  };
  const types = contract.sectionTypes.filter((type) =>
    `${sectionName(contract, type)} ${helpOfType(type) ?? ''}`.toLowerCase().includes(filter.toLowerCase()),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Add a section" size="lg">
      <TextInput
        label="Find a type"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        mb="sm"
        data-autofocus
      />
      <Stack gap="xs">
        {types.map((type) => (
          <UnstyledButton
            key={type}
            onClick={() => onPick(type)}
            aria-label={`Add a section: ${sectionName(contract, type)}`}
            style={{ padding: 8, borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text fw={700}>{sectionName(contract, type)}</Text>
            <Text size="sm" c="dimmed">
              {helpOfType(type)}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Modal>
  );
}

/** A section type's human name, from the schema's title ("Call to action" for cta). */
export const sectionName = (contract: Contract, type: string) => contract.section(type)?.schema.title ?? type;
