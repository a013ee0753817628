// "Not live yet": what was saved that visitors do not see yet, entry by entry and in the review's
// words. On the server, where a save is kept at once and Publish makes it live, that is every save
// since the live release, with who saved it (publish/'s list). On the laptop, where nothing is
// published from the studio, it is what was saved since the site was last handed over to its
// developers, each change and each entry with its own Discard.
import { Loader, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { UnpublishedAnswer } from '../../shared/publishing.ts';
import { api, type Changes } from './api.ts';
import { publishApi, usePublishing } from './publish/publish-api.ts';
import { UnpublishedList } from './publish/UnpublishedList.tsx';
import type { CommittedOf } from './review/ChangeLine.tsx';
import { ChangedFileCard } from './review/ChangedFileCard.tsx';
import { useStudio } from './store/store.ts';

const notLiveTitle = 'Saved — not live yet';

export function ChangesView({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const publishing = usePublishing();
  // The modal's content mounts each time it opens, so each opening reads the changes afresh.
  return (
    <Modal opened={opened} onClose={onClose} title={notLiveTitle} size="xl">
      {publishing === undefined ? (
        <Loader size="sm" aria-label="Loading" />
      ) : publishing ? (
        <NotPublished />
      ) : (
        <ChangeList />
      )}
    </Modal>
  );
}

/** On the server: every save since the live release, newest first, with who saved it. */
function NotPublished() {
  const [answer, setAnswer] = useState<UnpublishedAnswer>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let live = true;
    publishApi.unpublished().then(
      (next) => live && setAnswer(next),
      (error: Error) => live && setProblem(error.message),
    );
    return () => {
      live = false;
    };
  }, []);
  if (problem) return <Text c="red">{problem}</Text>;
  if (!answer) return <Loader size="sm" aria-label="Loading what is not live yet" />;
  return <UnpublishedList answer={answer} />;
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
      {(!changes || !contract) && !problem && <Loader size="sm" aria-label="Loading what is not live yet" />}
      {changes && !changes.git && <Text>{changes.message}</Text>}
      {changes?.git && changes.files.length === 0 && (
        <Text>Nothing new: everything saved here was already handed over to the site's developers.</Text>
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
