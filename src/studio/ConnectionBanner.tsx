// Said at once when the studio cannot reach its server (stopped, restarting, the network gone), in
// front of everything and never in the way of the edits, which stay on the page; it goes away by
// itself when the server answers again.
import { Group, Loader, Paper, Text } from '@mantine/core';
import { connectionLostText, useConnectionLost } from './connection.ts';

export function ConnectionBanner() {
  const lost = useConnectionLost();
  return (
    <div role="alert" style={{ position: 'fixed', top: 8, left: '50%', transform: 'translateX(-50%)', zIndex: 1000 }}>
      {lost && (
        <Paper shadow="md" px="md" py="xs" withBorder style={{ background: 'var(--mantine-color-yellow-0)' }}>
          <Group gap="sm" wrap="nowrap">
            <Loader size="xs" color="orange" aria-hidden="true" />
            <Text size="sm" fw={600}>
              {connectionLostText}
            </Text>
            <Text size="sm">Trying again…</Text>
          </Group>
        </Paper>
      )}
    </div>
  );
}
