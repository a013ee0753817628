// Every edit is checked by the site's compiler as it is typed; the server makes a valid one the
// preview, and the page in the frame, told so once the check is back, re-renders in place
// (preview-updates.ts, src/dev/route-updates.ts).
// One check at a time, and no timer: a keystroke is sent at once, edits typed while a check is on
// its way go as one (the newest) when it returns, so a burst of typing never queues up compiles.
import { useEffect, useRef } from 'react';
import { api, type Check } from './api.ts';
import { tellPreviews } from './preview-updates.ts';
import { useStore, useStudio } from './store/store.ts';

export function useCheck(): void {
  const { dispatch } = useStore();
  const entry = useStudio((state) => state.entry);
  const draft = useStudio((state) => state.history.present);
  // Other files decide some problems (a link to a page added or removed): a change on disk checks again.
  const diskChanges = useStudio((state) => state.diskChanges);
  const queue = useRef<{ busy: boolean; next?: () => Promise<void> }>({ busy: false });
  const shown = useRef('');
  useEffect(() => {
    if (!entry) return;
    let current = true;
    const pending = queue.current;
    // An unchanged verdict is not passed on: re-rendering the whole form would hold up the frame,
    // which renders the edit on the same main thread at that moment.
    const report = (check: Check) => {
      const verdict = JSON.stringify([entry.file, check.errors, check.elsewhere, check.previewing]);
      if (!current || verdict === shown.current) return;
      shown.current = verdict;
      dispatch({ type: 'checked', check });
    };
    pending.next = () =>
      api.check(entry.file, draft.data, draft.body).then(
        (check) => {
          tellPreviews();
          report(check);
        },
        () => undefined,
      );
    if (!pending.busy)
      void (async () => {
        pending.busy = true;
        for (let send = pending.next; send; send = pending.next) {
          pending.next = undefined;
          await send();
        }
        pending.busy = false;
      })();
    return () => {
      current = false;
    };
  }, [draft, entry, diskChanges, dispatch]);
}
