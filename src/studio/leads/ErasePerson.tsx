// Erasing a person's data when they ask: their e-mail address, then a confirmation, and every lead
// they sent is gone from the server (the delivered e-mails in your mailbox are yours to delete).
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useAskFirst } from '../use-ask-first.ts';
import { leadsApi } from './leads-api.ts';

export function ErasePerson({ onErased }: { onErased: () => void }) {
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const erase = async () => {
    setProblem(undefined);
    try {
      const { erased } = await leadsApi.erase(email.trim());
      setDone(
        erased === 0
          ? `No lead from ${email.trim()} was found: nothing was erased.`
          : `${erased} lead${erased === 1 ? '' : 's'} from ${email.trim()} erased.`,
      );
      setEmail('');
      onErased();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  const { asking, busy, ask, cancel, confirm } = useAskFirst(erase);
  const valid = /^[^@\s]+@[^@\s]+$/.test(email.trim());
  return (
    <Stack maw={640} gap="sm">
      <Text size="sm">
        When someone asks you to delete their data, enter the e-mail address they used. Every lead they sent is removed
        from the website&rsquo;s server, with your notes on it. The e-mails the leads arrived as stay in your mailbox:
        delete those there.
      </Text>
      <TextInput
        label="Their e-mail address"
        value={email}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
          setDone(undefined);
        }}
        disabled={asking}
      />
      {!asking && (
        <Group>
          <Button color="red" variant="light" disabled={!valid} onClick={ask}>
            Erase this person&rsquo;s leads
          </Button>
        </Group>
      )}
      {asking && (
        <Paper withBorder p="xs" role="group" aria-label="Erase for good?" bg="var(--mantine-color-yellow-0)">
          <Text size="sm">Erase every lead from {email.trim()} for good? This cannot be undone.</Text>
          <Group gap="xs" mt={6}>
            <Button size="compact-sm" color="red" loading={busy} autoFocus onClick={confirm}>
              Yes, erase
            </Button>
            <Button size="compact-sm" variant="default" disabled={busy} onClick={cancel}>
              Keep them
            </Button>
          </Group>
        </Paper>
      )}
      {done && <Alert color="green">{done}</Alert>}
      {problem && <Alert color="red">{problem}</Alert>}
    </Stack>
  );
}
