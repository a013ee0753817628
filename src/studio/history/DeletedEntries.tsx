// "Deleted pages and articles": those deleted in the site's history that do not exist now, each
// brought back (asked first) as its last version, as a new change and never over a file.
import { Alert, Button, Card, Modal, Stack, Text } from '@mantine/core';
import { Loading } from '../Loading.tsx';
import { IconTrashX } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { DeletedAnswer, DeletedEntry } from '../../../shared/history.ts';
import { when } from '../publish/publish-api.ts';
import { AskFirst } from './AskFirst.tsx';
import { historyApi } from './history-api.ts';

export function DeletedEntries({ onRestored }: { onRestored: (file: string) => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        color="gray"
        leftSection={<IconTrashX size={14} />}
        styles={{ root: { alignSelf: 'flex-start', paddingInline: 4 } }}
        onClick={() => setOpened(true)}
      >
        Deleted pages and articles
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Deleted pages and articles" size="lg">
        <DeletedList
          onRestored={(file) => {
            setOpened(false);
            onRestored(file);
          }}
        />
      </Modal>
    </>
  );
}

function DeletedList({ onRestored }: { onRestored: (file: string) => void }) {
  const [answer, setAnswer] = useState<DeletedAnswer>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    historyApi.deleted().then(setAnswer, (error: Error) => setProblem(error.message));
  }, []);
  if (problem) return <Text c="red">{problem}</Text>;
  if (!answer) return <Loading>Loading the deleted pages and articles…</Loading>;
  if (!answer.git) return <Text>{answer.message}</Text>;
  if (!answer.deleted.length) return <Text>No page or article was deleted in the site's history.</Text>;
  return (
    <Stack gap="sm">
      {answer.deleted.map((entry) => (
        <DeletedCard key={entry.file} entry={entry} onRestored={onRestored} />
      ))}
    </Stack>
  );
}

function DeletedCard({ entry, onRestored }: { entry: DeletedEntry; onRestored: (file: string) => void }) {
  const [problem, setProblem] = useState<string>();
  const noun = entry.kind === 'page' ? 'Page' : 'Article';
  const bringBack = async () => {
    setProblem(undefined);
    try {
      await historyApi.bringBack({ file: entry.file, commit: entry.from });
      notifications.show({ message: `Brought back ${entry.title}`, color: 'green' });
      onRestored(entry.file);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <Card withBorder padding="sm" component="article" aria-label={`${noun}: ${entry.title}`}>
      <AskFirst
        text="Bring back"
        yes="Yes, bring it back"
        label={`Bring back ${entry.title}`}
        question={`Bring back ${entry.title} as it was before it was deleted? It becomes a new change.`}
        onConfirm={bringBack}
      >
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {noun}: {entry.title}
        </Text>
        <Text size="xs" c="dimmed">
          Deleted by {entry.by.name} ({entry.by.email}), {when(entry.at)}
        </Text>
      </AskFirst>
      {problem && (
        <Alert color="red" mt={6} role="alert" style={{ whiteSpace: 'pre-wrap' }}>
          {problem}
        </Alert>
      )}
    </Card>
  );
}
