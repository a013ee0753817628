// The studio's store: its state (studio-state.ts) held outside React, changed only by dispatching
// named actions, read by components through a selector (useSyncExternalStore re-renders a component
// only when what it selected changed) and by commands that need the state as it is now.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { initialState, studioReducer, type StudioAction, type StudioState } from './studio-state.ts';

export interface StudioStore {
  getState: () => StudioState;
  dispatch: (action: StudioAction) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStudioStore(state: StudioState = initialState): StudioStore {
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch: (action) => {
      const next = studioReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const StoreContext = createContext<StudioStore | null>(null);

export function useStore(): StudioStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore: no StoreContext.Provider above this component.');
  return store;
}

/** A part of the studio's state; the component re-renders when that part changes. */
export function useStudio<T>(select: (state: StudioState) => T): T {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
