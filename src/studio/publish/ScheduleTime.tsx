// The date and time a release goes live, chosen on the site's clock (its place and offset said
// beside it), with the button that confirms it and one that puts the choice away.
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

export function ScheduleTime({
  zone,
  earliest,
  initial,
  action,
  onChoose,
  onCancel,
}: {
  /** "India, UTC+05:30". */
  zone: string;
  /** Now on the site's clock ("2026-12-04T17:30"): no earlier time can be chosen. */
  earliest: string;
  /** The time shown at first. Default: empty. */
  initial?: string;
  /** The confirming button's words: "Schedule", "Move". */
  action: string;
  onChoose: (at: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [at, setAt] = useState(initial ?? '');
  const [busy, setBusy] = useState(false);
  const choose = async () => {
    setBusy(true);
    try {
      await onChoose(at);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group align="end" gap="xs">
      <TextInput
        type="datetime-local"
        label={`Goes live on (${zone} time)`}
        value={at}
        min={earliest}
        onChange={(event) => setAt(event.currentTarget.value)}
        autoFocus
      />
      <Button loading={busy} disabled={!at} onClick={choose}>
        {action}
      </Button>
      <Button variant="default" disabled={busy} onClick={onCancel}>
        Not now
      </Button>
    </Group>
  );
}
