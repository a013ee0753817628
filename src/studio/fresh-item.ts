// A list item just added (a new question) is new until the editor leaves it: its fields' problems
// ("must not be empty") are not shown, at the fields or in the count, while it is being filled in.
// Leaving it (the focus moves out of it, another field is edited, the list is reordered, Save is
// pressed) makes it an item like any other, whose empty fields are problems.
import { useSyncExternalStore } from 'react';
import type { DataPath } from './api.ts';
import { startsWith } from './data-path.ts';

let fresh: DataPath | undefined;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function markFresh(path: DataPath): void {
  fresh = path;
  changed();
}

/** The new item is left: its problems show from now on. */
export function leaveFresh(): void {
  if (!fresh) return;
  fresh = undefined;
  changed();
}

export const freshItem = () => fresh;

export function useFreshItem(): DataPath | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => fresh,
  );
}

/** The problems not inside the new item. */
export const outsideFresh = <T extends { at: DataPath }>(errors: T[], item: DataPath | undefined): T[] =>
  item ? errors.filter((error) => !startsWith(error.at, item)) : errors;
