// Discarding from the review, and what the open entry does about it: a discarded file that is open
// is opened again as it now is (a new file that is gone: the home page instead), so the editor never
// shows, or saves over, what is no longer on disk.
import { api, type EntrySummary } from '../api.ts';
import { openEntry } from '../store/commands.ts';
import { dropDraft } from '../drafts/kept-drafts.ts';
import type { StudioStore } from '../store/store.ts';
import { isDirty } from '../store/studio-state.ts';
import type { ChangedFile } from '../../../shared/review.ts';

/** The question a discard asks, with what else it drops (unsaved edits of the open entry). */
export function discardQuestion(store: StudioStore, file: ChangedFile, whole: boolean): string {
  const state = store.getState();
  const unsaved = state.entry?.file === file.file && isDirty(state) ? ' Your unsaved edits to it are dropped too.' : '';
  const what = !whole
    ? 'Put this back as it was before?'
    : file.status === 'added'
      ? 'Delete this new entry?'
      : file.status === 'deleted'
        ? 'Bring this back?'
        : 'Put all of this back as it was before?';
  return `${what}${unsaved}`;
}

export async function discard(store: StudioStore, file: ChangedFile, changes?: number[]): Promise<void> {
  await api.discard({ file: file.file, version: file.version, changes });
  // The unsaved draft of what was put back goes too (the question says so): none is offered later.
  await dropDraft(file.file);
  const entries: EntrySummary[] = await api.entries();
  store.dispatch({ type: 'listed', entries });
  const open = store.getState().entry?.file;
  if (open !== file.file) return;
  const gone = !entries.some((entry) => entry.file === file.file);
  const next = gone ? (entries.find((entry) => entry.route === '/') ?? entries[0])?.file : file.file;
  if (next) await openEntry(store, next, { push: gone, discard: true });
}
