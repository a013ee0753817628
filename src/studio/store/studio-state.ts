// The studio's state and the one function that changes it: every change is a named action (open,
// edit, undo, redo, select, checked, saved, conflict…), as in Puck's store, so the history, the
// selection and the save state move together and are tested without a browser.
import type { Check, DataPath, Entry, EntrySummary, Json, SchemaInfo } from '../api.ts';
import { getIn, setIn, startsWith } from '../data-path.ts';
import { withWordsFollowing } from './follow-words.ts';
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

/** Text typed in a field that is not a value the field can take (letters in a number): kept, not saved. */
export interface InvalidInput {
  path: DataPath;
  /** The field's label, for a message away from the field (why Save waits). */
  label: string;
  text: string;
  /** What the field needs, said at the field. */
  message: string;
}

/** The addresses, their titles and the images the pickers offer. */
export type SiteLists = Pick<SchemaInfo, 'routes' | 'titles' | 'images'>;

export interface StudioState {
  /** The contract and the lists the forms pick from; undefined until the studio has loaded. */
  site?: { contract: Contract } & SiteLists;
  entries: EntrySummary[];
  /** The open file as last read or saved (its version is what a save must match). */
  entry?: Entry;
  history: History;
  /** The selected section of a page; undefined for the page's own settings. */
  selected?: number;
  /** A field to bring into view and focus (clicked in the preview): the list items holding it open. */
  reveal?: DataPath;
  check?: Check;
  /** Typed text no value can be made of, by field (its path as JSON): shown at its field; Save waits. */
  invalid: Record<string, InvalidInput>;
  /** The open file changed on disk since it was read: saving it would overwrite someone's edit. */
  conflict: boolean;
  saving: boolean;
  saveProblem?: string;
  /** A file YAML cannot read: it opens once it is fixed on disk. */
  unreadable?: { file: string; message: string };
  loadProblem?: string;
  /** Counts changes under site/ on disk (a save elsewhere, a git pull): other files decide some problems, so the check runs again. */
  diskChanges: number;
}

export type StudioAction =
  | ({ type: 'loaded'; contract: Contract; entries: EntrySummary[] } & SiteLists)
  | { type: 'failed'; message: string }
  | { type: 'listed'; entries: EntrySummary[] }
  | { type: 'diskChanged' }
  | { type: 'imageAdded'; src: string }
  /** The addresses and images the pickers offer, as they are on disk now. */
  | ({ type: 'lists' } & SiteLists)
  | { type: 'open'; entry: Entry }
  /** A kept draft taken back (drafts/): `base` is the file it started from, the draft one undoable step over it. */
  | { type: 'restoreDraft'; base: Entry; draft: Draft }
  /** A newer version merged with the edit (merge/): `entry` is that version, `draft` the merge, one undoable step. */
  | { type: 'merged'; entry: Entry; draft: Draft }
  | { type: 'unreadable'; file: string; message: string }
  /** `field` names what was typed in, to merge keystrokes; `at` is when (Date.now()). */
  | { type: 'edit'; path: DataPath; value: Json | undefined; field?: string; at: number }
  /**
   * Fields that arrive after a wait (an uploaded or picked image's address and size), set over the
   * object at `path` as it is when they arrive, so what was typed meanwhile stays; dropped if
   * another file has been opened since.
   */
  | { type: 'merge'; file: string; path: DataPath; fields: Record<string, Json>; at: number }
  | { type: 'body'; body: string; at: number }
  /** Text typed at `path` that is no value (with what it needs), or none (`input` left out) once it is one again. */
  | { type: 'invalidInput'; path: DataPath; input?: Omit<InvalidInput, 'path'> }
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
  invalid: {},
  conflict: false,
  saving: false,
  diskChanges: 0,
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
        site: { contract: action.contract, routes: action.routes, titles: action.titles, images: action.images },
        entries: action.entries,
      };
    case 'failed':
      return { ...state, loadProblem: action.message };
    case 'listed':
      return { ...state, entries: action.entries };
    case 'diskChanged':
      return { ...state, diskChanges: state.diskChanges + 1 };
    case 'imageAdded':
      return state.site
        ? { ...state, site: { ...state.site, images: [...new Set([...state.site.images, action.src])].sort() } }
        : state;
    case 'lists':
      // The same lists again change nothing: a new `site` would re-render every field.
      return state.site &&
        !same([state.site.routes, state.site.titles, state.site.images], [action.routes, action.titles, action.images])
        ? { ...state, site: { ...state.site, routes: action.routes, titles: action.titles, images: action.images } }
        : state;
    case 'open':
      return {
        ...state,
        entry: keepPart(state.entry, action.entry),
        history: freshHistory({ data: action.entry.data, body: action.entry.body }),
        selected: undefined,
        reveal: undefined,
        check: undefined,
        invalid: {},
        conflict: false,
        saveProblem: undefined,
        unreadable: undefined,
      };
    case 'restoreDraft': {
      const opened = studioReducer(state, { type: 'open', entry: action.base });
      return { ...opened, history: record(opened.history, action.draft, '', 0) };
    }
    case 'merged': {
      // Nothing of the editor's own in it: the newer version as if just opened, with nothing to undo.
      const theirs = same(action.draft, { data: action.entry.data, body: action.entry.body });
      const next = theirs ? freshHistory(action.draft) : record(history, action.draft, '', 0);
      return { ...state, entry: keepPart(state.entry, action.entry), history: next, conflict: false, saving: false };
    }
    case 'unreadable':
      return { ...state, entry: undefined, unreadable: { file: action.file, message: action.message } };
    case 'edit': {
      const present = history.present;
      const data = withWordsFollowing(present.data, setIn(present.data, action.path, action.value), action.path);
      const next = { ...present, data };
      return {
        ...state,
        history: record(history, next, action.field ?? JSON.stringify(action.path), action.at),
        invalid: invalidOutside(state.invalid, action.path),
      };
    }
    case 'merge': {
      if (state.entry?.file !== action.file) return state;
      const now = getIn(history.present.data, action.path);
      const object = now && typeof now === 'object' && !Array.isArray(now) ? now : {};
      const merged = { ...object, ...action.fields };
      const next = { ...history.present, data: setIn(history.present.data, action.path, merged) };
      return { ...state, history: record(history, next, JSON.stringify(action.path), action.at) };
    }
    case 'body':
      return { ...state, history: record(history, { ...history.present, body: action.body }, 'body', action.at) };
    case 'sections': {
      const next = { ...history.present, data: setIn(history.present.data, ['sections'], action.sections) };
      return {
        ...state,
        history: record(history, next, '', 0),
        selected: action.select,
        reveal: undefined,
        invalid: invalidOutside(state.invalid, ['sections']),
      };
    }
    case 'invalidInput': {
      const key = JSON.stringify(action.path);
      if (!action.input)
        return key in state.invalid ? { ...state, invalid: invalidOutside(state.invalid, action.path) } : state;
      return { ...state, invalid: { ...state.invalid, [key]: { path: action.path, ...action.input } } };
    }
    // Text that is no value was typed last, after every step in the history: undo takes it back first.
    case 'undo':
      return hasInvalidInput(state) ? { ...state, invalid: {} } : { ...state, history: undo(history) ?? history };
    case 'redo': {
      const next = redo(history);
      return next ? { ...state, history: next, invalid: {} } : state;
    }
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

/** The invalid inputs that are not at or under `path` (an edit there replaced what they were typed over). */
function invalidOutside(invalid: Record<string, InvalidInput>, path: DataPath): Record<string, InvalidInput> {
  const kept = Object.entries(invalid).filter(([, input]) => !startsWith(input.path, path));
  return kept.length === Object.keys(invalid).length ? invalid : Object.fromEntries(kept);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the draft differs from the file as last read or saved. */
export const isDirty = (state: StudioState): boolean =>
  state.entry !== undefined && !same(state.history.present, { data: state.entry.data, body: state.entry.body });

/**
 * The part of the site's settings open (the Menu, the Contact details) stays open when its file is
 * read again: after a save, a merge, a change on disk, a restored version.
 */
function keepPart(open: Entry | undefined, next: Entry): Entry {
  if (next.part || !open?.part || open.file !== next.file) return next;
  return { ...next, part: open.part, title: open.title };
}

/** A page's sections in the draft, or undefined for any other entry. */
export function sectionsOf(state: Pick<StudioState, 'entry' | 'history'>): Json[] | undefined {
  const sections = (state.history.present.data as Record<string, Json> | null)?.sections;
  return state.entry?.kind === 'page' && Array.isArray(sections) ? sections : undefined;
}

/** Whether some field holds typed text that is no value: Save must wait until it is corrected. */
export const hasInvalidInput = (state: Pick<StudioState, 'invalid'>): boolean => Object.keys(state.invalid).length > 0;

/** The first field holding typed text that is no value, with what it needs (for Save to say why it waits). */
export const firstInvalidInput = (state: Pick<StudioState, 'invalid'>): InvalidInput | undefined =>
  Object.values(state.invalid)[0];

/** The text typed at `path` that is no value, if any. */
export const invalidInputAt = (state: Pick<StudioState, 'invalid'>, path: DataPath): InvalidInput | undefined =>
  state.invalid[JSON.stringify(path)];

/** Whether Undo has something to take back: a step of the history, or text typed that is no value. */
export const canUndo = (state: StudioState): boolean => state.history.past.length > 0 || hasInvalidInput(state);

/** Why Save waits while a field holds typed text that is no value, in words; undefined when it does not. */
export function invalidInputReason(state: Pick<StudioState, 'invalid'>): string | undefined {
  const first = firstInvalidInput(state);
  return first && `${first.label} holds “${first.text}”: ${first.message}`;
}
