import { Group } from '@mantine/core';
import type { Button } from '../../shared/generated/content.ts';
import { ActionButton } from './ActionButton.tsx';

export function ButtonRow({
  buttons,
  justify = 'flex-start',
  mt = 'xl',
}: {
  buttons?: Button[];
  justify?: 'center' | 'flex-start';
  mt?: string;
}) {
  if (!buttons?.length) return null;
  return (
    <Group justify={justify} gap="md" mt={mt}>
      {buttons.map((button, position) => (
        <ActionButton key={position} button={button} />
      ))}
    </Group>
  );
}
