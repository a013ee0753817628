// An action that asks first, in place: the question shows after the first click, the action runs
// on "yes" (busy meanwhile, so it cannot run twice), and the question closes when it is done.
import { useState } from 'react';

export function useAskFirst(onConfirm: () => Promise<void>) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  return {
    asking,
    busy,
    ask: () => setAsking(true),
    cancel: () => setAsking(false),
    confirm: () => {
      setBusy(true);
      void onConfirm().finally(() => {
        setBusy(false);
        setAsking(false);
      });
    },
  };
}
