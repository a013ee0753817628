// Move up, move down, duplicate and delete, for a list item or a section of the outline.
import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconTrash } from '@tabler/icons-react';

export function ItemControls({
  name,
  first,
  last,
  onUp,
  onDown,
  onDuplicate,
  onRemove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" size="sm" disabled={first} onClick={onUp} aria-label={`Move ${name} up`}>
        <IconArrowUp size={14} />
      </ActionIcon>
      <ActionIcon variant="subtle" size="sm" disabled={last} onClick={onDown} aria-label={`Move ${name} down`}>
        <IconArrowDown size={14} />
      </ActionIcon>
      <ActionIcon variant="subtle" size="sm" onClick={onDuplicate} aria-label={`Duplicate ${name}`}>
        <IconCopy size={14} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="sm" onClick={onRemove} aria-label={`Delete ${name}`}>
        <IconTrash size={14} />
      </ActionIcon>
    </Group>
  );
}
