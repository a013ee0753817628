// The review's calls (scripts/studio/team-review-routes.ts on the server), and the notes left at
// the open entry's fields. The laptop studio has no reviews: it answers 404, and no note is shown.
import { useEffect, useState } from 'react';
import type {
  ReviewDecisionAsk,
  ReviewNote,
  ReviewNoteAsk,
  ReviewsAnswer,
  ReviewView,
} from '../../../shared/team-review.ts';
import { call } from '../api.ts';

const one = (id: string) => `reviews/${encodeURIComponent(id)}`;

export const reviewApi = {
  list: () => call<ReviewsAnswer>('reviews'),
  /** Asks the publishers to review the changes of the list shown: `commit` is that list's. */
  ask: (commit: string, message: string) => call<ReviewView>('reviews', { body: { commit, message } }),
  note: (id: string, note: ReviewNoteAsk) => call<ReviewsAnswer>(`${one(id)}/notes`, { body: note }),
  decide: (id: string, decision: ReviewDecisionAsk) => call<ReviewsAnswer>(`${one(id)}/decision`, { body: decision }),
};

/** The notes of the reviews whose changes are not live yet, left at `file`; [] where there are no reviews. */
export function useReviewNotes(file: string): ReviewNote[] {
  const [found, setFound] = useState<{ file: string; notes: ReviewNote[] }>();
  useEffect(() => {
    if (!file) return;
    let live = true;
    reviewApi.list().then(
      (answer) =>
        live &&
        setFound({
          file,
          notes: answer.reviews
            .filter((review) => review.state !== 'live')
            .flatMap((review) => review.notes)
            .filter((note) => note.file === file),
        }),
      () => live && setFound({ file, notes: none }),
    );
    return () => {
      live = false;
    };
  }, [file]);
  return found?.file === file ? found.notes : none;
}

/** One empty list, the same each time: the form's context changes only when notes come. */
const none: ReviewNote[] = [];

/** How a review stands, in words. */
export const stateWords: Record<ReviewView['state'], string> = {
  waiting: 'Waiting for a publisher',
  approved: 'Approved',
  'changes-asked': 'Changes asked',
  'saved-since': 'Approved, but changed since: needs approving again',
  live: 'Live',
};
