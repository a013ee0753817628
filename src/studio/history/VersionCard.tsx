// One saved version of an entry: its short description (the commit's first line), who saved it and
// when, what it changed in the review's words (src/studio/review/), and Restore — asked first, then
// the version written whole as a new change; a refusal is said in the card.
import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { HistoryVersion } from '../../../shared/history.ts';
import { when } from '../publish/publish-api.ts';
import { ChangeLine } from '../review/ChangeLine.tsx';
import { describeFile } from '../review/describe.ts';
import { fileSummary } from '../review/summary.ts';
import { openEntry, refreshEntries } from '../store/commands.ts';
import { useStore, useStudio } from '../store/store.ts';
import { isDirty } from '../store/studio-state.ts';
import { AskFirst } from './AskFirst.tsx';
import { historyApi } from './history-api.ts';

export function VersionCard({
  file,
  version,
  onDisk,
  onRestored,
}: {
  /** The entry's file now. */
  file: string;
  version: HistoryVersion;
  /** The version of the file on disk the history was read against. */
  onDisk?: string;
  onRestored: () => void;
}) {
  const store = useStore();
  const contract = useStudio((state) => state.site?.contract);
  const dirty = useStudio(isDirty);
  const [problem, setProblem] = useState<string>();
  const { change } = version;
  // Said from the change itself, never from the commit's message (a developer's words).
  const subject = contract ? fileSummary(contract, change) : change.title;
  const lines = contract && change.status === 'modified' && !change.problem ? describeFile(contract, change) : [];
  const date = when(version.at);
  const restore = async () => {
    setProblem(undefined);
    try {
      await historyApi.restore({ file, commit: version.commit, from: version.file, version: onDisk });
      notifications.show({ message: `Restored ${change.title} as of ${date}`, color: 'green' });
      onRestored();
      await openEntry(store, file, { push: false, discard: true });
      void refreshEntries(store);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <Card withBorder padding="sm" component="article" aria-label={`${subject}, ${date}`}>
      {version.current ? (
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Heading subject={subject} version={version} date={date} />
          </div>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            As it is now
          </Badge>
        </Group>
      ) : (
        <AskFirst
          text="Restore this version"
          yes="Yes, restore"
          label={`Restore ${change.title} as of ${date}`}
          question={`Restore ${change.title} as it was on ${date}? It becomes a new change; nothing in the history is lost.${dirty ? ' Your unsaved edits are dropped.' : ''}`}
          onConfirm={restore}
        >
          <Heading subject={subject} version={version} date={date} />
        </AskFirst>
      )}
      <Stack component="ul" gap={4} mt={6} pl={0} style={{ listStyle: 'none' }}>
        {change.status === 'added' && (
          <Text component="li" size="sm">
            Created.
          </Text>
        )}
        {lines.map((line) => (
          <li key={line.indexes.join(',')} style={{ overflowWrap: 'anywhere' }}>
            <ChangeLine said={line.said} committedOf={() => undefined} />
          </li>
        ))}
        {change.status === 'modified' && !change.problem && !lines.length && (
          <Text component="li" size="sm" c="dimmed">
            Only notes, the layout or its address changed; what visitors see is the same.
          </Text>
        )}
        {change.problem && (
          <Text component="li" size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            This version cannot be compared field by field; a developer can tell what changed.
          </Text>
        )}
      </Stack>
      {problem && (
        <Alert color="red" mt={6} role="alert" style={{ whiteSpace: 'pre-wrap' }}>
          {problem}
        </Alert>
      )}
    </Card>
  );
}

function Heading({ subject, version, date }: { subject: string; version: HistoryVersion; date: string }) {
  return (
    <>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {subject}
      </Text>
      <Text size="xs" c="dimmed">
        {version.author.name} ({version.author.email}), {date}
      </Text>
    </>
  );
}
