// The preview links made so far: what each shows, who made it, until when it works, and "Stop this
// link" (asked once in place), which the server allows to its maker and to publishers.
import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ShareView } from '../../../shared/sharing.ts';
import { useStudio } from '../store/store.ts';
import { useAskFirst } from '../use-ask-first.ts';
import { when } from './publish-api.ts';
import { shareApi } from './share-api.ts';

export function ShareList({ round }: { round: number }) {
  const [shares, setShares] = useState<ShareView[]>();
  const [problem, setProblem] = useState<string>();
  const entries = useStudio((state) => state.entries);
  useEffect(() => {
    let live = true;
    shareApi.list().then(
      (next) => live && setShares(next),
      (error: Error) => live && setProblem(error.message),
    );
    return () => {
      live = false;
    };
  }, [round]);
  const stop = async (id: string) => {
    setProblem(undefined);
    try {
      setShares(await shareApi.stop(id));
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  const shows = (share: ShareView) =>
    share.page === undefined
      ? 'The whole site'
      : `The ${entries.find((entry) => entry.route === share.page)?.title ?? share.page} page`;
  if (shares?.length === 0) return <Text size="sm">No preview link has been made yet.</Text>;
  return (
    <>
      {shares && shares.length > 0 && (
        <Table verticalSpacing={6} aria-label="Preview links">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Shows</Table.Th>
              <Table.Th>Made by</Table.Th>
              <Table.Th>Made</Table.Th>
              <Table.Th>Works until</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shares.map((share) => (
              <Table.Tr key={share.id}>
                <Table.Td>{shows(share)}</Table.Td>
                <Table.Td>{share.by}</Table.Td>
                <Table.Td>{when(share.created)}</Table.Td>
                <Table.Td>{share.state === 'active' ? when(share.expires) : <Ended share={share} />}</Table.Td>
                <Table.Td>{share.state === 'active' && <StopLink onConfirm={() => stop(share.id)} />}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {problem && <Alert color="red">{problem}</Alert>}
    </>
  );
}

function Ended({ share }: { share: ShareView }) {
  return (
    <Badge color="gray" variant="light">
      {share.state === 'revoked' ? `Stopped${share.revokedBy ? ` by ${share.revokedBy}` : ''}` : 'Ended'}
    </Badge>
  );
}

function StopLink({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const { asking, busy, ask, cancel, confirm } = useAskFirst(onConfirm);
  if (!asking)
    return (
      <Button size="compact-sm" variant="light" color="red" onClick={ask}>
        Stop this link
      </Button>
    );
  const question = 'Stop this link? Whoever has it will be told the preview has ended.';
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={question}>
      <Text size="sm">{question}</Text>
      <Button size="compact-sm" color="red" loading={busy} autoFocus onClick={confirm}>
        Yes, stop it
      </Button>
      <Button size="compact-sm" variant="default" disabled={busy} onClick={cancel}>
        Keep
      </Button>
    </Group>
  );
}
