// The studio's state and the one function that changes it: every change is a named action (open,
// edit, undo, redo, select, checked, saved, conflict…), as in Puck's store, so the history, the
// selection and the save state move together and are tested without a browser.
import type { Check, DataPath, Entry, EntrySummary, Json } from '../api.ts';
import { setIn } from '../data-path.ts';
import type { Contract } from '../schema.ts';

/** The unsaved state of an entry: its data, and the Markdown body of an article or document. */
export interface Draft {
  data: Json;
  body?: string;
}

export interface History {
  past: Draft[];
  present: Draft;
  future: Draft[];
  /** The field typed in last and when: typing in one field within a second is one step. */
  last: { field: string; at: number };
}

export interface StudioState {
  /** The contract and the lists the forms pick from; undefined until the studio has loaded. */
  site?: { contract: Contract; routes: string[]; images: string[] };
  entries: EntrySummary[];
  /** The open file as last read or saved (its version is what a save must match). */
  entry?: Entry;
  history: History;
  /** The selected section of a page; undefined for the page's own settings. */
  selected?: number;
  /** A field to bring into view and focus (clicked in the preview): the list items holding it open. */
  reveal?: DataPath;
  check?: Check;
  /** The open file changed on disk since it was read: saving it would overwrite someone's edit. */
  conflict: boolean;
  saving: boolean;
  saveProblem?: string;
  /** A file YAML cannot read: it opens once it is fixed on disk. */
  unreadable?: { file: string; message: string };
  loadProblem?: string;
}

export type StudioAction =
  | { type: 'loaded'; contract: Contract; routes: string[]; images: string[]; entries: EntrySummary[] }
  | { type: 'failed'; message: string }
  | { type: 'listed'; entries: EntrySummary[] }
  | { type: 'imageAdded'; src: string }
  | { type: 'open'; entry: Entry }
  | { type: 'unreadable'; file: string; message: string }
  /** `field` names what was typed in, to merge keystrokes; `at` is when (Date.now()). */
  | { type: 'edit'; path: DataPath; value: Json | undefined; field?: string; at: number }
  | { type: 'body'; body: string; at: number }
  /** A page's sections replaced at once (added, moved, removed), with the section to select after. */
  | { type: 'sections'; sections: Json[]; select?: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; index?: number; reveal?: DataPath }
  | { type: 'checked'; check: Check }
  | { type: 'saving' }
  | { type: 'saved'; version: string; draft: Draft }
  | { type: 'saveFailed'; message: string }
  | { type: 'dismissSaveProblem' }
  | { type: 'conflict' };

const freshHistory = (present: Draft): History => ({ past: [], present, future: [], last: { field: '', at: 0 } });

export const initialState: StudioState = {
  entries: [],
  history: freshHistory({ data: null }),
  conflict: false,
  saving: false,
};

/** At most this many steps are kept to undo. */
const depth = 200;

function record(history: History, next: Draft, field: string, at: number): History {
  const merge = field !== '' && field === history.last.field && at - history.last.at < 1000;
  return {
    past: merge ? history.past : [...history.past, history.present].slice(-depth),
    present: next,
    future: [],
    last: { field, at },
  };
}

function undo({ past, present, future }: History): History | undefined {
  if (!past.length) return undefined;
  return {
    past: past.slice(0, -1),
    present: past[past.length - 1],
    future: [present, ...future],
    last: { field: '', at: 0 },
  };
}

function redo({ past, present, future }: History): History | undefined {
  if (!future.length) return undefined;
  return { past: [...past, present], present: future[0], future: future.slice(1), last: { field: '', at: 0 } };
}

export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  const { history } = state;
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        site: { contract: action.contract, routes: action.routes, images: action.images },
        entries: action.entries,
      };
    case 'failed':
      return { ...state, loadProblem: action.message };
    case 'listed':
      return { ...state, entries: action.entries };
    case 'imageAdded':
      return state.site
        ? { ...state, site: { ...state.site, images: [...new Set([...state.site.images, action.src])].sort() } }
        : state;
    case 'open':
      return {
        ...state,
        entry: action.entry,
        history: freshHistory({ data: action.entry.data, body: action.entry.body }),
        selected: undefined,
        reveal: undefined,
        check: undefined,
        conflict: false,
        saveProblem: undefined,
        unreadable: undefined,
      };
    case 'unreadable':
      return { ...state, entry: undefined, unreadable: { file: action.file, message: action.message } };
    case 'edit': {
      const present = history.present;
      const next = { ...present, data: setIn(present.data, action.path, action.value) };
      return { ...state, history: record(history, next, action.field ?? JSON.stringify(action.path), action.at) };
    }
    case 'body':
      return { ...state, history: record(history, { ...history.present, body: action.body }, 'body', action.at) };
    case 'sections': {
      const next = { ...history.present, data: setIn(history.present.data, ['sections'], action.sections) };
      return { ...state, history: record(history, next, '', 0), selected: action.select, reveal: undefined };
    }
    case 'undo':
      return { ...state, history: undo(history) ?? history };
    case 'redo':
      return { ...state, history: redo(history) ?? history };
    case 'select':
      return { ...state, selected: action.index, reveal: action.reveal };
    case 'checked':
      return { ...state, check: action.check };
    case 'saving':
      return { ...state, saving: true, saveProblem: undefined };
    case 'saved':
      return state.entry
        ? {
            ...state,
            saving: false,
            entry: { ...state.entry, version: action.version, data: action.draft.data, body: action.draft.body },
          }
        : state;
    case 'saveFailed':
      return { ...state, saving: false, saveProblem: action.message };
    case 'dismissSaveProblem':
      return { ...state, saveProblem: undefined };
    case 'conflict':
      return { ...state, saving: false, conflict: true };
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the draft differs from the file as last read or saved. */
export const isDirty = (state: StudioState): boolean =>
  state.entry !== undefined && !same(state.history.present, { data: state.entry.data, body: state.entry.body });

/** A page's sections in the draft, or undefined for any other entry. */
export function sectionsOf(state: Pick<StudioState, 'entry' | 'history'>): Json[] | undefined {
  const sections = (state.history.present.data as Record<string, Json> | null)?.sections;
  return state.entry?.kind === 'page' && Array.isArray(sections) ? sections : undefined;
}
