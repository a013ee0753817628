// Whether the studio can reach its server: lost the moment a request cannot reach it or the change
// stream ends (the server stopping ends it at once), found again when the server answers. The
// studio shows the loss in a banner; the editor's edits stay on the page all along.
import { useSyncExternalStore } from 'react';

let lost = false;
const listeners = new Set<() => void>();

export function setConnectionLost(isLost: boolean): void {
  if (lost === isLost) return;
  lost = isLost;
  for (const listener of listeners) listener();
}

/** Calls `listener` at each change; returns the unsubscribe. */
export function onConnectionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectionLost(): boolean {
  return useSyncExternalStore(onConnectionChange, () => lost);
}

/** What a request that cannot reach the server says. */
export const connectionLostText = 'Connection lost — your edits are kept';
