// How the items of two versions of a list are matched: equal items, then the same id, then mostly
// the same fields, then in the same place; what stayed in place is the longest run of matched items
// in their old order. Shared by the review's diff (scripts/studio/data-diff.ts) and the merge of two
// editors' edits (shared/three-way-merge.ts). Pure.
import type { Json } from './studio-protocol.ts';

export type Record_ = { [key: string]: Json };
export const isRecord = (value: Json | undefined): value is Record_ =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A text for deep equality: objects' keys sorted (their order means nothing to a reader). */
export function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
export const same = (a: Json, b: Json) => canonical(a) === canonical(b);

/** Items of one kind: scalars with scalars, lists with lists, objects with objects of the same `type`. */
function shape(value: Json): string {
  if (Array.isArray(value)) return 'list';
  if (isRecord(value)) return `object:${typeof value.type === 'string' ? value.type : ''}`;
  return 'scalar';
}

/** How much of two objects is the same: equal fields over all fields (0 for anything else). */
function likeness(a: Json, b: Json): number {
  if (!isRecord(a) || !isRecord(b) || shape(a) !== shape(b)) return 0;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  let equal = 0;
  for (const key of keys) if (key in a && key in b && same(a[key], b[key])) equal++;
  return equal / keys.size;
}

/** Indexes (into `pairs`) of the longest run of pairs whose old indexes rise with the new ones. */
export function stableRun(pairs: [number, number][]): Set<number> {
  const length = pairs.map(() => 1);
  const previous = pairs.map(() => -1);
  for (let i = 0; i < pairs.length; i++)
    for (let j = 0; j < i; j++)
      if (pairs[j][0] < pairs[i][0] && length[j] + 1 >= length[i]) {
        length[i] = length[j] + 1;
        previous[i] = j;
      }
  // The latest pair of the longest run ends it, so of two equal runs the one keeping later items wins:
  // a section moved up one place is the one that moved, not the one it passed.
  let end = -1;
  for (let i = 0; i < pairs.length; i++) if (end < 0 || length[i] >= length[end]) end = i;
  const run = new Set<number>();
  for (let i = end; i >= 0; i = previous[i]) run.add(i);
  return run;
}

/** For each new item, the old item it is (undefined: new). */
export function matchItems(before: readonly Json[], after: readonly Json[]): (number | undefined)[] {
  const oldFor: (number | undefined)[] = after.map(() => undefined);
  const taken = new Set<number>();
  const pair = (n: number, o: number) => {
    oldFor[n] = o;
    taken.add(o);
  };
  const free = (test: (o: number) => boolean) => before.findIndex((_, o) => !taken.has(o) && test(o));
  // Equal items first, then the same id, then mostly the same fields.
  after.forEach((item, n) => {
    const o = free((o) => same(before[o], item));
    if (o >= 0) pair(n, o);
  });
  after.forEach((item, n) => {
    const id = isRecord(item) && typeof item.id === 'string' && item.id ? item.id : undefined;
    if (oldFor[n] !== undefined || id === undefined) return;
    const o = free((o) => isRecord(before[o]) && before[o].id === id && shape(before[o]) === shape(item));
    if (o >= 0) pair(n, o);
  });
  after.forEach((item, n) => {
    if (oldFor[n] !== undefined) return;
    let best = -1;
    let score = 0.5;
    before.forEach((candidate, o) => {
      const s = taken.has(o) ? 0 : likeness(candidate, item);
      if (s >= score) [best, score] = [o, s + 1e-9];
    });
    if (best >= 0) pair(n, best);
  });
  // Then, between items that stayed in place, what was edited there: the unmatched old and new
  // items of one kind, in order.
  const matched = () => oldFor.flatMap((o, n) => (o === undefined ? [] : [[o, n] as [number, number]]));
  const anchors = [...stableRun(matched())].map((i) => matched()[i]).sort((a, b) => a[1] - b[1]);
  const bounds = [[-1, -1] as [number, number], ...anchors, [before.length, after.length] as [number, number]];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const [o1, n1] = bounds[k];
    const [o2, n2] = bounds[k + 1];
    const olds = before.map((_, o) => o).filter((o) => o > o1 && o < o2 && !taken.has(o));
    for (let n = n1 + 1; n < n2; n++) {
      if (oldFor[n] !== undefined) continue;
      const o = olds.find((o) => !taken.has(o) && shape(before[o]) === shape(after[n]));
      if (o !== undefined) pair(n, o);
    }
  }
  return oldFor;
}
