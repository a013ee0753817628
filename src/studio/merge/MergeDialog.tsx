// Where two people changed the same thing: both versions side by side, place by place (named as
// the review names them), and the editor picks one at each; Save puts the choices in and saves.
// Everything else has been merged already, and the dialog says what.
import { Alert, Button, Group, Modal, Paper, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Collision, Side } from '../../../shared/three-way-merge.ts';
import { mergedInWords, newerVersionSaid, valueInWords } from './merge-words.ts';
import { useQuestion, type Question } from './pending.ts';

export function MergeDialog() {
  const question = useQuestion();
  return (
    <Modal
      opened={question !== undefined}
      onClose={() => question?.answer(undefined)}
      title="You both changed the same thing"
      size="xl"
    >
      {/* Keyed by the question, so a new one starts with nothing chosen. */}
      {question && <Choices key={question.theirs.version} question={question} />}
    </Modal>
  );
}

function Choices({ question }: { question: Question }) {
  const { merge, theirs, savedBy, name } = question;
  const [choices, setChoices] = useState<(Side | undefined)[]>(() => merge.collisions.map(() => undefined));
  const left = choices.filter((choice) => choice === undefined).length;
  const theirName = savedBy.by ?? 'The newer version';
  const mergedAlready = merge.taken.mine.length + merge.taken.theirs.length > 0;
  return (
    <Stack>
      <Text size="sm">
        {newerVersionSaid(savedBy, theirs.title)} while you were editing.{' '}
        {mergedAlready
          ? `Everything else is merged for you: ${mergedInWords(merge, name, theirName)}`
          : 'Nothing else changed.'}
      </Text>
      <Text size="sm" fw={500}>
        Choose which version to keep at each place ({merge.collisions.length}):
      </Text>
      {merge.collisions.map((collision, i) => (
        <CollisionChoice
          key={i}
          collision={collision}
          where={name(collision.path)}
          theirName={savedBy.by ? `${savedBy.by}’s` : 'The newer version’s'}
          value={choices[i]}
          onChange={(side) => setChoices((now) => now.map((choice, j) => (j === i ? side : choice)))}
        />
      ))}
      {left > 0 && (
        <Alert color="gray" variant="light" p="xs">
          <Text size="sm">
            {left === 1 ? '1 place still to choose.' : `${left} places still to choose.`} Nothing is saved until then.
          </Text>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => question.answer(undefined)}>
          Not now (keep my edits unsaved)
        </Button>
        <Button disabled={left > 0} onClick={() => question.answer(choices as Side[])}>
          Save with these choices
        </Button>
      </Group>
    </Stack>
  );
}

function CollisionChoice({
  collision,
  where,
  theirName,
  value,
  onChange,
}: {
  collision: Collision;
  where: string;
  theirName: string;
  value: Side | undefined;
  onChange: (side: Side) => void;
}) {
  const side = (which: Side) => {
    const text = valueInWords(collision[which]);
    return (
      <Radio
        value={which}
        label={which === 'mine' ? 'Keep yours' : `Keep ${theirName}`}
        description={<span style={{ whiteSpace: 'pre-wrap', color: 'var(--mantine-color-text)' }}>{text}</span>}
      />
    );
  };
  return (
    <Paper withBorder p="sm">
      <Radio.Group label={where} value={value ?? null} onChange={(next) => onChange(next as Side)}>
        <Stack gap="xs" mt="xs">
          {side('theirs')}
          {side('mine')}
        </Stack>
      </Radio.Group>
    </Paper>
  );
}
