// The open entry changed on disk while the editor has unsaved edits: who saved the newer version
// (on the server, from git), and the way on — merge it with the edits and save (a dialog where both
// changed the same thing), or reload it and drop the edits. Kept in view while the panel scrolls.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SavedBy } from '../../../shared/studio-protocol.ts';
import { openEntry, saveEntry } from '../store/commands.ts';
import { useStore, useStudio } from '../store/store.ts';
import { newerVersionSaid } from './merge-words.ts';
import { resolveConflict, savedBy } from './resolve.ts';

export function ConflictNotice() {
  const store = useStore();
  const file = useStudio((state) => state.entry?.file);
  const title = useStudio((state) => state.entry?.title);
  const [by, setBy] = useState<SavedBy>();
  const [merging, setMerging] = useState(false);
  useEffect(() => {
    let current = true;
    if (file) void savedBy(file).then((answer) => current && setBy(answer));
    return () => {
      current = false;
    };
  }, [file]);
  const merge = () => {
    setMerging(true);
    void resolveConflict(store)
      .then((save) => (save ? saveEntry(store) : undefined))
      .finally(() => setMerging(false));
  };
  return (
    <Alert
      color="orange"
      title="Someone else saved this meanwhile"
      role="alert"
      // Opaque and on top while the form scrolls under it.
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 3,
        backgroundColor: 'var(--mantine-color-orange-0)',
        boxShadow: 'var(--mantine-shadow-sm)',
      }}
    >
      <Text size="sm" mb="xs">
        {by
          ? `${newerVersionSaid(by, title ?? 'This entry')} since you opened it.`
          : `${title ?? 'This entry'} was changed meanwhile.`}{' '}
        Your unsaved edits are kept: merging takes in the changes beside yours, and asks you wherever you both changed
        the same thing.
      </Text>
      <Group gap="xs">
        <Button size="xs" loading={merging} onClick={merge}>
          Merge and save
        </Button>
        <Button
          size="xs"
          variant="subtle"
          onClick={() => file && void openEntry(store, file, { push: false, discard: true })}
        >
          Reload it (drops your unsaved edits)
        </Button>
      </Group>
    </Alert>
  );
}
