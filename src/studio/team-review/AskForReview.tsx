// Asking the publishers to review what is saved but not live, with a message; each is mailed a link.
import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { reviewApi } from './team-review-api.ts';

export function AskForReview({ commit, onAsked }: { commit: string; onAsked: () => void }) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [asked, setAsked] = useState(false);
  const ask = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await reviewApi.ask(commit, message);
      setAsked(true);
      setMessage('');
      onAsked();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-label="Ask for a review">
      <Text fw={600}>Ask for a review</Text>
      <Text size="sm" c="dimmed">
        The publishers get an e-mail with a link: they see each change and its pages before and after, can leave you a
        note at a field, and approve the changes or ask for more.
      </Text>
      <Textarea
        label="Message for the publishers"
        placeholder="What changed and why, and anything they should look at closely"
        value={message}
        autosize
        minRows={2}
        onChange={(event) => setMessage(event.currentTarget.value)}
      />
      <div>
        <Button loading={busy} disabled={!message.trim()} onClick={ask}>
          Ask for review
        </Button>
      </div>
      {asked && <Alert color="teal">Review asked: the publishers have been sent an e-mail with a link to it.</Alert>}
      {problem && <Alert color="red">{problem}</Alert>}
    </Stack>
  );
}
