// The difference between two versions of a file's data, as a person would tell it: values that
// changed, keys and list items added or removed, and list items moved. List items are matched by
// who they are (equal, the same id, mostly the same fields, or in the same place), so a moved
// section is one move, not a removal and an addition; what stayed in place is found as the longest
// run of matched items in their old order. Pure: no files, no schema (the page names things).
import type { Json } from '../../shared/studio-protocol.ts';
import type { DataChange, DataPath } from '../../shared/review.ts';

type Record_ = { [key: string]: Json };
const isRecord = (value: Json | undefined): value is Record_ =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A text for deep equality: objects' keys sorted (their order means nothing to a reader). */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
const same = (a: Json, b: Json) => canonical(a) === canonical(b);

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
function stableRun(pairs: [number, number][]): Set<number> {
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

/** Everything that differs from `before` to `after`, in the order a reader meets it in `after`. */
export function diffData(before: Json | undefined, after: Json | undefined, at: DataPath = []): DataChange[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ kind: 'added', path: at, value: after! }];
  if (after === undefined) return [{ kind: 'removed', path: at, value: before }];
  if (isRecord(before) && isRecord(after)) {
    const changes: DataChange[] = [];
    for (const key of Object.keys(after)) changes.push(...diffData(before[key], after[key], [...at, key]));
    for (const key of Object.keys(before))
      if (!(key in after)) changes.push({ kind: 'removed', path: [...at, key], value: before[key] });
    return changes;
  }
  if (Array.isArray(before) && Array.isArray(after)) return diffList(before, after, at);
  return same(before, after) ? [] : [{ kind: 'set', path: at, before, after }];
}

function diffList(before: Json[], after: Json[], at: DataPath): DataChange[] {
  const oldFor = matchItems(before, after);
  const newFor = new Map(oldFor.flatMap((o, n) => (o === undefined ? [] : [[o, n] as const])));
  const pairs = oldFor.flatMap((o, n) => (o === undefined ? [] : [[o, n] as [number, number]]));
  const stayed = new Set([...stableRun(pairs)].map((i) => pairs[i][1]));
  /** The index on disk of the nearest item before old item `o` that is still there (-1: none). */
  const follows = (o: number) => {
    for (let p = o - 1; p >= 0; p--) if (newFor.has(p)) return newFor.get(p)!;
    return -1;
  };
  const changes: DataChange[] = [];
  before.forEach((value, o) => {
    if (!newFor.has(o)) changes.push({ kind: 'removed', path: [...at, o], value, follows: follows(o) });
  });
  after.forEach((value, n) => {
    const o = oldFor[n];
    if (o === undefined) return changes.push({ kind: 'added', path: [...at, n], value });
    if (!stayed.has(n)) changes.push({ kind: 'moved', path: [...at, n], from: o, follows: follows(o), value });
    changes.push(...diffData(before[o], value, [...at, n]));
  });
  return changes;
}

const copy = (value: Json): Json => structuredClone(value);

/** `data` with the value at `path` replaced by `apply(value)` (copies on the way; the rest shared). */
function update(data: Json, path: DataPath, apply: (value: Json) => Json): Json {
  if (!path.length) return apply(data);
  const [key, ...rest] = path;
  if (Array.isArray(data)) return data.map((item, i) => (i === key ? update(item, rest, apply) : item));
  if (isRecord(data)) return { ...data, [key]: update(data[String(key)] ?? null, rest, apply) };
  throw new Error(`No value at ${path.join('.')}`);
}

/** `data` (the version on disk) with one change put back as it was committed. */
export function revertChange(data: Json, change: DataChange): Json {
  if (change.kind === 'body') return data;
  const parent = change.path.slice(0, -1);
  const last = change.path.at(-1)!;
  switch (change.kind) {
    case 'set':
      return update(data, change.path, () => copy(change.before));
    case 'added':
      if (!change.path.length) return null;
      return update(data, parent, (holder) => {
        if (Array.isArray(holder)) return holder.filter((_, i) => i !== last);
        const rest = { ...(holder as Record_) };
        delete rest[last];
        return rest;
      });
    case 'removed':
      if (!change.path.length) return copy(change.value);
      return update(data, parent, (holder) => {
        if (!Array.isArray(holder)) return { ...(holder as Record_), [last]: copy(change.value) };
        const list = [...holder];
        list.splice((change.follows ?? -1) + 1, 0, copy(change.value));
        return list;
      });
    case 'moved':
      return update(data, parent, (holder) => {
        const list = [...(holder as Json[])];
        const [item] = list.splice(last as number, 1);
        // The item it followed shifted down by one if it came after the moved item.
        const anchor = change.follows > (last as number) ? change.follows - 1 : change.follows;
        list.splice(anchor + 1, 0, item);
        return list;
      });
  }
}

/**
 * `data` with several changes of one diff put back. Each change's path is true of the data the diff
 * was made of, so the changes are put back last first: one earlier in a list does not shift the
 * index a later one names. Only changes that do not hold one another are accepted together.
 */
export function revertChanges(data: Json, changes: DataChange[]): Json {
  const key = (change: DataChange) => (change.kind === 'body' ? [] : change.path);
  const ordered = [...changes].sort((a, b) => comparePaths(key(b), key(a)));
  return ordered.reduce(revertChange, data);
}

function comparePaths(a: DataPath, b: DataPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    return typeof a[i] === 'number' && typeof b[i] === 'number'
      ? (a[i] as number) - (b[i] as number)
      : String(a[i]).localeCompare(String(b[i]));
  }
  return a.length - b.length;
}
