// The Publish view's reviews: those waiting, to open, and asking for one of what is not live yet.
import { useEffect, useState } from 'react';
import type { ReviewsAnswer } from '../../../shared/team-review.ts';
import { AskForReview } from './AskForReview.tsx';
import { ReviewList } from './ReviewList.tsx';
import { reviewApi } from './team-review-api.ts';

export function ReviewsPanel({
  commit,
  pending,
  round,
  onOpen,
}: {
  /** The newest save of the list shown, when it has changes not live yet. */
  commit?: string;
  pending: number;
  round: number;
  onOpen: (id: string) => void;
}) {
  const [answer, setAnswer] = useState<ReviewsAnswer>();
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let live = true;
    reviewApi.list().then(
      (next) => live && setAnswer(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [round, asked]);
  if (!answer) return null;
  return (
    <>
      <ReviewList answer={answer} onOpen={onOpen} />
      {commit && pending > 0 && <AskForReview commit={commit} onAsked={() => setAsked((n) => n + 1)} />}
    </>
  );
}
