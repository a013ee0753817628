// Asks the server what a move or deletion would do, again whenever what is asked changes (a short
// wait while typing an address); only the answer to the newest question is kept.
import { useEffect, useRef, useState } from 'react';
import type { MoveAnswer } from './rename-api.ts';

export interface DryRun {
  answer?: MoveAnswer;
  /** A refusal in words (an address taken, a loop, a file changed meanwhile). */
  refusal?: string;
  /** Waiting for the answer to the question as it is now: the confirm button waits too. */
  busy: boolean;
}

export function useDryRun(question: string | undefined, ask: () => Promise<MoveAnswer>): DryRun {
  const [state, setState] = useState<{ asked?: string; answer?: MoveAnswer; refusal?: string }>({});
  const latest = useRef(ask);
  useEffect(() => {
    latest.current = ask;
  });
  useEffect(() => {
    if (question === undefined) return;
    let current = true;
    const timer = setTimeout(() => {
      latest.current().then(
        (answer) => current && setState({ asked: question, answer }),
        (error: unknown) => current && setState({ asked: question, refusal: (error as Error).message }),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [question]);
  return question !== undefined && state.asked === question
    ? { answer: state.answer, refusal: state.refusal, busy: false }
    : { busy: question !== undefined };
}
