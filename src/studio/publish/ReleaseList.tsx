// The kept releases, newest first: when each was published, by whom and what it brought (the entries
// it changed by title; the site's code in one line), which one visitors see, and (for a publisher)
// Roll back on every other one, asked once in place before it switches.
import { Alert, Badge, Button, Group, Table, Text, Title } from '@mantine/core';
import { Loading } from '../Loading.tsx';
import { useEffect, useState } from 'react';
import type { ReleaseChanges, ReleaseView } from '../../../shared/publishing.ts';
import { publishApi, when } from './publish-api.ts';
import { useAskFirst } from '../use-ask-first.ts';

export function ReleaseList({
  publisher,
  round,
  onRolledBack,
}: {
  publisher: boolean;
  round: number;
  onRolledBack: () => void;
}) {
  const [releases, setReleases] = useState<ReleaseView[]>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let live = true;
    publishApi.releases().then(
      (next) => live && setReleases(next),
      (error: Error) => live && setProblem(error.message),
    );
    return () => {
      live = false;
    };
  }, [round]);
  const rollBack = async (id: string) => {
    setProblem(undefined);
    try {
      setReleases(await publishApi.rollback(id));
      onRolledBack();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <section aria-label="Releases">
      <Title order={3} size="h4" mb="xs">
        Releases
      </Title>
      {!releases && !problem && <Loading>Loading the releases…</Loading>}
      {releases?.length === 0 && <Text size="sm">No release yet: the first publish makes one.</Text>}
      {releases && releases.length > 0 && (
        <Table maw={900} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Published</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>What changed</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {releases.map((release) => (
              <Table.Tr key={release.id} aria-label={`Release of ${when(release.at)}`}>
                <Table.Td>{when(release.at)}</Table.Td>
                {/* No publisher: the site as it was set up, served before the first publish. */}
                <Table.Td>
                  {release.by || 'The site as first set up'}
                  {release.approvedBy && (
                    <Text size="sm" c="dimmed">
                      Approved by {release.approvedBy}
                    </Text>
                  )}
                  {release.scheduled && (
                    <Text size="sm" c="dimmed">
                      {release.scheduled.late
                        ? `Scheduled for ${when(release.scheduled.for)}; went live late, when the server started again.`
                        : 'Went live as scheduled.'}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{release.changes && <ChangesInWords changes={release.changes} />}</Table.Td>
                <Table.Td>
                  {release.live ? (
                    <Badge color="teal">Live</Badge>
                  ) : (
                    publisher && <RollBack at={when(release.at)} onConfirm={() => rollBack(release.id)} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {problem && (
        <Alert color="red" mt="sm">
          {problem}
        </Alert>
      )}
    </section>
  );
}

function RollBack({ at, onConfirm }: { at: string; onConfirm: () => Promise<void> }) {
  const { asking, busy, ask, cancel, confirm } = useAskFirst(onConfirm);
  if (!asking)
    return (
      <Button size="compact-sm" variant="light" onClick={ask}>
        Roll back
      </Button>
    );
  const question = `Show visitors the site as published ${at} again?`;
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={question}>
      <Text size="sm">{question}</Text>
      <Button size="compact-sm" loading={busy} autoFocus onClick={confirm}>
        Yes, roll back
      </Button>
      <Button size="compact-sm" variant="default" disabled={busy} onClick={cancel}>
        Keep
      </Button>
    </Group>
  );
}

/** "Contact, Start and 2 more", and "Site code updated" on a line of its own. */
function ChangesInWords({ changes }: { changes: ReleaseChanges }) {
  const { entries, more, code } = changes;
  const named = more > 0 ? [...entries, `${more} more`] : entries;
  const last = named.length > 1 ? ` and ${named.at(-1)}` : '';
  return (
    <>
      {named.length > 0 && <Text size="sm">{(named.length > 1 ? named.slice(0, -1) : named).join(', ') + last}</Text>}
      {code && (
        <Text size="sm" c="dimmed">
          Site code updated
        </Text>
      )}
      {named.length === 0 && !code && <Text size="sm">No visible change</Text>}
    </>
  );
}
