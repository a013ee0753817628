// The inbox's list: search and filters (form, status, source), the leads newest first, Export CSV
// of what the filters show, and the lead clicked opened beside the list.
import { Alert, Badge, Button, Grid, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { leadStatuses, type InboxList, type InboxQuery, type LeadStatus } from '../../../shared/leads-inbox.ts';
import { Loading } from '../Loading.tsx';
import { LeadCard } from './LeadCard.tsx';
import { leadsApi } from './leads-api.ts';
import { receivedWhen, statusColor, statusText } from './lead-words.ts';

export function LeadInbox({ round }: { round: number }) {
  const [query, setQuery] = useState<InboxQuery>({});
  const [search, setSearch] = useState('');
  const [list, setList] = useState<InboxList>();
  const [problem, setProblem] = useState<string>();
  const [opened, setOpened] = useState<string>();
  // Bumped when the opened lead changes, so its row shows its new status.
  const [changes, setChanges] = useState(0);
  // The search is asked for once typing pauses, not at every letter.
  useEffect(() => {
    const timer = setTimeout(() => setQuery((current) => ({ ...current, search: search.trim() || undefined })), 300);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => {
    let live = true;
    leadsApi.list(query).then(
      (next) => {
        if (!live) return;
        setList(next);
        setProblem(undefined);
      },
      (error: Error) => live && setProblem(error.message),
    );
    return () => {
      live = false;
    };
  }, [query, round, changes]);
  const exportCsv = () => leadsApi.exportCsv(query).catch((error: Error) => setProblem(error.message));
  const filter = (name: keyof InboxQuery) => (value: string | null) =>
    setQuery((current) => ({ ...current, [name]: value ?? undefined }));
  return (
    <>
      <Group align="flex-end" gap="sm" mb="md">
        <TextInput
          label="Search"
          placeholder="A name, a company, a word of the message"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
        />
        <Select
          label="Form"
          placeholder="All forms"
          clearable
          data={(list?.forms ?? []).map((form) => ({ value: form.id, label: form.title }))}
          value={query.form ?? null}
          onChange={filter('form')}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={leadStatuses.map((status) => ({ value: status, label: statusText[status] }))}
          value={query.status ?? null}
          onChange={filter('status')}
        />
        <Select
          label="Source"
          placeholder="Any source"
          clearable
          data={list?.sources ?? []}
          value={query.source ?? null}
          onChange={filter('source')}
        />
        <Button variant="default" leftSection={<IconDownload size={14} />} onClick={exportCsv} ml="auto">
          Export CSV
        </Button>
      </Group>
      {problem && <Alert color="red">{problem}</Alert>}
      {!list && !problem && <Loading>Reading the leads…</Loading>}
      {list && (
        <Grid>
          <Grid.Col span={opened ? 6 : 12}>
            <LeadTable list={list} opened={opened} onOpen={setOpened} />
          </Grid.Col>
          {opened && (
            <Grid.Col span={6}>
              <LeadCard
                key={opened}
                id={opened}
                onChanged={() => setChanges((n) => n + 1)}
                onClose={() => setOpened(undefined)}
              />
            </Grid.Col>
          )}
        </Grid>
      )}
    </>
  );
}

function LeadTable({ list, opened, onOpen }: { list: InboxList; opened?: string; onOpen: (id: string) => void }) {
  if (!list.leads.length) return <Text size="sm">No lead matches.</Text>;
  return (
    <>
      <Table highlightOnHover aria-label="Leads">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Received</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Form</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Language</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.leads.map((lead) => (
            <Table.Tr
              key={lead.id}
              onClick={() => onOpen(lead.id)}
              style={{ cursor: 'pointer' }}
              bg={lead.id === opened ? 'var(--mantine-color-blue-0)' : undefined}
            >
              <Table.Td>{receivedWhen(lead.receivedAt)}</Table.Td>
              <Table.Td>
                <button type="button" onClick={() => onOpen(lead.id)} style={linkStyle}>
                  {lead.from || 'Someone'}
                </button>
              </Table.Td>
              <Table.Td>{lead.form}</Table.Td>
              <Table.Td>
                <StatusBadge status={lead.status} />
              </Table.Td>
              <Table.Td>{lead.source}</Table.Td>
              <Table.Td>{lead.language}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {list.total > list.leads.length && (
        <Text size="sm" c="dimmed" mt="xs">
          The newest {list.leads.length} of {list.total} are shown: search or filter to find the others. Export CSV has
          them all.
        </Text>
      )}
    </>
  );
}

const linkStyle = { background: 'none', border: 0, padding: 0, font: 'inherit', color: 'inherit', cursor: 'pointer' };

export const StatusBadge = ({ status }: { status: LeadStatus }) => (
  <Badge color={statusColor[status]} variant="light">
    {statusText[status]}
  </Badge>
);
