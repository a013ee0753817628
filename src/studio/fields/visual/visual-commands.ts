// What the toolbar and the keys do in the visual editor: the same actions and keys as in the
// Markdown editor, as ProseMirror commands. A heading button turns the block the caret is in into
// a heading, an empty one included, so what is typed next is the heading.
import { baseKeymap, chainCommands, lift, setBlockType, toggleMark, wrapIn } from 'prosemirror-commands';
import { InputRule, inputRules, textblockTypeInputRule, wrappingInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import type { Node, NodeType } from 'prosemirror-model';
import { liftListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import {
  NodeSelection,
  TextSelection,
  type Command,
  type EditorState,
  type Plugin,
  type Transaction,
} from 'prosemirror-state';
import { formatKeys, type FormatAction } from '../markdown/editor-commands.ts';
import { schema } from './markdown-schema.ts';

const { heading, paragraph, bullet_list, ordered_list, blockquote, image } = schema.nodes;

/** The innermost ancestor of the selection of one of `types`, with its depth. */
function ancestor(state: EditorState, types: NodeType[]): { type: NodeType; depth: number } | undefined {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--)
    if (types.includes($from.node(depth).type)) return { type: $from.node(depth).type, depth };
  return undefined;
}

const toggleHeading =
  (level: number): Command =>
  (state, dispatch) => {
    const { $from } = state.selection;
    const isIt = $from.parent.type === heading && $from.parent.attrs.level === level;
    return (isIt ? setBlockType(paragraph) : setBlockType(heading, { level }))(state, dispatch);
  };

const toggleList =
  (type: NodeType): Command =>
  (state, dispatch) => {
    const list = ancestor(state, [bullet_list, ordered_list]);
    if (!list) return wrapInList(type)(state, dispatch);
    if (list.type === type) return liftListItem(schema.nodes.list_item)(state, dispatch);
    const pos = state.selection.$from.before(list.depth);
    dispatch?.(state.tr.setNodeMarkup(pos, type));
    return true;
  };

const toggleQuote: Command = (state, dispatch) =>
  ancestor(state, [blockquote]) ? lift(state, dispatch) : wrapIn(blockquote)(state, dispatch);

export const visualFormats: Record<FormatAction, Command> = {
  bold: toggleMark(schema.marks.strong),
  italic: toggleMark(schema.marks.em),
  heading: toggleHeading(2),
  subheading: toggleHeading(3),
  bullets: toggleList(bullet_list),
  numbers: toggleList(ordered_list),
  quote: toggleQuote,
};

/** The selected words, for the link dialog to start with. */
export function selectedText(state: EditorState): string {
  const { from, to } = state.selection;
  return state.doc.textBetween(from, to, ' ').trim();
}

/** A link in place of the selection, the caret after it. */
export const insertLink =
  (words: string, href: string): Command =>
  (state, dispatch) => {
    const text = schema.text(words, [schema.marks.link.create({ href })]);
    dispatch?.(state.tr.replaceSelectionWith(text, false).scrollIntoView());
    return true;
  };

/** The image selected in the editor, if one is. */
export function selectedImage(state: EditorState): { src: string; alt: string } | undefined {
  const { selection } = state;
  if (!(selection instanceof NodeSelection) || selection.node.type !== image) return undefined;
  return { src: String(selection.node.attrs.src), alt: String(selection.node.attrs.alt ?? '') };
}

/**
 * An image with its description: the selected image changed, or a new one as a paragraph of its
 * own (in the empty paragraph the caret is in, or after the caret's block).
 */
export const placeImage =
  (src: string, alt: string): Command =>
  (state, dispatch) => {
    if (selectedImage(state)) {
      dispatch?.(state.tr.setNodeMarkup(state.selection.from, undefined, { src, alt, title: null }));
      return true;
    }
    const node = image.create({ src, alt });
    const { $from } = state.selection;
    const tr = state.tr;
    if ($from.parent.type === paragraph && $from.parent.content.size === 0) tr.replaceSelectionWith(node);
    else {
      const after = $from.after(1);
      tr.insert(after, paragraph.create(null, node));
      tr.setSelection(TextSelection.create(tr.doc, after + 1 + node.nodeSize));
    }
    dispatch?.(tr.scrollIntoView());
    return true;
  };

function markdownShortcuts(): Plugin {
  return inputRules({
    rules: [
      textblockTypeInputRule(/^(#{2,3})\s$/, heading, (match) => ({ level: match[1].length })),
      wrappingInputRule(/^\s*([-+*])\s$/, bullet_list, (match) => ({ bullet: match[1] })),
      wrappingInputRule(
        /^(\d+)\.\s$/,
        ordered_list,
        (match) => ({ order: +match[1] }),
        (match, node) => node.childCount + Number(node.attrs.order) === +match[1],
      ),
      wrappingInputRule(/^\s*>\s$/, blockquote),
    ] satisfies InputRule[],
  });
}

/**
 * The formatting keys, Markdown's shortcuts typed at a line's start (`## `, `- `, `1. `, `> `),
 * and Enter continuing a list (ending it on an empty item). No Tab: Tab leaves the editor, as it
 * leaves every other field; no undo of its own: undo and redo are the studio's.
 */
export function visualKeys(openLink: () => void): Plugin[] {
  const formatting = Object.fromEntries(
    (Object.keys(formatKeys) as (FormatAction | 'link')[]).map((action) => [
      formatKeys[action],
      action === 'link'
        ? () => {
            openLink();
            return true;
          }
        : visualFormats[action],
    ]),
  );
  return [
    markdownShortcuts(),
    keymap({
      ...formatting,
      Enter: chainCommands(splitListItem(schema.nodes.list_item), baseKeymap.Enter),
      'Shift-Enter': (state, dispatch) => {
        dispatch?.(state.tr.replaceSelectionWith(schema.nodes.hard_break.create()).scrollIntoView());
        return true;
      },
    }),
    keymap(baseKeymap),
  ];
}

/**
 * `doc` in place of the editor's document by replacing only the stretch that differs, so the
 * caret and the scroll stay where they were (a value from outside: the studio's undo, a reload).
 */
export function replaceDifference(state: EditorState, doc: Node): Transaction | undefined {
  const old = state.doc;
  const start = old.content.findDiffStart(doc.content);
  if (start === null) return undefined;
  let { a: endOld, b: endNew } = old.content.findDiffEnd(doc.content) ?? { a: old.content.size, b: doc.content.size };
  const overlap = start - Math.min(endOld, endNew);
  if (overlap > 0) {
    endOld += overlap;
    endNew += overlap;
  }
  return state.tr.replace(start, endOld, doc.slice(start, endNew));
}
