// Who else has the open entry open, beside its name in the top bar: "Also open: ana@example.com".
// Out of the way, but where the editor looks before a save (a save that meets theirs is merged).
import { Badge, Tooltip } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useStudio } from '../store/store.ts';
import { othersInWords, useOthers } from './presence.ts';

export function Presence() {
  const file = useStudio((state) => state.entry?.file);
  const others = useOthers(file);
  if (!others.length) return null;
  const said = othersInWords(others);
  return (
    <Tooltip
      multiline
      w={320}
      label={`Also open: ${said}. A save that meets another's is merged, and you choose wherever you both changed the same thing.`}
    >
      <Badge
        role="status"
        variant="light"
        color="grape"
        leftSection={<IconUsers size={12} />}
        style={{ textTransform: 'none' }}
      >
        Also open: {said}
      </Badge>
    </Tooltip>
  );
}
