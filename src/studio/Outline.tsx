// A page's outline: its sections by their type's human name (in full, on its own line) and title,
// to select, move (buttons, or a drag handle the keyboard moves too), duplicate and delete, and a
// type picker that shows each type's name and description and inserts the schema's example (valid
// at once).
import { arrayMove } from '@dnd-kit/sortable';
import { Badge, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Json } from './api.ts';
import { startsWith, withCopyAfter } from './data-path.ts';
import { itemName } from './fields/item-name.ts';
import { ItemControls } from './fields/ItemControls.tsx';
import { newValue, type Contract } from './schema.ts';
import { SortableList } from './SortableList.tsx';
import { sectionName, TypePicker } from './TypePicker.tsx';
import { useStore, useStudio } from './store/store.ts';

export function Outline({ sections, selected, contract }: { sections: Json[]; selected?: number; contract: Contract }) {
  const { dispatch } = useStore();
  const errors = useStudio((state) => state.check?.errors);
  const errorsAt = (index: number) =>
    (errors ?? []).filter((error) => startsWith(error.at, ['sections', index])).length;
  const onSelect = (index: number | undefined) => dispatch({ type: 'select', index });
  const onChange = (next: Json[], select?: number) => dispatch({ type: 'sections', sections: next, select });
  const [picking, setPicking] = useState(false);
  // The selection follows the moved section, so its fields stay open.
  const move = (from: number, to: number) => onChange(arrayMove(sections, from, to), to);
  const typeAt = (index: number) => String((sections[index] as Record<string, Json>)?.type ?? '');
  const typeName = (index: number) => sectionName(contract, typeAt(index));
  const nameOf = (index: number) => `section ${index + 1} (${typeName(index)})`;
  return (
    <Stack gap={4}>
      {/* Buttons, not links without an address, so the keyboard reaches them (Tab, then Enter). */}
      <NavLink
        component="button"
        label="Page settings"
        description="Address, title, description"
        active={selected === undefined}
        onClick={() => onSelect(undefined)}
      />
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="xs">
        Sections
      </Text>
      <SortableList count={sections.length} nameOf={nameOf} onMove={move}>
        {(index, handle) => {
          const section = sections[index];
          const type = typeName(index);
          const title = itemName(section);
          const errors = errorsAt(index);
          return (
            <Group gap={4} wrap="nowrap" data-section-row={index}>
              {handle}
              <NavLink
                component="button"
                style={{ flex: 1, minWidth: 0 }}
                active={selected === index}
                onClick={() => onSelect(index)}
                title={title ? `${type}: ${title}` : type}
                label={
                  <>
                    {/* The type's name in full (it wraps); the title below may be cut, the tooltip has it whole. */}
                    <Text size="xs" fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {type}
                    </Text>
                    <Group gap={6} wrap="nowrap">
                      {title && (
                        <Text size="sm" truncate>
                          {title}
                        </Text>
                      )}
                      {errors > 0 && (
                        <Badge size="xs" color="red" aria-label={`${errors} problem${errors === 1 ? '' : 's'}`}>
                          {errors}
                        </Badge>
                      )}
                    </Group>
                  </>
                }
              />
              <ItemControls
                name={nameOf(index)}
                first={index === 0}
                last={index === sections.length - 1}
                onUp={() => move(index, index - 1)}
                onDown={() => move(index, index + 1)}
                onDuplicate={() => onChange(withCopyAfter(sections, index), index + 1)}
                onRemove={() =>
                  onChange(
                    sections.filter((_, i) => i !== index),
                    undefined,
                  )
                }
              />
            </Group>
          );
        }}
      </SortableList>
      <Button variant="light" size="xs" mt="xs" leftSection={<IconPlus size={14} />} onClick={() => setPicking(true)}>
        Add a section
      </Button>
      <TypePicker
        opened={picking}
        contract={contract}
        onClose={() => setPicking(false)}
        onPick={(type) => {
          const resolved = contract.section(type)!;
          const example = newValue(contract, resolved) as Json;
          const at = selected === undefined ? sections.length : selected + 1;
          onChange([...sections.slice(0, at), example, ...sections.slice(at)], at);
          setPicking(false);
        }}
      />
    </Stack>
  );
}
