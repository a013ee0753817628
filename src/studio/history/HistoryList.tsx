// An entry's versions, newest first, a page at a time ("Show older versions"), each a VersionCard.
// Without git or a repository it says so, as the review does.
import { Button, Stack, Text } from '@mantine/core';
import { Loading } from '../Loading.tsx';
import { useCallback, useEffect, useState } from 'react';
import type { HistoryAnswer, HistoryVersion } from '../../../shared/history.ts';
import { historyApi } from './history-api.ts';
import { VersionCard } from './VersionCard.tsx';

type Listed = Extract<HistoryAnswer, { git: true }>;

export function HistoryList({ file, onRestored }: { file: string; onRestored: () => void }) {
  const [listed, setListed] = useState<Listed>();
  const [noGit, setNoGit] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [loading, setLoading] = useState(true);
  const fetchPage = useCallback(
    (page?: Listed) =>
      historyApi
        .versions(file, page?.next === undefined ? undefined : { head: page.head, skip: page.next })
        .then(
          (answer) => {
            if (!answer.git) return setNoGit(answer.message);
            // An older page adds to the list; the version on disk stays the one the first page read.
            setListed(
              page ? { ...answer, version: page.version, versions: [...page.versions, ...answer.versions] } : answer,
            );
          },
          (error: Error) => setProblem(error.message),
        )
        .finally(() => setLoading(false)),
    [file],
  );
  useEffect(() => void fetchPage(), [fetchPage]);
  const older = () => {
    setLoading(true);
    setProblem(undefined);
    void fetchPage(listed);
  };
  const versions: HistoryVersion[] = listed?.versions ?? [];
  return (
    <Stack gap="sm">
      {noGit && <Text>{noGit}</Text>}
      {listed && !versions.length && <Text>No saved versions yet: this entry has never been committed.</Text>}
      {versions.map((version) => (
        <VersionCard
          key={version.commit}
          file={file}
          version={version}
          onDisk={listed?.version}
          onRestored={onRestored}
        />
      ))}
      {problem && <Text c="red">{problem}</Text>}
      {loading && <Loading>{listed ? 'Loading older versions…' : 'Loading the saved versions…'}</Loading>}
      {listed?.next !== undefined && !loading && (
        <Button variant="default" size="xs" onClick={older}>
          Show older versions
        </Button>
      )}
    </Stack>
  );
}
