// The Sources view: for the last 7, 30 or 90 days, each page's views (counted by the server, without
// cookies) beside the leads it brought: visits that began there, and forms sent from it.
import { Alert, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { sourceDays, type PageSources } from '../../../shared/leads-inbox.ts';
import { Loading } from '../Loading.tsx';
import { useStudio } from '../store/store.ts';
import { leadsApi } from './leads-api.ts';

export function SourcesTable() {
  const [days, setDays] = useState<number>(sourceDays[0]);
  // The answer with the period it is for: another period shows "Counting…" until its answer comes.
  const [answer, setAnswer] = useState<{ days: number; rows: PageSources[] }>();
  const rows = answer?.days === days ? answer.rows : undefined;
  const [problem, setProblem] = useState<string>();
  const entries = useStudio((state) => state.entries);
  useEffect(() => {
    let live = true;
    leadsApi.sources(days).then(
      (next) => live && setAnswer({ days, rows: next }),
      (error: Error) => live && setProblem(error.message),
    );
    return () => {
      live = false;
    };
  }, [days]);
  const title = (page: string) => entries.find((entry) => entry.route === page)?.title ?? page;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Period"
        w="fit-content"
        value={String(days)}
        data={sourceDays.map((n) => ({ value: String(n), label: `Last ${n} days` }))}
        onChange={(value) => setDays(Number(value))}
      />
      <Text size="sm" c="dimmed">
        Views are counted by the website&rsquo;s server, without cookies; search engines&rsquo; robots are left out.
      </Text>
      {problem && <Alert color="red">{problem}</Alert>}
      {!rows && !problem && <Loading>Counting…</Loading>}
      {rows?.length === 0 && <Text size="sm">Nothing was viewed or sent in this period.</Text>}
      {rows && rows.length > 0 && (
        <Table aria-label="Pages and the leads they brought">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Page</Table.Th>
              <Table.Th>Views</Table.Th>
              <Table.Th>Leads whose visit began here</Table.Th>
              <Table.Th>Leads sent from here</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.page}>
                <Table.Td>{title(row.page)}</Table.Td>
                <Table.Td>{row.views}</Table.Td>
                <Table.Td>{row.landed}</Table.Td>
                <Table.Td>{row.sent}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
