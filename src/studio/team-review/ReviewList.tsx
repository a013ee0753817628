// The reviews whose changes are not live yet, newest first, each with how it stands and a way to
// open it; and whether a change needs someone else's approval before it goes live.
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReviewsAnswer } from '../../../shared/team-review.ts';
import { when } from '../publish/publish-api.ts';
import { stateWords } from './team-review-api.ts';

export function ReviewList({ answer, onOpen }: { answer: ReviewsAnswer; onOpen: (id: string) => void }) {
  const open = answer.reviews.filter((review) => review.state !== 'live');
  return (
    <Stack gap="xs" component="section" aria-label="Reviews">
      <Text fw={600}>Reviews</Text>
      {answer.required && (
        <Text size="sm">
          On this site, changes go live only once someone who did not make them has approved them in a review.
        </Text>
      )}
      {open.length === 0 && <Text size="sm">No review is waiting.</Text>}
      {open.map((review) => (
        <Group key={review.id} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {review.by}, {when(review.at)}: {stateWords[review.state]}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => onOpen(review.id)}>
            Open review
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
