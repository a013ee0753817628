// What a part of the studio shows while its content is on its way: a spinner and what it is
// loading, in words, so an empty list never stands for "nothing" before the answer has come.
import { Group, Loader, Text } from '@mantine/core';

export function Loading({ children }: { children: string }) {
  return (
    <Group gap="xs" wrap="nowrap" role="status">
      <Loader size="xs" aria-hidden="true" />
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}
