// "Changes": the files under site/ changed since the last git commit, each with its diff, so an
// editor sees exactly what they hand over.
import { Badge, Code, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api, type Changes } from './api.ts';

export function ChangesView({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // The modal's content mounts each time it opens, so each opening reads the changes afresh.
  return (
    <Modal opened={opened} onClose={onClose} title="Changes since the last commit" size="xl">
      <ChangeList />
    </Modal>
  );
}

function ChangeList() {
  const [changes, setChanges] = useState<Changes>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    api.changes().then(setChanges, (error: Error) => setProblem(error.message));
  }, []);
  return (
    <>
      {problem && <Text c="red">{problem}</Text>}
      {!changes && !problem && <Loader size="sm" />}
      {changes && !changes.git && <Text>{changes.message}</Text>}
      {changes?.git && changes.files.length === 0 && <Text>No changes: site/ is as it was at the last commit.</Text>}
      <Stack>
        {changes?.files.map((change) => (
          <section key={change.file} aria-label={change.file}>
            <Title order={3} size="h5" mb={4}>
              {change.file} <Badge size="xs">{change.status}</Badge>
            </Title>
            <Code block style={{ maxHeight: 360, overflow: 'auto' }}>
              {change.diff.split('\n').map((line, i) => (
                <div
                  key={i}
                  style={{
                    color:
                      line.startsWith('+') && !line.startsWith('+++')
                        ? '#2b8a3e'
                        : line.startsWith('-') && !line.startsWith('---')
                          ? '#c92a2a'
                          : undefined,
                  }}
                >
                  {line || ' '}
                </div>
              ))}
            </Code>
          </section>
        ))}
      </Stack>
    </>
  );
}
