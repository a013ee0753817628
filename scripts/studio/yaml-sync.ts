// Applies new data to a parsed `yaml` Document node by node, keeping every node (with its
// comments, quoting, block style, anchor and alias) whose value still fits. A subtree whose data is
// unchanged is left exactly as it is, so aliases and merge keys (`<<: *base`) are never expanded by
// a save that did not touch them.
import {
  isAlias,
  isMap,
  isNode,
  isScalar,
  isSeq,
  YAMLMap,
  type Document,
  type Node,
  type Pair,
  type Scalar,
} from 'yaml';
import { sameData } from './yaml-proof.ts';
import type { Json } from '../../shared/studio-protocol.ts';

type Plain = { [key: string]: Json };

/** The data a node stands for in its document (aliases and merges resolved), or a marker when it has none. */
function dataOf(doc: Document, node: unknown): unknown {
  if (!isNode(node)) return node === undefined ? null : node;
  try {
    return node.toJS(doc);
  } catch {
    return Symbol('unreadable');
  }
}

const isMergePair = (pair: Pair) =>
  isScalar(pair.key) && typeof pair.key.value === 'symbol' && pair.key.value.description === '<<';
const keyOf = (pair: Pair) => String(isScalar(pair.key) ? pair.key.value : pair.key);
const isPlainObject = (value: Json): value is Plain =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Makes the map hold `value`, or answers false when its merge keys make that impossible in place. */
function syncMap(doc: Document, node: YAMLMap, value: Plain): boolean {
  const merges = node.items.filter(isMergePair);
  let inherited: Record<string, unknown> = {};
  if (merges.length) {
    const only = new YAMLMap(doc.schema);
    only.items = merges;
    const read = dataOf(doc, only);
    if (typeof read !== 'object' || read === null) return false;
    inherited = read as Record<string, unknown>;
  }
  const own = node.items.filter((pair) => !isMergePair(pair));
  // A key that a merge provides cannot be removed without removing the merge (nor by removing
  // the map's own key, which would let the merged value show through).
  if (Object.keys(inherited).some((key) => !(key in value))) return false;
  for (const pair of own) if (!(keyOf(pair) in value)) node.delete(pair.key);
  for (const [key, item] of Object.entries(value)) {
    const pair = node.items.find((p) => !isMergePair(p) && keyOf(p) === key);
    if (pair) pair.value = sync(doc, pair.value, item);
    else if (!(key in inherited) || !sameData(inherited[key], item)) node.add(doc.createPair(key, item));
  }
  return true;
}

function syncSeq(doc: Document, node: Node & { items: unknown[] }, value: Json[]): void {
  const old = [...node.items];
  const oldData = old.map((item) => dataOf(doc, item));
  const used = new Set<unknown>();
  // An item that is unchanged keeps its node wherever it moved (a reordered section keeps its
  // comments); otherwise the item at the same place is edited in place, or a new one is made.
  const reused = value.map((item) => {
    const index = old.findIndex((n, i) => !used.has(n) && sameData(oldData[i], item));
    if (index >= 0) used.add(old[index]);
    return index >= 0 ? old[index] : undefined;
  });
  node.items = value.map((item, index) => {
    if (reused[index]) return reused[index];
    const inPlace = old[index];
    if (inPlace !== undefined && !used.has(inPlace) && !reused.includes(inPlace)) {
      used.add(inPlace);
      return sync(doc, inPlace, item);
    }
    // A copy of an existing item (a duplicated section) is made from its node, in its style; an
    // anchor on it would be defined twice, so the copy goes without.
    const twin = old.findIndex((n, i) => sameData(oldData[i], item) && isNode(n) && !isAlias(n));
    if (twin < 0) return doc.createNode(item);
    const copy = (old[twin] as Node).clone() as Node;
    if (!isAlias(copy)) copy.anchor = undefined;
    return copy;
  });
  // A blank line between items belongs to the list's layout, not to an item: after a move each
  // place keeps the spacing it had, so a section moved into the middle is set off like its
  // neighbours and the first one still follows its key directly. A new last item is spaced like
  // the one before it.
  const spacing = old.map((item) => (isNode(item) ? item.spaceBefore : undefined));
  if (spacing.length > 0)
    node.items.forEach((item, index) => {
      if (isNode(item)) item.spaceBefore = spacing[Math.min(index, spacing.length - 1)];
    });
}

/** Whether a scalar's explicit tag (`!!int 5`) still reads the new value as meant. */
export const tagFits = (node: Scalar, value: Json) =>
  typeof node.value === typeof value && !(node.tag === 'tag:yaml.org,2002:int' && !Number.isInteger(value));

/** Makes `node` hold `value`: the same node changed in place where it can be, a new one otherwise. */
export function sync(doc: Document, node: unknown, value: Json): unknown {
  if (sameData(dataOf(doc, node), value)) return node;
  if (isPlainObject(value) && isMap(node) && syncMap(doc, node, value)) return node;
  if (Array.isArray(value) && isSeq(node)) {
    syncSeq(doc, node, value);
    return node;
  }
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    // An explicit tag (`!!int 5`) would misread a value of another kind.
    if (node.tag && !tagFits(node, value)) delete node.tag;
    node.value = value;
    return node;
  }
  return doc.createNode(value);
}
