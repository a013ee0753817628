// New text in the file's style, for the edits yaml-splice.ts writes in place: a changed value in
// its node's style (quotes, folded or literal block, wrapped as the file wraps), and new items and
// keys rendered by the `yaml` library with the file's layout, moved to their column.
import { Document, isMap, isScalar, isSeq, Scalar, type ToStringOptions } from 'yaml';
import { parseOptions } from '../content/yaml-source.ts';
import type { Json } from '../../shared/studio-protocol.ts';

/** A key's text, or undefined for a key that is not text (a merge key, a collection). */
export const scalarKey = (key: unknown) =>
  isScalar(key) && typeof key.value !== 'symbol' ? String(key.value) : undefined;

/** Gives new text the style of the same field in a neighbour: a folded answer among folded ones. */
function styleLike(node: unknown, model: unknown): void {
  if (isScalar(node) && isScalar(model) && typeof node.value === 'string' && model.type && model.type !== Scalar.PLAIN)
    node.type = model.type;
  else if (isMap(node) && isMap(model))
    for (const pair of node.items)
      styleLike(pair.value, model.items.find((other) => scalarKey(other.key) === scalarKey(pair.key))?.value);
  else if (isSeq(node) && isSeq(model)) for (const item of node.items) styleLike(item, model.items[0]);
}

/**
 * New lines at `column`: the library's rendering in the file's style, moved to that column. A new
 * list item (`model`: a neighbour) writes its texts as the neighbour writes the same fields.
 */
export function newLines(style: ToStringOptions, value: unknown, column: number, model?: unknown): string {
  const doc = new Document(value, parseOptions);
  if (model !== undefined && isSeq(doc.contents)) styleLike(doc.contents.items[0], model);
  return doc.toString(style).replace(/^(?=.)/gm, ' '.repeat(column));
}

/**
 * The new value rendered to stand where the old one stood in `text`, in its style where it fits.
 * `column`: of the key or dash that holds it, so its next lines go deeper; `flow`: inside a flow
 * collection; `quoted`: double-quoted on one line, the safe form in any context.
 */
export function scalarText(
  style: ToStringOptions,
  text: string,
  node: Scalar,
  value: Json,
  { column, flow, quoted }: { column: number; flow: boolean; quoted: boolean },
): string {
  const [from, to] = node.range!;
  const original = text.slice(from, to);
  const indent = column + (style.indent ?? 2);
  const scalar = new Scalar(value);
  const block = node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL;
  // Text that ran over several lines is wrapped like the file wraps; a one-line value stays one line.
  const wrapped = original.includes('\n') && node.type !== Scalar.BLOCK_LITERAL;
  if (typeof value === 'string')
    scalar.type = quoted || (flow && (block || value.includes('\n'))) ? Scalar.QUOTE_DOUBLE : node.type;
  const width =
    wrapped && !flow && !quoted ? Math.max(style.minContentWidth ?? 20, (style.lineWidth ?? 80) - indent) : 0;
  let out = new Document(scalar, parseOptions).toString({ ...style, lineWidth: width });
  // A block text keeps the line end its range holds; any other value ends where it ends.
  if (!(block && original.endsWith('\n') && out.endsWith('\n'))) out = out.replace(/\n$/, '');
  out = out.replace(/\n(?=.)/g, `\n${' '.repeat(indent)}`);
  // A comment on a block text's header line (`key: |  # why`) stays on the new value's first line.
  const comment = block ? /^[|>][-+0-9]*([ \t]+#[^\n]*)/.exec(original)?.[1] : undefined;
  if (comment) out = out.replace(/^[^\n]*/, (first) => first + comment);
  // A key with no value (`key:`) gets its value after a space.
  return from === to ? ` ${out}` : out;
}
