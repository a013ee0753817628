// A discard button that asks first, in place: "Discard …? Yes, discard / Keep". Nothing is written
// until the second click, and the question says what will be lost.
import { Button, Group, Text } from '@mantine/core';
import { useAskFirst } from '../use-ask-first.ts';

export function ConfirmButton({
  text = 'Discard',
  label,
  question,
  onConfirm,
}: {
  /** The button's text. */
  text?: string;
  /** The button's name for assistive technology ("Discard: Start › Hero › Title"). */
  label: string;
  question: string;
  onConfirm: () => Promise<void>;
}) {
  const { asking, busy, ask, cancel, confirm } = useAskFirst(onConfirm);
  if (!asking)
    return (
      <Button size="compact-xs" variant="subtle" color="red" aria-label={label} style={{ flexShrink: 0 }} onClick={ask}>
        {text}
      </Button>
    );
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={question} style={{ flexShrink: 0, maxWidth: '60%' }}>
      <Text size="xs">{question}</Text>
      <Button size="compact-xs" color="red" loading={busy} autoFocus onClick={confirm}>
        Yes, discard
      </Button>
      <Button size="compact-xs" variant="default" disabled={busy} onClick={cancel}>
        Keep
      </Button>
    </Group>
  );
}
