// The leads inbox: the leads, newest first, with search and filters, one opened beside the list,
// the Sources view (which pages are seen and which bring leads), and erasing a person's data on
// their request.
import { Modal, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { ErasePerson } from './ErasePerson.tsx';
import { LeadInbox } from './LeadInbox.tsx';
import { SourcesTable } from './SourcesTable.tsx';

export function LeadsView({ onClose }: { onClose: () => void }) {
  // Bumped after an erasure: the list is read again.
  const [round, setRound] = useState(0);
  return (
    <Modal opened onClose={onClose} fullScreen title={<Title order={2}>Leads</Title>}>
      <Tabs defaultValue="inbox" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="inbox">Inbox</Tabs.Tab>
          <Tabs.Tab value="sources">Sources</Tabs.Tab>
          <Tabs.Tab value="erase">Erase a person</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inbox">
          <LeadInbox round={round} />
        </Tabs.Panel>
        <Tabs.Panel value="sources">
          <SourcesTable />
        </Tabs.Panel>
        <Tabs.Panel value="erase">
          <ErasePerson onErased={() => setRound((n) => n + 1)} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
