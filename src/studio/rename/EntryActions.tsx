// The open page's or article's menu in the top bar: change its address, delete it (the dialogs
// say what links there first), and the dialogs themselves.
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconArrowsRightLeft, IconTrash } from '@tabler/icons-react';
import { useStore, useStudio } from '../store/store.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import { offerDelete, offerMove } from './move-offer.ts';

export function EntryActions() {
  const store = useStore();
  const kind = useStudio((state) => state.entry?.kind);
  const movable = kind === 'page' || kind === 'article';
  return (
    <>
      {movable && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default" size="xs" rightSection={<IconChevronDown size={14} />}>
              {kind === 'page' ? 'Page' : 'Article'}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconArrowsRightLeft size={14} />} onClick={() => offerMove(store)}>
              Change address…
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => offerDelete(store)}>
              Delete {kind}…
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      <MoveDialog />
      <DeleteDialog />
    </>
  );
}
