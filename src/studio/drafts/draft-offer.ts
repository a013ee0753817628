// When an entry opens and a draft kept for it differs from the file, the editor chooses: keep it
// (the whole session comes back, the draft as one undoable step over the file it started from) or
// drop it. While that question is open, or being asked of the server, nothing overwrites the draft.
import { useSyncExternalStore } from 'react';
import type { Entry, StoredDraft } from '../../../shared/studio-protocol.ts';
import type { StudioStore } from '../store/store.ts';
import { dropDraft, readDraft } from './kept-drafts.ts';

export interface DraftOffer {
  /** The entry as it was just read. */
  entry: Entry;
  stored: StoredDraft;
}

let offer: DraftOffer | undefined;
/** The file whose kept draft is being looked for (before the offer, if any, is made). */
let looking: string | undefined;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Whether the kept draft of `file` waits for the editor's choice (or is being looked for). */
export const draftAwaitsChoice = (file: string): boolean => looking === file || offer?.entry.file === file;

/** Calls `listener` whenever an offer opens or closes; returns the unsubscribe. */
export function onOfferChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The draft waiting for a choice, for the dialog. */
export const useDraftOffer = (): DraftOffer | undefined => useSyncExternalStore(onOfferChange, () => offer);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * After `entry` was opened: offers its kept draft, if there is one that differs from the file.
 * `drop`: the editor already chose to drop their edits (Reload, a discard): the draft goes too.
 */
export async function offerDraft(store: StudioStore, entry: Entry, { drop = false } = {}): Promise<void> {
  offer = undefined;
  looking = entry.file;
  changed();
  try {
    if (drop) return await dropDraft(entry.file);
    const stored = await readDraft(entry.file).catch(() => undefined);
    if (store.getState().entry !== entry) return;
    if (stored && same(stored.draft, { data: entry.data, body: entry.body })) await dropDraft(entry.file);
    else if (stored) offer = { entry, stored };
  } finally {
    if (looking === entry.file) looking = undefined;
    changed();
  }
}

/**
 * Keep: the file as the draft started from it, the draft over it. When the file moved on since, the
 * studio hears it as any change on disk: the save then meets the newer version and merges.
 */
export function keepOffered(store: StudioStore): void {
  const kept = offer;
  if (!kept || store.getState().entry?.file !== kept.entry.file) return closeOffer();
  offer = undefined;
  changed();
  store.dispatch({ type: 'restoreDraft', base: kept.stored.base, draft: kept.stored.draft });
  if (kept.stored.base.version !== kept.entry.version) store.dispatch({ type: 'conflict' });
}

/** Drop: the kept draft is deleted; the file stays open as it is. */
export function dropOffered(): void {
  const dropped = offer;
  closeOffer();
  if (dropped) void dropDraft(dropped.entry.file);
}

function closeOffer() {
  offer = undefined;
  changed();
}
