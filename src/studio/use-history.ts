// Undo and redo for unsaved edits. Typing in one field within a second counts as one step.
import { useCallback, useRef, useState } from 'react';

export interface History<T> {
  present: T;
  canUndo: boolean;
  canRedo: boolean;
  set: (next: T, field?: string) => void;
  /** The same as `set`, from the present value; a stable function, so fields need not re-render. */
  update: (change: (present: T) => T, field?: string) => void;
  undo: () => void;
  redo: () => void;
  reset: (value: T) => void;
}

export function useHistory<T>(initial: T): History<T> {
  const [state, setState] = useState({ past: [] as T[], present: initial, future: [] as T[] });
  const last = useRef({ field: '', at: 0 });
  const update = useCallback((change: (present: T) => T, field = '') => {
    const now = Date.now();
    const merge = field !== '' && field === last.current.field && now - last.current.at < 1000;
    last.current = { field, at: now };
    setState((s) => ({ past: merge ? s.past : [...s.past, s.present].slice(-200), present: change(s.present), future: [] }));
  }, []);
  const set = useCallback((next: T, field?: string) => update(() => next, field), [update]);
  const undo = useCallback(() => {
    last.current = { field: '', at: 0 };
    setState((s) => (s.past.length ? { past: s.past.slice(0, -1), present: s.past.at(-1)!, future: [s.present, ...s.future] } : s));
  }, []);
  const redo = useCallback(() => {
    last.current = { field: '', at: 0 };
    setState((s) => (s.future.length ? { past: [...s.past, s.present], present: s.future[0], future: s.future.slice(1) } : s));
  }, []);
  const reset = useCallback((value: T) => setState({ past: [], present: value, future: [] }), []);
  return { present: state.present, canUndo: state.past.length > 0, canRedo: state.future.length > 0, set, update, undo, redo, reset };
}
