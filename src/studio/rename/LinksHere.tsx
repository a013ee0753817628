// What links to an address, each place in the studio's words (the entry's title first), and the problems the
// change would meet (nothing is written while there are any).
import { Alert, List, Text } from '@mantine/core';
import type { MoveAnswer } from './rename-api.ts';

export function LinksHere({ answer, address }: { answer: MoveAnswer; address: string }) {
  return (
    <section aria-label={`Links to ${address}`}>
      <Text size="sm" fw={600}>
        {answer.links.length
          ? `${answer.links.length} link${answer.links.length === 1 ? '' : 's'} to ${address}:`
          : `Nothing on the site links to ${address}.`}
      </Text>
      {answer.links.length > 0 && (
        <List size="sm" spacing={2} mt={4} style={{ maxHeight: 180, overflow: 'auto' }}>
          {answer.links.map((link, i) => (
            <List.Item key={`${link.file} ${link.where} ${i}`}>{link.where}</List.Item>
          ))}
        </List>
      )}
    </section>
  );
}

export function Problems({ answer, refusal }: { answer?: MoveAnswer; refusal?: string }) {
  if (refusal)
    return (
      <Alert color="red" role="alert" title="This cannot be done">
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {refusal}
        </Text>
      </Alert>
    );
  if (!answer?.problems.length) return null;
  return (
    <Alert color="red" role="alert" title="Nothing can be changed until this is solved">
      <List size="sm">
        {answer.problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** How many entries the change writes, together. */
export function FilesTogether({ answer }: { answer: MoveAnswer }) {
  const count = answer.files.length;
  return (
    <Text size="xs" c="dimmed">
      {count === 1 ? 'One entry changes.' : `${count} entries change together, in one step.`}
    </Text>
  );
}
