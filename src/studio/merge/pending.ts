// The question the merge dialog asks, held outside React: resolveConflict asks it and waits; the
// dialog (MergeDialog.tsx) shows it and answers with a choice per collision, or none ("not now").
import { useSyncExternalStore } from 'react';
import type { DataPath } from '../../../shared/review.ts';
import type { Merge, Side } from '../../../shared/three-way-merge.ts';
import type { Entry, SavedBy } from '../../../shared/studio-protocol.ts';

export interface Question {
  merge: Merge;
  /** The newer version on disk, and who saved it when git can tell. */
  theirs: Entry;
  savedBy: SavedBy;
  name: (path: DataPath | 'body') => string;
  answer: (choices: Side[] | undefined) => void;
}

let asked: Question | undefined;
const listeners = new Set<() => void>();

function set(question: Question | undefined) {
  asked = question;
  for (const listener of listeners) listener();
}

/** Shows the collisions and waits for the editor's choices (undefined: not now). A newer question replaces one still open. */
export function askChoices(question: Omit<Question, 'answer'>): Promise<Side[] | undefined> {
  asked?.answer(undefined);
  return new Promise((resolve) => {
    const current: Question = {
      ...question,
      answer: (choices) => {
        if (asked === current) set(undefined);
        resolve(choices);
      },
    };
    set(current);
  });
}

/** The question open now, if any. */
export function useQuestion(): Question | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => asked,
  );
}
