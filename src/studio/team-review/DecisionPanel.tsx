// A publisher's decision on the version shown: approve it, or ask for changes, with a note for the
// editor. Someone who made some of the changes is told by the server that another must decide.
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { Verdict } from '../../../shared/team-review.ts';

export function DecisionPanel({ onDecide }: { onDecide: (verdict: Verdict, note: string) => Promise<void> }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<Verdict>();
  const decide = async (verdict: Verdict) => {
    setBusy(verdict);
    try {
      await onDecide(verdict, note);
      setNote('');
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-label="Your decision">
      <Text fw={600}>Your decision</Text>
      <Text size="sm" c="dimmed">
        You decide on the changes exactly as listed here. If someone saves again, the new version needs a new decision.
      </Text>
      <Textarea
        label="Note for the editor (optional)"
        value={note}
        autosize
        minRows={2}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group gap="xs">
        <Button color="teal" loading={busy === 'approved'} disabled={!!busy} onClick={() => decide('approved')}>
          Approve
        </Button>
        <Button
          variant="light"
          color="orange"
          loading={busy === 'changes-asked'}
          disabled={!!busy}
          onClick={() => decide('changes-asked')}
        >
          Ask for changes
        </Button>
      </Group>
    </Stack>
  );
}
