// One item of a list in a form: a simple value on one line, or an item with fields of its own that
// folds open under its title. An item holding the field clicked in the preview opens by itself.
import { Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState, type FocusEvent, type ReactNode } from 'react';
import type { DataPath } from '../api.ts';
import { samePath, startsWith } from '../data-path.ts';
import { freshItem, leaveFresh } from '../fresh-item.ts';
import { useForm } from './form-context.ts';

export function ListItem({
  path,
  title,
  simple,
  startOpen = false,
  handle,
  controls,
  children,
}: {
  path: DataPath;
  title: string;
  simple: boolean;
  /** Open from the start (an item just added). */
  startOpen?: boolean;
  handle: ReactNode;
  controls: ReactNode;
  children: ReactNode;
}) {
  const { reveal } = useForm();
  const revealed = reveal !== undefined && startsWith(reveal, path);
  const [open, setOpen] = useState(simple || revealed || startOpen);
  // A new field to reveal opens the item holding it (set while rendering, as React advises for
  // state that follows a prop, rather than in an effect that would render twice).
  const [seen, setSeen] = useState(reveal);
  if (seen !== reveal) {
    setSeen(reveal);
    if (revealed) setOpen(true);
  }
  // The focus leaving the new item leaves it: its empty fields are problems from then on.
  const onBlur = (event: FocusEvent) => {
    const item = freshItem();
    if (item && samePath(item, path) && !event.currentTarget.contains(event.relatedTarget as Node | null)) leaveFresh();
  };
  if (simple)
    return (
      <Group gap="xs" align="flex-end" wrap="nowrap" onBlur={onBlur}>
        <div style={{ paddingBottom: 4 }}>{handle}</div>
        <div style={{ flex: 1 }}>{children}</div>
        {controls}
      </Group>
    );
  return (
    <Paper withBorder p="xs" onBlur={onBlur}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        {handle}
        <UnstyledButton onClick={() => setOpen(!open)} aria-expanded={open} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={4} wrap="nowrap">
            {open ? (
              <IconChevronDown size={14} aria-hidden="true" />
            ) : (
              <IconChevronRight size={14} aria-hidden="true" />
            )}
            <Text size="sm" fw={600} truncate>
              {title}
            </Text>
          </Group>
        </UnstyledButton>
        {controls}
      </Group>
      {open && <div style={{ marginTop: 8 }}>{children}</div>}
    </Paper>
  );
}
