// The most common edit, typed text, written where it stands: when an edit changes only values
// (the same keys and items, only some texts, numbers or switches differ), each changed value's own
// characters in the file are replaced by a rendering of the new value in the node's style, and not
// one other byte moves. Anything else (a key or item added, removed or moved) answers undefined and
// is left to the line merge.
import { Document, isMap, isScalar, isSeq, Scalar, type Node, type ToStringOptions } from 'yaml';
import { parseOptions } from '../content/yaml-source.ts';
import { sameData } from './yaml-proof.ts';
import type { Json } from '../../shared/studio-protocol.ts';

interface Change {
  node: Scalar;
  value: Json;
  /** Column of the key or list dash that holds the value: its next lines must go deeper. */
  column: number;
  flow: boolean;
}

const isMergeKey = (key: unknown) => isScalar(key) && typeof key.value === 'symbol';
const scalarKey = (key: unknown) => (isScalar(key) ? String(key.value) : undefined);

/** The value changes between a node and new data, or undefined when more than values changed. */
function changes(doc: Document, text: string, node: unknown, value: Json, column: number, flow: boolean, found: Change[]): boolean {
  const columnOf = (offset: number) => offset - (text.lastIndexOf('\n', offset - 1) + 1);
  try {
    if (sameData((node as Node).toJS(doc), value)) return true;
  } catch {
    return false;
  }
  if (isScalar(node)) {
    if (value !== null && typeof value === 'object') return false;
    // An explicit tag stays in the file: only a value of the same kind may follow it.
    if (node.tag && typeof node.value !== typeof value) return false;
    found.push({ node, value, column, flow });
    return true;
  }
  if (isMap(node) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = node.items.map((pair) => scalarKey(pair.key));
    if (node.items.some((pair) => isMergeKey(pair.key)) || keys.length !== Object.keys(value).length) return false;
    return node.items.every((pair) => {
      const key = scalarKey(pair.key);
      const start = (pair.key as Node | null)?.range?.[0];
      if (key === undefined || !(key in value) || start === undefined) return false;
      return changes(doc, text, pair.value, value[key], columnOf(start), flow || Boolean(node.flow), found);
    });
  }
  if (isSeq(node) && Array.isArray(value) && node.items.length === value.length && node.range) {
    const dash = columnOf(node.range[0]);
    return node.items.every((item, index) => changes(doc, text, item, value[index], dash, flow || Boolean(node.flow), found));
  }
  return false;
}

/** The new value rendered to stand where the old one stood, in its style where it fits. */
function render(change: Change, original: string, style: ToStringOptions, quoted: boolean): string {
  const { node, value, column, flow } = change;
  const indent = column + (style.indent ?? 2);
  const scalar = new Scalar(value);
  const block = node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL;
  // Text that ran over several lines is wrapped like the file wraps; a one-line value stays one line.
  const wrapped = original.includes('\n') && node.type !== Scalar.BLOCK_LITERAL;
  if (typeof value === 'string') scalar.type = quoted || (flow && (block || value.includes('\n'))) ? Scalar.QUOTE_DOUBLE : node.type;
  const width = wrapped && !flow && !quoted ? Math.max(style.minContentWidth ?? 20, (style.lineWidth ?? 80) - indent) : 0;
  let out = new Document(scalar, parseOptions).toString({ ...style, lineWidth: width });
  // A block text keeps the line end its range holds; any other value ends where it ends.
  if (!(block && original.endsWith('\n') && out.endsWith('\n'))) out = out.replace(/\n$/, '');
  const pad = ' '.repeat(indent);
  return out
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : pad + line))
    .join('\n');
}

/**
 * The text with only the changed values replaced, or undefined when the edit is more than that.
 * `quoted` renders every changed text double-quoted on one line: the safe form in any context.
 */
export function spliceValues(text: string, doc: Document, data: Json, style: ToStringOptions, quoted = false): string | undefined {
  const found: Change[] = [];
  const root = doc.contents;
  if (!isMap(root) && !isSeq(root)) return undefined;
  if (!changes(doc, text, root, data, 0, false, found) || found.length === 0) return undefined;
  let out = '';
  let at = 0;
  for (const change of found.sort((a, b) => a.node.range![0] - b.node.range![0])) {
    const [from, to] = change.node.range!;
    if (from < at) return undefined;
    // A key with no value (`key:`) gets its value after a space.
    out += text.slice(at, from) + (from === to ? ' ' : '') + render(change, text.slice(from, to), style, quoted);
    at = to;
  }
  return out + text.slice(at);
}
