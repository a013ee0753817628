// Keeps the translation view's unsaved words as the translator's draft, as the entry editor keeps
// an entry's (keep-drafts.ts): looked for when the view opens and offered before anything can be
// typed over it, then written within a moment of each change, at once as the page is hidden or
// closed and as the view closes, and dropped once nothing is unsaved (saved, or typed back).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TranslationDraft, TranslationView } from '../../../shared/translation-protocol.ts';
import { draftDelay } from '../drafts/keep-drafts.ts';
import { dropDraftAt, hasKeptDraft, keepDraftAt, readDraftAt } from '../drafts/kept-drafts.ts';
import { onPageLeaving } from '../drafts/page-leaving.ts';
import {
  draftOf,
  hasEdits,
  restoreDraft,
  translationDraftTarget,
  type RestoredDraft,
  type TranslationEdits,
} from './translation-draft.ts';

export interface TranslationDraftOffer {
  at: number;
  restored: RestoredDraft;
}

export function useTranslationDraft({
  file,
  language,
  view,
  work,
  onKeep,
}: {
  file: string;
  language: string;
  view: TranslationView | undefined;
  work: TranslationEdits;
  onKeep: (restored: RestoredDraft) => void;
}) {
  const [target] = useState(() => translationDraftTarget(file, language));
  const [offer, setOffer] = useState<TranslationDraftOffer>();
  /** The kept draft was looked for, and chosen about if there was one: what is typed now is kept. */
  const [settled, setSettled] = useState(false);
  const looked = useRef(false);

  useEffect(() => {
    if (!view || looked.current) return;
    looked.current = true;
    readDraftAt<TranslationDraft>(target).then(
      (stored) => {
        const restored = stored && restoreDraft(view, stored);
        // A draft that says nothing the translation does not already say is never offered.
        if (stored && restored && hasEdits(restored)) return setOffer({ at: stored.at, restored });
        if (stored) void dropDraftAt(target);
        setSettled(true);
      },
      () => setSettled(true),
    );
  }, [view, target]);

  const pending = useRef<((closing: boolean) => void) | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const flush = useCallback((closing = false) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const run = pending.current;
    pending.current = undefined;
    run?.(closing);
  }, []);

  useEffect(() => {
    if (!settled || !view) return;
    const draft = hasEdits(work) ? draftOf(target.key, view, work) : undefined;
    pending.current = draft
      ? (closing) => keepDraftAt(target, draft, { closing })
      : hasKeptDraft(target.key)
        ? (closing) => void dropDraftAt(target, { closing })
        : undefined;
    if (!pending.current) {
      clearTimeout(timer.current);
      timer.current = undefined;
    } else
      // From the first change not yet written, not the last: steady typing is kept every `draftDelay` too.
      timer.current ??= setTimeout(() => flush(), draftDelay);
  }, [settled, view, work, target, flush]);

  useEffect(() => {
    const stopLeaving = onPageLeaving(() => flush(true));
    return () => {
      // The view closing (with unsaved words) keeps them, as leaving an entry does.
      flush();
      stopLeaving();
    };
  }, [flush]);

  return {
    offer,
    /** Nothing may be typed until the kept draft was looked for and chosen about. */
    settled,
    keep() {
      if (offer) onKeep(offer.restored);
      setOffer(undefined);
      setSettled(true);
    },
    drop() {
      setOffer(undefined);
      void dropDraftAt(target);
      setSettled(true);
    },
  };
}
