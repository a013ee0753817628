// Which move the studio offers now (a new address, a deletion): the dialogs' own small store, apart
// from the studio's, so Save (store/commands.ts) and the entry's menu can open them.
import { useSyncExternalStore } from 'react';
import type { EntryEdit } from '../../../shared/studio-protocol.ts';
import type { StudioStore } from '../store/store.ts';
import { isDirty, type StudioState } from '../store/studio-state.ts';

export type Offer =
  | {
      kind: 'move';
      file: string;
      version: string;
      entryKind: 'page' | 'article';
      title: string;
      /** The address it has now. */
      from: string;
      /** The new address the editor typed in the form (Save), else asked for in the dialog. */
      to?: string;
      /** The editor's unsaved edit, saved with the move. */
      edit?: EntryEdit;
    }
  | { kind: 'delete'; file: string; version: string; entryKind: 'page' | 'article'; title: string; from: string };

let offer: Offer | undefined;
const listeners = new Set<() => void>();

export function setOffer(next: Offer | undefined): void {
  offer = next;
  for (const listener of listeners) listener();
}

export function useOffer(): Offer | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer,
  );
}

const pathOf = (data: unknown) =>
  data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>).path : undefined;

/** Whether the draft gives the open page another address: Save then offers the redirect and the links. */
export function movesAddress(state: StudioState): boolean {
  const { entry, history } = state;
  if (entry?.kind !== 'page') return false;
  const to = pathOf(history.present.data);
  return typeof to === 'string' && to !== pathOf(entry.data);
}

/** The open page or article as the dialogs need it; undefined for any other entry. */
function opened(state: StudioState) {
  const { entry } = state;
  if (!entry || (entry.kind !== 'page' && entry.kind !== 'article') || !entry.route) return undefined;
  return { file: entry.file, version: entry.version, entryKind: entry.kind, title: entry.title, from: entry.route };
}

/** The move dialog: with the address typed in the form (Save), or to ask for one (the entry's menu). */
export function offerMove(store: StudioStore): void {
  const state = store.getState();
  const entry = opened(state);
  if (!entry) return;
  const to = movesAddress(state) ? String(pathOf(state.history.present.data)) : undefined;
  const edit = isDirty(state) ? { data: state.history.present.data, body: state.history.present.body } : undefined;
  // A page's address on disk: the summary's route follows the draft's title, not its address.
  setOffer({ kind: 'move', ...entry, from: String(pathOf(state.entry?.data) ?? entry.from), to, edit });
}

export function offerDelete(store: StudioStore): void {
  const entry = opened(store.getState());
  if (entry) setOffer({ kind: 'delete', ...entry });
}
