// Edits written where they stand, as a person would make them in a text editor. A changed value
// has its own characters replaced by a rendering of the new value in the node's style; an item
// added, removed or moved in a block list, or a key added or removed in a block map, moves whole
// lines (a moved item keeps its lines, comments and folded text as written). Not one other byte
// changes. An edit this cannot express (a list emptied, an item both moved and changed, a flow
// collection that grows) answers undefined and is left to the line merge.
import { Document, isMap, isScalar, isSeq, type Node, type ToStringOptions, type YAMLMap, type YAMLSeq } from 'yaml';
import { parseOptions } from '../content/yaml-source.ts';
import { blocksOf, gapBefore, Lines, textOf } from './yaml-lines.ts';
import { newLines, scalarKey, scalarText } from './yaml-render.ts';
import { sameData } from './yaml-proof.ts';
import { tagFits } from './yaml-sync.ts';
import type { Json } from '../../shared/studio-protocol.ts';

/** One replacement of the characters [from, to); `quoted` asks for the safest rendering. */
interface Op {
  from: number;
  to: number;
  text: (quoted: boolean) => string;
}

interface Context {
  doc: Document;
  lines: Lines;
  style: ToStringOptions;
  ops: Op[];
  /** Whether a collection this cannot edit line by line may be written anew, alone. */
  rerender: boolean;
}

const isMergeKey = (key: unknown) => isScalar(key) && typeof key.value === 'symbol';
const isObject = (value: Json): value is { [key: string]: Json } =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function dataOf(ctx: Context, node: unknown): unknown {
  try {
    return (node as Node).toJS(ctx.doc);
  } catch {
    return Symbol('unreadable');
  }
}

/** Replaces lines [first, last] of the text by `text` (which ends with a line end). */
function replaceLines(ctx: Context, first: number, last: number, text: () => string): Op {
  const from = ctx.lines.startOf(first);
  const to = ctx.lines.startOf(last + 1);
  const bare = !ctx.lines.text.slice(from, to).endsWith('\n');
  return { from, to, text: () => (bare ? text().replace(/\n$/, '') : text()) };
}

/** For each new item, the old item it is (the same data, each old item used once), or -1. */
function sourcesOf(oldData: unknown[], value: Json[]): number[] {
  const used = new Set<number>();
  return value.map((item) => {
    const index = oldData.findIndex((d, i) => !used.has(i) && sameData(d, item));
    if (index >= 0) used.add(index);
    return index;
  });
}

/** A list whose items are kept whole (perhaps moved), removed or new: their lines are moved. */
function seqEdit(ctx: Context, node: YAMLSeq, value: Json[], oldData: unknown[], flow: boolean): boolean {
  const old = node.items;
  if (node.flow || flow || old.length === 0 || value.length === 0 || !node.range) return false;
  const sources = sourcesOf(oldData, value);
  const dash = ctx.lines.columnOf(node.range[0]);
  const starts = old.map((item, i) =>
    i === 0 ? node.range![0] : dashBefore(ctx.lines, (item as Node | null)?.range?.[0], dash),
  );
  const end = (old.at(-1) as Node | null)?.range?.[1];
  if (starts.some((start) => start === undefined) || end === undefined) return false;
  const blocks = blocksOf(ctx.lines, starts as number[], end);
  if (!blocks) return false;
  // Items only added or removed keep the blank lines before them; after a move each place keeps
  // the spacing it had (the first item still follows its key directly).
  const kept = sources.filter((source) => source >= 0);
  const inOrder = kept.every((source, i) => i === 0 || source > kept[i - 1]);
  const text = () =>
    value
      .map((item, k) => {
        const at = inOrder && sources[k] > 0 ? sources[k] : Math.min(k, blocks.length - 1);
        const gap = k === 0 ? '' : gapBefore(ctx.lines, blocks, Math.max(at, 1));
        // A copy of an item already there (a duplicated section) is made from its lines.
        const twin = sources[k] >= 0 ? sources[k] : oldData.findIndex((d) => sameData(d, item));
        const neighbour =
          old[
            Math.max(
              0,
              sources
                .slice(0, k)
                .filter((source) => source >= 0)
                .at(-1) ?? 0,
            )
          ];
        return gap + (twin >= 0 ? textOf(ctx.lines, blocks[twin]) : newLines(ctx.style, [item], dash, neighbour));
      })
      .join('');
  ctx.ops.push(replaceLines(ctx, blocks[0].first, blocks.at(-1)!.last, text));
  return true;
}

/** The dash of the list item whose value starts at `offset`: the last `-` at the list's column above it. */
function dashBefore(lines: Lines, offset: number | undefined, column: number): number | undefined {
  if (offset === undefined) return undefined;
  for (let line = lines.lineOf(offset); line >= 0; line--) {
    const text = lines.line(line);
    if (text[column] === '-' && text.slice(0, column).trim() === '' && /^-(\s|$)/.test(text.slice(column)))
      return lines.startOf(line) + column;
  }
  return undefined;
}

function mapEdit(ctx: Context, node: YAMLMap, value: { [key: string]: Json }, flow: boolean): boolean {
  if (node.items.some((pair) => isMergeKey(pair.key))) return false;
  const keys = node.items.map((pair) => scalarKey(pair.key));
  if (keys.some((key) => key === undefined)) return false;
  const removed = node.items.filter((_, i) => !(keys[i]! in value));
  const added = Object.keys(value).filter((key) => !keys.includes(key));
  if (removed.length || added.length) {
    if (node.flow || flow || removed.length === node.items.length) return false;
    const starts = node.items.map((pair) => (pair.key as Node).range?.[0]);
    const end = node.range?.[1];
    if (starts.some((start) => start === undefined) || end === undefined) return false;
    // The first key of a list item shares the line of its dash (`- title: x`): it stays.
    const blocks = blocksOf(ctx.lines, starts as number[], end, true);
    if (!blocks || (removed.includes(node.items[0]) && !ctx.lines.startsLine(starts[0]!))) return false;
    node.items.forEach((pair, i) => {
      if (!removed.includes(pair)) return;
      // The pair goes with the blank lines before it, or after it when it is the first.
      const first = i > 0 ? blocks[i - 1].last + 1 : blocks[0].first;
      const last = i > 0 || blocks.length < 2 ? blocks[i].last : blocks[1].first - 1;
      ctx.ops.push(replaceLines(ctx, first, last, () => ''));
    });
    if (added.length) {
      const lastBlock = blocks.at(-1)!;
      if (removed.includes(node.items.at(-1)!)) return false;
      const gap = gapBefore(ctx.lines, blocks, blocks.length - 1);
      const column = ctx.lines.columnOf(starts[0]!);
      const text = () =>
        textOf(ctx.lines, lastBlock) +
        added.map((key) => gap + newLines(ctx.style, { [key]: value[key] }, column)).join('');
      // The new keys follow the last pair; their op covers its lines, so a change inside it is refused as overlapping.
      ctx.ops.push(replaceLines(ctx, lastBlock.first, lastBlock.last, text));
    }
  }
  return node.items.every(
    (pair, i) =>
      removed.includes(pair) || collectPair(ctx, pair.key, pair.value, value[keys[i]!], flow || Boolean(node.flow)),
  );
}

function collectPair(ctx: Context, key: unknown, node: unknown, value: Json, flow: boolean): boolean {
  const start = (key as Node | null)?.range?.[0];
  const keyEnd = (key as Node | null)?.range?.[1];
  if (start === undefined || keyEnd === undefined) return false;
  const mark = ctx.ops.length;
  if (collect(ctx, node, value, ctx.lines.columnOf(start), flow)) return true;
  ctx.ops.length = mark;
  // A block collection emptied, or (when allowed) one written anew: its lines after the key.
  const range = (node as Node | null)?.range;
  const colon = ctx.lines.text.indexOf(':', keyEnd);
  if (flow || !range || (!isMap(node) && !isSeq(node)) || node.flow || colon < 0 || colon >= range[0]) return false;
  const emptied = Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0;
  if (!emptied && !(ctx.rerender && ctx.lines.startsLine(range[0]))) return false;
  const lastLine = ctx.lines.lineOf(Math.max(range[0], range[1] - 1));
  const to = ctx.lines.startOf(lastLine + 1) - (lastLine + 1 < ctx.lines.count ? 1 : 0);
  const column = ctx.lines.columnOf(start);
  ctx.ops.push({
    from: colon + 1,
    to,
    text: () =>
      emptied
        ? Array.isArray(value)
          ? ' []'
          : ' {}'
        : `\n${newLines(ctx.style, value, column + (isSeq(node) && !ctx.style.indentSeq ? 0 : (ctx.style.indent ?? 2))).replace(/\n$/, '')}`,
  });
  return true;
}

/** A flow collection on one line, written anew on that line (`[a, b]` that gains an item). */
function flowEdit(ctx: Context, node: YAMLMap | YAMLSeq, value: Json): boolean {
  const range = node.range;
  if (!node.flow || !range || ctx.lines.text.slice(range[0], range[1]).includes('\n')) return false;
  const created = ctx.doc.createNode(value, { flow: true });
  const text = new Document(created, parseOptions).toString({ ...ctx.style, lineWidth: 0 }).replace(/\n$/, '');
  ctx.ops.push({ from: range[0], to: range[1], text: () => text });
  return true;
}

/** Collects the ops that turn `node` into `value`, or answers false when it cannot. */
function collect(ctx: Context, node: unknown, value: Json, column: number, flow: boolean): boolean {
  if (sameData(dataOf(ctx, node), value)) return true;
  if (isScalar(node) && node.range && (value === null || typeof value !== 'object')) {
    // An explicit tag stays in the file: only a value of the same kind may follow it.
    if (node.tag && !tagFits(node, value)) return false;
    ctx.ops.push({
      from: node.range[0],
      to: node.range[1],
      text: (quoted) => scalarText(ctx.style, ctx.lines.text, node, value, { column, flow, quoted }),
    });
    return true;
  }
  if (isMap(node) && isObject(value)) {
    const mark = ctx.ops.length;
    if (mapEdit(ctx, node, value, flow)) return true;
    ctx.ops.length = mark;
    return flowEdit(ctx, node, value);
  }
  if (isSeq(node) && Array.isArray(value)) {
    const dash = node.range ? ctx.lines.columnOf(node.range[0]) : column;
    const inner = flow || Boolean(node.flow);
    const oldData = node.items.map((item) => dataOf(ctx, item));
    const values = () => {
      const mark = ctx.ops.length;
      if (
        node.items.length === value.length &&
        node.items.every((item, i) => collect(ctx, item, value[i], dash, inner))
      )
        return true;
      ctx.ops.length = mark;
      return false;
    };
    // Items only reordered move as lines (a folded text keeps its wrapping); items edited in place
    // have their values edited where they are.
    const reordered = node.items.length === value.length && sourcesOf(oldData, value).every((source) => source >= 0);
    return (
      (reordered
        ? seqEdit(ctx, node, value, oldData, flow) || values()
        : values() || seqEdit(ctx, node, value, oldData, flow)) || flowEdit(ctx, node, value)
    );
  }
  return false;
}

/**
 * The text with the edit written in place, or undefined when the edit is more than this can
 * express. `quoted` renders every changed text double-quoted on one line: safe in any context;
 * `rerender` lets a block collection that cannot be edited line by line be written anew.
 */
export function spliceEdit(
  text: string,
  doc: Document,
  data: Json,
  style: ToStringOptions,
  { quoted = false, rerender = false } = {},
): string | undefined {
  const ctx: Context = { doc, lines: new Lines(text), style, ops: [], rerender };
  const root = doc.contents;
  if ((!isMap(root) && !isSeq(root)) || !collect(ctx, root, data, 0, false) || ctx.ops.length === 0) return undefined;
  let out = '';
  let at = 0;
  for (const op of ctx.ops.sort((a, b) => a.from - b.from || a.to - b.to)) {
    if (op.from < at) return undefined;
    out += text.slice(at, op.from) + op.text(quoted);
    at = op.to;
  }
  return out + text.slice(at);
}
