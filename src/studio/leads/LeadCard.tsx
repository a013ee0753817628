// One lead opened: every field under its form's label, where it came from, its status, a note for
// the team, and its delivery, with "Send again" when it could not be delivered.
import {
  Alert,
  Button,
  CloseButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { leadStatuses, MAX_NOTE, type LeadDetail, type LeadStatus } from '../../../shared/leads-inbox.ts';
import { Loading } from '../Loading.tsx';
import { leadsApi } from './leads-api.ts';
import { deliveryText, receivedWhen, statusText } from './lead-words.ts';

const sourceRows = (lead: LeadDetail): [string, string][] => {
  const source = lead.sourceDetail;
  const rows: [string, string | undefined][] = [
    ['Sent from the page', source.page],
    ['First page of the visit', source.landing],
    ['Came from the site', source.referrer],
    ['Campaign', source.utm_campaign],
    ['Campaign source', source.utm_source],
    ['Campaign medium', source.utm_medium],
    ['Campaign term', source.utm_term],
    ['Campaign content', source.utm_content],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
};

export function LeadCard({ id, onChanged, onClose }: { id: string; onChanged: () => void; onClose: () => void }) {
  const [lead, setLead] = useState<LeadDetail>();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let live = true;
    leadsApi.open(id).then(
      (next) => {
        if (!live) return;
        setLead(next);
        setNote(next.note);
        setProblem(undefined);
      },
      (error: Error) => live && setProblem(error.message),
    );
    return () => {
      live = false;
    };
  }, [id]);
  const act = async (action: () => Promise<LeadDetail>) => {
    setProblem(undefined);
    try {
      setLead(await action());
      onChanged();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  if (!lead) return problem ? <Alert color="red">{problem}</Alert> : <Loading>Opening the lead…</Loading>;
  const sources = sourceRows(lead);
  return (
    <Paper withBorder p="md" aria-label={`Lead from ${lead.from}`}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3}>{lead.from || 'Someone'}</Title>
          <Text size="sm" c="dimmed">
            {lead.form}, {receivedWhen(lead.receivedAt)}
          </Text>
          <Text size="sm" c="dimmed">
            Language: {lead.language}
          </Text>
        </div>
        <CloseButton aria-label="Close the lead" onClick={onClose} />
      </Group>
      <Stack gap="md" mt="md">
        <SegmentedControl
          aria-label="Status"
          value={lead.status}
          data={leadStatuses.map((status) => ({ value: status, label: statusText[status] }))}
          onChange={(status) => void act(() => leadsApi.change(id, { status: status as LeadStatus }))}
        />
        <Table aria-label="What they sent">
          <Table.Tbody>
            {lead.fields.map((field) => (
              <Table.Tr key={field.label}>
                <Table.Th w="35%">{field.label}</Table.Th>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{field.value || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <div>
          <Title order={4}>Where they came from</Title>
          {sources.length === 0 && (
            <Text size="sm">Not known: they came straight to the site, or their browser did not say.</Text>
          )}
          <Table aria-label="Where they came from">
            <Table.Tbody>
              {sources.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w="35%">{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        <Textarea
          label="Note for the team"
          autosize
          minRows={2}
          maxLength={MAX_NOTE}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group>
          <Button
            size="xs"
            variant="default"
            disabled={note === lead.note}
            onClick={() => void act(() => leadsApi.change(id, { note }))}
          >
            Save the note
          </Button>
        </Group>
        {lead.spamReasons && (
          <Alert color="yellow" title="Held back as spam: not sent on, no reply sent">
            <Stack gap="xs">
              {lead.spamReasons.map((reason) => (
                <Text key={reason} size="sm">
                  {reason}
                </Text>
              ))}
              <Group>
                <Button size="xs" variant="light" onClick={() => void act(() => leadsApi.retry(id))}>
                  Not spam: send it on
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <div>
          <Title order={4}>Delivery</Title>
          {lead.delivery.map((delivery) => (
            <Group key={delivery.destination} gap="sm">
              <Text size="sm">{deliveryText(delivery)}</Text>
              {delivery.state === 'failed' && (
                <Button size="compact-xs" variant="light" onClick={() => void act(() => leadsApi.retry(id))}>
                  Send again
                </Button>
              )}
            </Group>
          ))}
        </div>
        {problem && <Alert color="red">{problem}</Alert>}
      </Stack>
    </Paper>
  );
}
