// A save that meets a newer version of its entry (a colleague's save, a text editor's change): the
// newer version is read, the editor's draft merged into it (shared/three-way-merge.ts, with the
// file as the editor opened it as the base), and where both changed the same thing the editor
// chooses (MergeDialog.tsx). Nothing either wrote is dropped without that choice.
import { notifications } from '@mantine/notifications';
import type { SavedBy } from '../../../shared/studio-protocol.ts';
import { mergeDrafts, settle, type Side } from '../../../shared/three-way-merge.ts';
import { api, call, type Entry } from '../api.ts';
import type { StudioStore } from '../store/store.ts';
import { isDirty } from '../store/studio-state.ts';
import { mergedInWords, newerVersionSaid, placeNamer } from './merge-words.ts';
import { askChoices } from './pending.ts';

/** Who saved the file as it is now (on the server, from git); nobody where that cannot be told. */
export const savedBy = (file: string): Promise<SavedBy> =>
  call<SavedBy>(`saved-by?file=${encodeURIComponent(file)}`).catch(() => ({}));

/**
 * Merges the open entry's draft with the newer version on disk. Resolves true when the merged
 * draft is in the studio and should be saved now (the caller saves it); false when there was
 * nothing of the editor's to save (the newer version is simply shown) or they chose "not now".
 */
export async function resolveConflict(store: StudioStore): Promise<boolean> {
  const { entry, history, site } = store.getState();
  if (!entry || !site) return false;
  const mine = history.present;
  let theirs: Entry;
  try {
    theirs = await api.entry(entry.file);
  } catch (error) {
    store.dispatch({ type: 'saveFailed', message: `Not saved: ${(error as Error).message}` });
    return false;
  }
  const by = await savedBy(entry.file);
  const now = store.getState();
  // Another entry opened meanwhile: this one is not the studio's to save any more.
  if (now.entry !== entry) return false;
  // Typed in meanwhile: merge what is there now.
  if (now.history.present !== mine) return resolveConflict(store);
  if (theirs.version === entry.version) {
    // Back as the editor opened it after all: nothing to merge, the save may go ahead.
    store.dispatch({ type: 'merged', entry, draft: mine });
    return true;
  }
  const merge = mergeDrafts({ data: entry.data, body: entry.body }, mine, { data: theirs.data, body: theirs.body });
  const name = placeNamer(site.contract, theirs, merge.merged.data);
  const who = by.by ?? 'The newer version';
  if (!isDirty(now)) {
    store.dispatch({ type: 'merged', entry: theirs, draft: merge.merged });
    notifications.show({ message: `${newerVersionSaid(by, theirs.title)}: it is shown now.`, autoClose: 10_000 });
    return false;
  }
  let draft = merge.merged;
  let chosen: Side[] = [];
  if (merge.collisions.length) {
    const choices = await askChoices({ merge, theirs, savedBy: by, name });
    if (!choices) return false;
    const after = store.getState();
    if (after.entry !== entry) return false;
    if (after.history.present !== mine) return resolveConflict(store);
    draft = settle(merge, choices);
    chosen = choices;
  }
  store.dispatch({ type: 'merged', entry: theirs, draft });
  notifications.show({
    title: `Merged with ${by.by ? `${by.by}’s` : 'the newer'} version`,
    message: mergedInWords(
      merge,
      name,
      who,
      merge.collisions.map((collision, i) => ({ collision, side: chosen[i] })),
    ),
    autoClose: 20_000,
  });
  return true;
}

/**
 * The open entry changed on disk: with no unsaved edits it simply shows the newer version; with
 * some, the conflict notice offers the merge. A change seen while the studio itself saves is its
 * own save (a colleague's meanwhile makes the save meet it, and merge).
 */
export function followDisk(store: StudioStore, onDisk: Entry): void {
  const state = store.getState();
  if (!state.entry || state.entry.file !== onDisk.file || state.entry.version === onDisk.version || state.saving)
    return;
  if (isDirty(state)) store.dispatch({ type: 'conflict' });
  else store.dispatch({ type: 'merged', entry: onDisk, draft: { data: onDisk.data, body: onDisk.body } });
}
