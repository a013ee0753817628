// The toolbar's Publish button, on the studio on the server only (the laptop studio answers that it
// has no publishing): it opens the Publish view.
import { Button } from '@mantine/core';
import { IconWorldUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { PublishView } from './PublishView.tsx';
import { usePublishing } from './publish-api.ts';

export function PublishButton() {
  const publishing = usePublishing();
  const [opened, setOpened] = useState(false);
  if (!publishing) return null;
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconWorldUpload size={14} />} onClick={() => setOpened(true)}>
        Publish
      </Button>
      {opened && <PublishView editor={publishing.editor} onClose={() => setOpened(false)} />}
    </>
  );
}
