// The top bar's Leads button, for the editors the site owner gave the leads (on the server only):
// it opens the leads inbox.
import { Button } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { usePublishing } from '../publish/publish-api.ts';
import { LeadsView } from './LeadsView.tsx';

export function LeadsButton() {
  const publishing = usePublishing();
  const [opened, setOpened] = useState(false);
  if (!publishing?.editor.leads) return null;
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconInbox size={14} />} onClick={() => setOpened(true)}>
        Leads
      </Button>
      {opened && <LeadsView onClose={() => setOpened(false)} />}
    </>
  );
}
