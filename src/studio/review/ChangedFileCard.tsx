// One changed file in the review: what it is ("New page: Pricing", "Home"), its changes in words,
// each with its own Discard, and Discard for the whole file.
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ChangedFile } from '../../../shared/review.ts';
import type { Contract } from '../schema.ts';
import { useStore } from '../store/store.ts';
import { ChangeLine, type CommittedOf } from './ChangeLine.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { describeFile, fileHeading } from './describe.ts';
import { discard, discardQuestion } from './discard.ts';
import { Thumbnail } from './Thumbnail.tsx';

const addressOf = (file: string) => `/${file.split('/').map(encodeURIComponent).join('/')}`;

export function ChangedFileCard({
  file,
  contract,
  committedOf,
  onDiscarded,
}: {
  file: ChangedFile;
  contract: Contract;
  committedOf: CommittedOf;
  onDiscarded: () => void;
}) {
  const store = useStore();
  const [problem, setProblem] = useState<string>();
  const heading = fileHeading(file);
  const run = (changes?: number[]) => async () => {
    setProblem(undefined);
    try {
      await discard(store, file, changes);
      onDiscarded();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  const lines = file.status === 'modified' && !file.problem ? describeFile(contract, file) : [];
  return (
    <section aria-label={heading}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Title order={3} size="h5">
            {heading}
          </Title>
        </div>
        <ConfirmButton
          text="Discard all"
          label={`Discard all changes to ${heading}`}
          question={discardQuestion(store, file, true)}
          onConfirm={run()}
        />
      </Group>
      {file.kind === 'image' && (
        <Group gap="xs" mt={4}>
          {file.status !== 'added' && <Thumbnail committed={file.file} alt={`${file.title}, before`} />}
          {file.status === 'modified' && <Text aria-hidden>→</Text>}
          {file.status !== 'deleted' && <Thumbnail src={addressOf(file.file)} alt={file.title} />}
        </Group>
      )}
      {file.problem && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          This cannot be compared field by field until a developer fixes it.
        </Text>
      )}
      {file.status === 'modified' && !file.problem && file.kind === 'other' && (
        <Text size="sm" c="dimmed">
          This changed; it is not something the studio edits, so what changed is not shown here.
        </Text>
      )}
      {file.status === 'modified' &&
        !file.problem &&
        file.kind !== 'image' &&
        file.kind !== 'other' &&
        !lines.length && (
          <Text size="sm" c="dimmed">
            Only notes or the layout changed; what visitors see is the same.
          </Text>
        )}
      {lines.length > 0 && (
        <Stack component="ul" gap={6} mt={6} pl={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <Group component="li" key={line.indexes.join(',')} justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                <ChangeLine said={line.said} committedOf={committedOf} />
              </div>
              <ConfirmButton
                label={`Discard this change to ${heading}`}
                question={discardQuestion(store, file, false)}
                onConfirm={run(line.indexes)}
              />
            </Group>
          ))}
        </Stack>
      )}
      {problem && (
        <Alert color="red" mt={6} style={{ whiteSpace: 'pre-wrap' }}>
          {problem}
        </Alert>
      )}
    </section>
  );
}
