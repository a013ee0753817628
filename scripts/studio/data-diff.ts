// The difference between two versions of a file's data, as a person would tell it: values that
// changed, keys and list items added or removed, and list items moved. List items are matched by
// who they are (equal, the same id, mostly the same fields, or in the same place), so a moved
// section is one move, not a removal and an addition; what stayed in place is found as the longest
// run of matched items in their old order. Pure: no files, no schema (the page names things).
import type { Json } from '../../shared/studio-protocol.ts';
import type { DataChange, DataPath } from '../../shared/review.ts';
import { isRecord, matchItems, same, stableRun, type Record_ } from '../../shared/match-items.ts';

export { matchItems };

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
