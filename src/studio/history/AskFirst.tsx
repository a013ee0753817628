// A button that asks before it acts, the question on a row of its own under the card's heading
// (a restore's question is a sentence long): nothing happens until the second click.
import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAskFirst } from '../use-ask-first.ts';

export function AskFirst({
  text,
  label,
  question,
  yes,
  onConfirm,
  children,
}: {
  /** The button's text, and its name for assistive technology. */
  text: string;
  label: string;
  question: string;
  /** The answer that does it ("Yes, restore"). */
  yes: string;
  onConfirm: () => Promise<void>;
  /** What the card shows beside the button (its heading). */
  children: ReactNode;
}) {
  const { asking, busy, ask, cancel, confirm } = useAskFirst(onConfirm);
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>{children}</div>
        {!asking && (
          <Button size="compact-xs" variant="light" aria-label={label} style={{ flexShrink: 0 }} onClick={ask}>
            {text}
          </Button>
        )}
      </Group>
      {asking && (
        <Paper withBorder p="xs" mt={6} role="group" aria-label={question} bg="var(--mantine-color-yellow-0)">
          <Text size="sm">{question}</Text>
          <Group gap="xs" mt={6}>
            <Button size="compact-sm" loading={busy} autoFocus onClick={confirm}>
              {yes}
            </Button>
            <Button size="compact-sm" variant="default" disabled={busy} onClick={cancel}>
              Keep it as it is
            </Button>
          </Group>
        </Paper>
      )}
    </>
  );
}
