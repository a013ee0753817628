// A review, as the publishers open it from their mail: who asks and their message, each change in
// the review's words with the notes left at it, its page before (as visitors see it now) and after
// (as saved) side by side at a chosen width, and, for a publisher, Approve or Ask for changes.
import { Alert, Badge, Group, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { UnpublishedAnswer } from '../../../shared/publishing.ts';
import type { ReviewNoteAsk, ReviewsAnswer, Verdict } from '../../../shared/team-review.ts';
import { Loading } from '../Loading.tsx';
import { PagePreviews } from '../publish/PagePreviews.tsx';
import { publishApi, when } from '../publish/publish-api.ts';
import { routeOf } from '../publish/UnpublishedList.tsx';
import { useStudio } from '../store/store.ts';
import { DecisionPanel } from './DecisionPanel.tsx';
import { ReviewChanges } from './ReviewChanges.tsx';
import { reviewApi, stateWords } from './team-review-api.ts';

/** The widths a reviewer sees the pages at: a phone, a tablet, a desktop screen. */
const widths = [
  { value: '390', label: 'Phone' },
  { value: '768', label: 'Tablet' },
  { value: '1280', label: 'Desktop' },
];

export function ReviewPage({ id, publisher, onClose }: { id: string; publisher: boolean; onClose: () => void }) {
  const [reviews, setReviews] = useState<ReviewsAnswer>();
  const [answer, setAnswer] = useState<UnpublishedAnswer>();
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const [route, setRoute] = useState<string>();
  const [width, setWidth] = useState('1280');
  const entries = useStudio((state) => state.entries);
  const load = useCallback(
    () =>
      reviewApi
        .list()
        // The changes as the version under review brings them: with the languages it holds back held back.
        .then(async (list) => {
          const changes = await publishApi.unpublished(list.reviews.find((one) => one.id === id)?.holdBack);
          setReviews(list);
          setAnswer(changes);
        })
        .catch((error: Error) => setProblem(error.message)),
    [id],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const review = reviews?.reviews.find((one) => one.id === id);
  const tried = async (work: () => Promise<ReviewsAnswer>, said?: string) => {
    setProblem(undefined);
    setDone(undefined);
    try {
      setReviews(await work());
      if (said) setDone(said);
    } catch (error) {
      setProblem((error as Error).message);
      void load();
    }
  };
  const onNote = (note: ReviewNoteAsk) => tried(() => reviewApi.note(id, note));
  const onDecide = (verdict: Verdict, note: string) =>
    tried(
      () => reviewApi.decide(id, { commit: answer!.commit, verdict, ...(note.trim() && { note }) }),
      verdict === 'approved'
        ? 'Approved. A publisher can now publish these changes exactly as you saw them.'
        : 'Changes asked. The editor is told by e-mail.',
    );
  const shown =
    route ??
    answer?.changes
      .flatMap((change) => change.files)
      .map((file) => routeOf(entries, file))
      .find((found) => found !== undefined);
  return (
    <Modal opened onClose={onClose} fullScreen title={<Title order={2}>Review</Title>}>
      <Stack gap="lg" maw={1600} mx="auto">
        {!reviews && !problem && <Loading>Loading the review…</Loading>}
        {reviews && !review && <Alert color="orange">This review is not there any more.</Alert>}
        {review && (
          <Stack gap={4}>
            <Group gap="sm">
              <Text fw={600}>
                {review.by} asked for a review {when(review.at)}
              </Text>
              <Badge color={review.state === 'approved' || review.state === 'live' ? 'teal' : 'gray'}>
                {stateWords[review.state]}
              </Badge>
            </Group>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{review.message}</Text>
            {review.decisions.map((decision) => (
              <Text key={decision.at} size="sm" c="dimmed">
                {decision.verdict === 'approved' ? 'Approved' : 'Changes asked'} by {decision.by}, {when(decision.at)}
                {decision.note ? `: ${decision.note}` : ''}
              </Text>
            ))}
          </Stack>
        )}
        {problem && <Alert color="red">{problem}</Alert>}
        {done && <Alert color="teal">{done}</Alert>}
        {review && answer && (
          <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', gap: 24 }}>
            <Stack gap="md">
              <ReviewChanges answer={answer} notes={review.notes} onNote={onNote} shown={shown} onShow={setRoute} />
              {publisher && review.state !== 'live' && answer.changes.length > 0 && (
                <DecisionPanel onDecide={onDecide} />
              )}
            </Stack>
            <Stack gap="xs">
              <SegmentedControl aria-label="Page width" data={widths} value={width} onChange={setWidth} />
              {shown !== undefined && <PagePreviews route={shown} round={0} width={Number(width)} />}
            </Stack>
          </div>
        )}
      </Stack>
    </Modal>
  );
}
