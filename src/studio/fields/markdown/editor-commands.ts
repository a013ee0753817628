// The toolbar's commands applied to a CodeMirror editor, and the keys for them. Each runs a pure
// command of markdown-commands.ts on the editor's text and selection and dispatches the smallest
// change, so the caret, the scroll and the rest of the text stay as they were.
import { syntaxTree } from '@codemirror/language';
import { EditorSelection, Prec, type Extension } from '@codemirror/state';
import { keymap, type EditorView } from '@codemirror/view';
import {
  endEmptyListItem,
  toggleHeading,
  toggleInline,
  toggleList,
  toggleQuote,
  type Edit,
} from './markdown-commands.ts';

/** The smallest change that turns `from` into `to`, so the cursor and the scroll stay where they were. */
export function difference(from: string, to: string) {
  let start = 0;
  while (start < from.length && start < to.length && from[start] === to[start]) start++;
  let end = 0;
  while (
    end < from.length - start &&
    end < to.length - start &&
    from[from.length - 1 - end] === to[to.length - 1 - end]
  )
    end++;
  return { from: start, to: from.length - end, insert: to.slice(start, to.length - end) };
}

/** The editor's text and main selection as an Edit. */
export function currentEdit(view: EditorView): Edit {
  const { from, to } = view.state.selection.main;
  return { text: view.state.doc.toString(), from, to };
}

/** Runs `command` on the editor's text and selection; false (nothing done) when it returns nothing. */
export function applyEdit(
  view: EditorView,
  command: (edit: Edit) => Edit | undefined,
  userEvent = 'input.format',
): boolean {
  const edit = currentEdit(view);
  const result = command(edit);
  if (!result) return false;
  view.dispatch({
    changes: difference(edit.text, result.text),
    selection: EditorSelection.single(result.from, result.to),
    scrollIntoView: true,
    userEvent,
  });
  view.focus();
  return true;
}

export type FormatAction = 'bold' | 'italic' | 'heading' | 'subheading' | 'bullets' | 'numbers' | 'quote';

/** What each formatting button does to the text. */
export const formats: Record<FormatAction, (edit: Edit) => Edit> = {
  bold: (edit) => toggleInline(edit, 'bold', 'bold text'),
  italic: (edit) => toggleInline(edit, 'italic', 'italic text'),
  heading: (edit) => toggleHeading(edit, 2),
  subheading: (edit) => toggleHeading(edit, 3),
  bullets: (edit) => toggleList(edit, 'bullet'),
  numbers: (edit) => toggleList(edit, 'numbered'),
  quote: toggleQuote,
};

/** CodeMirror's names of the keys (Mod is Ctrl, or Cmd on a Mac); the toolbar shows them in tooltips. */
export const formatKeys: Record<FormatAction | 'link', string> = {
  bold: 'Mod-b',
  italic: 'Mod-i',
  heading: 'Mod-Alt-2',
  subheading: 'Mod-Alt-3',
  bullets: 'Mod-Shift-8',
  numbers: 'Mod-Shift-7',
  quote: 'Mod-Shift-9',
  link: 'Mod-k',
};

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** A key as people read it: "Ctrl+B", "Ctrl+Alt+2" (⌘ on a Mac). */
export function keyLabel(key: string): string {
  return key
    .split('-')
    .map((part) => (part === 'Mod' ? (isMac ? '⌘' : 'Ctrl') : part.length === 1 ? part.toUpperCase() : part))
    .join('+');
}

/** Whether the caret sits in a list item of the document's top level (not in a quotation or code). */
function inTopLevelList(view: EditorView, at: number): boolean {
  for (let node = syntaxTree(view.state).resolveInner(at, -1); node.parent; node = node.parent) {
    if (node.name === 'BulletList' || node.name === 'OrderedList') return node.parent.name === 'Document';
    if (node.name === 'Blockquote' || node.name.includes('Code')) return false;
  }
  return false;
}

/** Enter (or Backspace after the marker's space) on an empty list item ends the list with a blank line. */
const endList = (backspace: boolean) => (view: EditorView) => {
  const { from, empty } = view.state.selection.main;
  if (!empty || !inTopLevelList(view, from)) return false;
  if (backspace && !/[ \t]$/.test(view.state.doc.lineAt(from).text.slice(0, from - view.state.doc.lineAt(from).from)))
    return false;
  return applyEdit(view, endEmptyListItem, backspace ? 'delete' : 'input');
};

/**
 * The formatting keys, and the list ending, ahead of the Markdown language's own Enter and
 * Backspace (which would end a list without the blank line, or turn the marker into spaces).
 */
export function formattingKeys(openLink: () => void): Extension {
  return Prec.highest(
    keymap.of([
      { key: 'Enter', run: endList(false) },
      { key: 'Backspace', run: endList(true) },
      ...(Object.keys(formats) as FormatAction[]).map((action) => ({
        key: formatKeys[action],
        run: (view: EditorView) => applyEdit(view, formats[action]),
      })),
      {
        key: formatKeys.link,
        run: () => {
          openLink();
          return true;
        },
      },
    ]),
  );
}
