// The toolbar's History button: the open entry's saved versions, each with who, when, what it
// changed in the review's words, and Restore.
import { Button, Modal } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useStudio } from '../store/store.ts';
import { HistoryList } from './HistoryList.tsx';

export function HistoryButton() {
  const entry = useStudio((state) => state.entry);
  // The content list is read again after each save, so it has the entry's name as saved last.
  const title = useStudio(
    (state) => state.entries.find((e) => e.file === state.entry?.file && e.part === state.entry?.part)?.title,
  );
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconHistory size={14} />}
        disabled={!entry}
        onClick={() => setOpened(true)}
      >
        History
      </Button>
      {/* Mounted at each opening, so each opening reads the history afresh. */}
      <Modal
        opened={opened && !!entry}
        onClose={() => setOpened(false)}
        title={entry ? `History of ${title ?? entry.title}` : 'History'}
        size="xl"
      >
        {entry && <HistoryList file={entry.file} onRestored={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
