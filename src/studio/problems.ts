// The problems of the open entry as the studio shows them: each at the field that must change,
// or, when no field shows it (another file, the page's list of sections, a field the form does
// not have), in words at the top of the panel. The toolbar's count and the panel's summary go to
// them one after the other.
import { useMemo } from 'react';
import type { DataPath } from './api.ts';
import type { EntryKind } from '../../shared/studio-protocol.ts';
import { labelOf, type Contract, type Resolved, type Schema } from './schema.ts';
import type { StudioStore } from './store/store.ts';
import { useStudio } from './store/store.ts';
import { outsideFresh, useFreshItem } from './fresh-item.ts';

export interface Problem {
  /** The field that shows it; undefined when no field does. */
  at?: DataPath;
  /** Where it is, for people: `section 1 (hero) › highlight`, or "the text" for a Markdown body. */
  place: string;
  /** The whole problem in words, for the top of the panel when no field shows it. */
  words: string;
}

/** The schema one step down `part` (a key or a list index), through `$ref`s and every branch of a union. */
function childOf(contract: Contract, resolved: Resolved, part: string | number): Resolved | undefined {
  const here = contract.resolve(resolved.schema, resolved.file);
  const options = here.schema.oneOf?.map((option) => contract.resolve(option, here.file)) ?? [here];
  for (const option of options) {
    const child: Schema | undefined = typeof part === 'number' ? option.schema.items : option.schema.properties?.[part];
    if (child) return { schema: child, file: option.file };
  }
  return undefined;
}

/** Whether the form of an entry of `kind` has a field at `at`. */
export function hasField(contract: Contract, kind: EntryKind, at: DataPath): boolean {
  // The data's root is no field; in an article or a document, [] is its Markdown body.
  if (!at.length) return kind === 'article' || kind === 'document';
  // A page's sections are edited in the outline, not as a field.
  if (kind === 'page' && at.length === 1 && at[0] === 'sections') return false;
  let current: Resolved | undefined = contract.root(kind);
  for (const part of at) {
    current = current && childOf(contract, current, part);
    if (!current) return false;
  }
  return true;
}

/**
 * Where a problem is, in the form's words: each step's title ("Section 2 › Highlighted words",
 * "Questions 3 › Answer"); undefined when the form has no field there.
 */
export function placeOf(contract: Contract, kind: EntryKind, at: DataPath): string | undefined {
  let current: Resolved | undefined = contract.root(kind);
  const steps: string[] = [];
  for (const part of at) {
    const parent: Resolved = current;
    current = childOf(contract, parent, part);
    if (!current) return undefined;
    if (typeof part === 'number') steps.push(`${steps.pop() ?? 'Item'} ${part + 1}`);
    else steps.push(part === 'sections' && kind === 'page' ? 'Section' : labelOf(part, current.schema));
  }
  return steps.join(' › ') || undefined;
}

/** The open entry's problems, in the order of the file, then those in other files. */
export function useProblems(): Problem[] {
  const check = useStudio((state) => state.check);
  const kind = useStudio((state) => state.entry?.kind);
  const contract = useStudio((state) => state.site?.contract);
  const invalid = useStudio((state) => state.invalid);
  const fresh = useFreshItem();
  return useMemo(() => {
    // Text typed that is no value (letters in a number) is said at its field (NumberField.tsx).
    const typed = Object.values(invalid).map((input): Problem => ({
      at: input.path,
      place: input.label,
      words: `${input.label}: ${input.message}`,
    }));
    if (!check || !kind || !contract) return typed;
    const inFile = outsideFresh([...check.errors], fresh)
      .sort((a, b) => a.line - b.line || a.col - b.col)
      .map((error): Problem => {
        const place =
          placeOf(contract, kind, error.at) ??
          (kind === 'page' ? 'this page' : error.at.length === 0 ? 'the text' : 'here');
        return {
          at: hasField(contract, kind, error.at) ? error.at : undefined,
          place,
          words: `${place}: ${error.message}`,
        };
      });
    const elsewhere = check.elsewhere.map((words): Problem => ({ place: words.split(':')[0], words }));
    return [...typed, ...inFile, ...elsewhere];
  }, [check, kind, contract, invalid, fresh]);
}

/** Why Save cannot be used now, in words; undefined when it can. */
export function whySaveWaits(state: {
  saving: boolean;
  conflict: boolean;
  dirty: boolean;
  problems: number;
  invalidInput?: string;
}): string | undefined {
  if (state.saving) return 'Saving…';
  if (state.conflict) return 'Someone else saved it meanwhile: merge or reload first';
  if (state.invalidInput) return state.invalidInput;
  if (state.problems)
    return state.problems === 1 ? 'Fix the problem first' : `Fix the ${state.problems} problems first`;
  if (!state.dirty) return 'No unsaved edits';
  return undefined;
}

/** The id of the panel's summary, which problems without a field are shown in. */
export const summaryId = 'studio-problems';

/**
 * Brings a problem into view: a page's section holding it is selected and the field revealed
 * (list items open, the field scrolled to and focused, EditingPanel.tsx); a problem no field
 * shows brings the summary that says it into view.
 */
export function showProblem(store: StudioStore, problem: Problem): void {
  const { at } = problem;
  if (!at) {
    const summary = document.getElementById(summaryId);
    summary?.scrollIntoView({ block: 'nearest' });
    summary?.focus({ preventScroll: true });
    return;
  }
  const kind = store.getState().entry?.kind;
  const section = kind === 'page' && at[0] === 'sections' && typeof at[1] === 'number' ? at[1] : undefined;
  store.dispatch({ type: 'select', index: section, reveal: [...at] });
}
