// "Changes": what was changed under site/ since the last commit, file by file and in words (the
// review people read before handing it over), each change and each file with its own Discard.
import { Loader, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { api, type Changes } from './api.ts';
import type { CommittedOf } from './review/ChangeLine.tsx';
import { ChangedFileCard } from './review/ChangedFileCard.tsx';
import { useStudio } from './store/store.ts';

export function ChangesView({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // The modal's content mounts each time it opens, so each opening reads the changes afresh.
  return (
    <Modal opened={opened} onClose={onClose} title="Changes since the last commit" size="xl">
      <ChangeList />
    </Modal>
  );
}

function ChangeList() {
  const contract = useStudio((state) => state.site?.contract);
  const [changes, setChanges] = useState<Changes>();
  const [problem, setProblem] = useState<string>();
  const load = useCallback(() => {
    api.changes().then(setChanges, (error: Error) => setProblem(error.message));
  }, []);
  useEffect(load, [load]);
  // An image's older picture comes from the last commit where the file on disk is another or gone.
  const replaced = new Set(changes?.files.filter((f) => f.kind === 'image' && f.status !== 'added').map((f) => f.file));
  const committedOf: CommittedOf = (src) => {
    const file = decodeURIComponent(src.replace(/^\//, ''));
    return replaced.has(file) ? file : undefined;
  };
  return (
    <>
      {problem && <Text c="red">{problem}</Text>}
      {(!changes || !contract) && !problem && <Loader size="sm" />}
      {changes && !changes.git && <Text>{changes.message}</Text>}
      {changes?.git && changes.files.length === 0 && (
        <Text>No changes: everything is as it was at the last commit.</Text>
      )}
      {contract && (
        <Stack gap="lg">
          {changes?.files.map((file) => (
            <ChangedFileCard
              key={file.file}
              file={file}
              contract={contract}
              committedOf={committedOf}
              onDiscarded={load}
            />
          ))}
        </Stack>
      )}
    </>
  );
}
