// Keeps the open entry's unsaved draft as it is typed: written within a moment of each change, at
// once when another entry opens, and as the page is hidden or closed (pagehide, or the tab going
// to the background, which on a phone or a laptop put to sleep may be the last chance). A draft
// that became the file again (saved, undone to the start) is dropped.
import type { StudioStore } from '../store/store.ts';
import { isDirty } from '../store/studio-state.ts';
import { draftAwaitsChoice, onOfferChange } from './draft-offer.ts';
import { dropDraft, hasKeptDraft, keepDraft } from './kept-drafts.ts';
import { onPageLeaving } from './page-leaving.ts';

/** How long after a change the draft is written, at most. */
export const draftDelay = 600;

/** Starts keeping drafts for the store's open entry; returns the stop. */
export function keepDrafts(store: StudioStore): () => void {
  let seen = store.getState();
  /** The write the state asks for, not done yet, bound to its file. */
  let pending: ((closing: boolean) => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (closing = false) => {
    clearTimeout(timer);
    timer = undefined;
    const run = pending;
    pending = undefined;
    run?.(closing);
  };

  /** What the state asks for now: keep the draft, drop it, or nothing. */
  const plan = (): typeof pending => {
    const state = store.getState();
    const { entry } = state;
    if (!entry || draftAwaitsChoice(entry.file)) return undefined;
    const file = entry.file;
    if (isDirty(state)) {
      const draft = { file, base: entry, draft: state.history.present, at: Date.now() };
      return (closing) => keepDraft(draft, { closing });
    }
    return hasKeptDraft(file) ? (closing) => void dropDraft(file, { closing }) : undefined;
  };

  // The timer runs from the first change not yet written, not the last: typing without a pause is
  // written every `draftDelay` too, each time as it is then.
  const schedule = () => {
    pending = plan();
    if (!pending) {
      clearTimeout(timer);
      timer = undefined;
    } else timer ??= setTimeout(() => flush(), draftDelay);
  };

  const unsubscribe = store.subscribe(() => {
    const state = store.getState();
    if (state.entry === seen.entry && state.history.present === seen.history.present) return;
    // Another entry opened: the last keystrokes of the one left are kept now, not lost to the timer.
    if (state.entry?.file !== seen.entry?.file) flush();
    seen = state;
    schedule();
  });
  // A choice made (kept, dropped) or a search for a kept draft ended: what is typed now is kept.
  const unlisten = onOfferChange(() => {
    const state = store.getState();
    if (state.entry && !draftAwaitsChoice(state.entry.file)) schedule();
  });
  const stopLeaving = onPageLeaving(() => flush(true));
  return () => {
    flush();
    unsubscribe();
    unlisten();
    stopLeaving();
  };
}
