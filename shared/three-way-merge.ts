// Two people's edits of one entry, made from the same version (the base), put together: what only
// one of them changed is taken from them; what both changed the same way once; what both changed
// differently is a collision for the person saving to choose (theirs or mine). Objects merge key by
// key; lists item by item when their items can be matched (as the review matches them), else the
// whole list is one collision; a Markdown body merges line by line (diff3: a run of lines only one
// side changed is theirs, lines both changed differently collide). Pure: the studio names the places.
import { isRecord, matchItems, same, type Record_ } from './match-items.ts';
import { matchLines } from './match-lines.ts';
import type { DataPath } from './review.ts';
import type { EntryEdit, Json } from './studio-protocol.ts';

/** An entry's data and Markdown body, as the studio's draft holds them. */
export type MergeDraft = EntryEdit;

export type Side = 'mine' | 'theirs';

/**
 * Where both changed the same thing differently: a value (its path in the merged data, undefined
 * where a side removed it), a whole list whose items both added, removed or moved, or lines of the
 * body (the lines of each side, joined).
 */
export interface Collision {
  path: DataPath | 'body';
  base?: Json;
  mine?: Json;
  theirs?: Json;
}

/** A run of the merged body's lines, or a collision's two runs (`collision`: its index). */
type BodyPart = string[] | { collision: number; mine: string[]; theirs: string[] };

export interface Merge {
  /** The merged draft, with theirs at every collision until the person chooses. */
  merged: MergeDraft;
  collisions: Collision[];
  /** Where each side's edits were taken into the merged draft (paths in it, 'body' for the text). */
  taken: Record<Side, (DataPath | 'body')[]>;
  /** The body as runs of lines and collisions, to put the chosen lines in (undefined: no body). */
  body?: BodyPart[];
}

interface Context {
  collisions: Collision[];
  taken: Record<Side, (DataPath | 'body')[]>;
}

/** Merges `mine` and `theirs`, both edited from `base`. */
export function mergeDrafts(base: MergeDraft, mine: MergeDraft, theirs: MergeDraft): Merge {
  const context: Context = { collisions: [], taken: { mine: [], theirs: [] } };
  const data = mergeValue(base.data, mine.data, theirs.data, [], context) ?? null;
  const merged: MergeDraft = { data };
  if (base.body === undefined && mine.body === undefined && theirs.body === undefined) return { merged, ...context };
  const body = mergeText(base.body ?? '', mine.body ?? '', theirs.body ?? '', context);
  merged.body = joinBody(body, () => 'theirs');
  return { merged, ...context, body };
}

/** The merged draft with the person's choice at each collision (`choices[i]` for `collisions[i]`). */
export function settle(merge: Merge, choices: readonly Side[]): MergeDraft {
  if (choices.length !== merge.collisions.length)
    throw new Error(`${merge.collisions.length} choices are needed, ${choices.length} were given.`);
  let data = merge.merged.data;
  merge.collisions.forEach((collision, i) => {
    if (collision.path !== 'body' && choices[i] === 'mine') data = setAt(data, collision.path, collision.mine);
  });
  const settled: MergeDraft = { data };
  if (merge.body) settled.body = joinBody(merge.body, (i) => choices[i]);
  return settled;
}

function mergeValue(
  base: Json | undefined,
  mine: Json | undefined,
  theirs: Json | undefined,
  path: DataPath,
  context: Context,
): Json | undefined {
  if (equal(mine, theirs)) return theirs;
  if (equal(mine, base)) {
    context.taken.theirs.push(...changedPaths(base, theirs, path));
    return theirs;
  }
  if (equal(theirs, base)) {
    context.taken.mine.push(...changedPaths(base, mine, path));
    return mine;
  }
  if (isRecord(base) && isRecord(mine) && isRecord(theirs)) return mergeObject(base, mine, theirs, path, context);
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs)) {
    const list = mergeList(base, mine, theirs, path, context);
    if (list) return list;
  }
  return collide(base, mine, theirs, path, context);
}

function collide(base: Json | undefined, mine: Json | undefined, theirs: Json | undefined, path: DataPath, c: Context) {
  c.collisions.push({ path, base, mine, theirs });
  return theirs;
}

/** The deepest places where `value` differs from `base` (a list that changed length, as a whole). */
function changedPaths(base: Json | undefined, value: Json | undefined, path: DataPath): DataPath[] {
  if (equal(base, value)) return [];
  if (isRecord(base) && isRecord(value))
    return [...new Set([...Object.keys(value), ...Object.keys(base)])].flatMap((key) =>
      changedPaths(base[key], value[key], [...path, key]),
    );
  if (Array.isArray(base) && Array.isArray(value) && base.length === value.length)
    return value.flatMap((item, i) => changedPaths(base[i], item, [...path, i]));
  return [path];
}

const equal = (a: Json | undefined, b: Json | undefined) => (a === undefined || b === undefined ? a === b : same(a, b));

/** Key by key, in theirs' order (the file on disk), with the keys only mine added after. */
function mergeObject(base: Record_, mine: Record_, theirs: Record_, path: DataPath, context: Context): Record_ {
  const keys = [...new Set([...Object.keys(theirs), ...Object.keys(mine), ...Object.keys(base)])];
  const merged: Record_ = {};
  for (const key of keys) {
    const value = mergeValue(base[key], mine[key], theirs[key], [...path, key], context);
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** For each item of `list`, the base item it is (undefined: added). */
const origins = (base: Json[], list: Json[]) => matchItems(base, list);

/** Whether a side added, removed or moved items (rather than only editing them in place). */
const reshaped = (from: (number | undefined)[], baseLength: number) =>
  from.length !== baseLength || from.some((o, n) => o !== n);

/**
 * Item by item, when at most one side added, removed or moved items: the list has that side's
 * items in its order, each merged with the other side's edit of the same item. Undefined (the
 * whole list collides) when both reshaped it, or one removed an item the other edited.
 */
function mergeList(base: Json[], mine: Json[], theirs: Json[], path: DataPath, context: Context): Json[] | undefined {
  const fromMine = origins(base, mine);
  const fromTheirs = origins(base, theirs);
  const mineReshaped = reshaped(fromMine, base.length);
  const theirsReshaped = reshaped(fromTheirs, base.length);
  if (mineReshaped && theirsReshaped) return undefined;
  if (!mineReshaped && !theirsReshaped)
    return base.map((item, i) => mergeValue(item, mine[i], theirs[i], [...path, i], context) ?? null);
  // One side reshaped the list; the other (`edited`) only edited items in place.
  const [shaper, from, edited, side] = mineReshaped
    ? ([mine, fromMine, theirs, 'mine'] as const)
    : ([theirs, fromTheirs, mine, 'theirs'] as const);
  const kept = new Set(from.filter((o) => o !== undefined));
  if (base.some((item, o) => !kept.has(o) && !same(item, edited[o]))) return undefined;
  context.taken[side].push(path);
  return shaper.map((item, n) => {
    const o = from[n];
    if (o === undefined) return item;
    const [m, t] = side === 'mine' ? [item, edited[o]] : [edited[o], item];
    return mergeValue(base[o], m, t, [...path, n], context) ?? null;
  });
}

/** The lines of `text` at the matched pairs of `base` and it: base line index → its line index. */
function anchors(base: string[], lines: string[]): Map<number, number> {
  return new Map(matchLines(base, lines));
}

/**
 * diff3: the lines neither side changed are where the three texts meet; between two such lines, a
 * run only one side changed is taken from it, the same change on both sides once, else a collision.
 */
function mergeText(base: string, mine: string, theirs: string, context: Context): BodyPart[] {
  const [b, m, t] = [base.split('\n'), mine.split('\n'), theirs.split('\n')];
  const inMine = anchors(b, m);
  const inTheirs = anchors(b, t);
  const parts: BodyPart[] = [];
  const taken = new Set<Side>();
  let [ib, im, it] = [0, 0, 0];
  const chunk = (toB: number, toM: number, toT: number) => {
    const [cb, cm, ct] = [b.slice(ib, toB), m.slice(im, toM), t.slice(it, toT)];
    if (sameLines(cm, ct)) parts.push(ct);
    else if (sameLines(cm, cb)) {
      parts.push(ct);
      taken.add('theirs');
    } else if (sameLines(ct, cb)) {
      parts.push(cm);
      taken.add('mine');
    } else {
      parts.push({ collision: context.collisions.length, mine: cm, theirs: ct });
      context.collisions.push({ path: 'body', base: cb.join('\n'), mine: cm.join('\n'), theirs: ct.join('\n') });
    }
  };
  for (let i = 0; i < b.length; i++) {
    const [jm, jt] = [inMine.get(i), inTheirs.get(i)];
    if (jm === undefined || jt === undefined || jm < im || jt < it) continue;
    chunk(i, jm, jt);
    parts.push([b[i]]);
    [ib, im, it] = [i + 1, jm + 1, jt + 1];
  }
  chunk(b.length, m.length, t.length);
  for (const side of taken) context.taken[side].push('body');
  return parts;
}

const sameLines = (a: string[], b: string[]) => a.length === b.length && a.every((line, i) => line === b[i]);

function joinBody(parts: BodyPart[], choose: (collision: number) => Side): string {
  return parts.flatMap((part) => (Array.isArray(part) ? part : part[choose(part.collision)])).join('\n');
}

/** `data` with the value at `path` replaced (undefined: the key removed). Copies on the way. */
function setAt(data: Json, path: DataPath, value: Json | undefined): Json {
  if (!path.length) return value ?? null;
  const [key, ...rest] = path;
  if (Array.isArray(data)) {
    const list = [...data];
    list[key as number] = setAt(list[key as number] ?? null, rest, value);
    return list;
  }
  const object: Record_ = { ...(isRecord(data) ? data : {}) };
  if (value === undefined && !rest.length) delete object[key];
  else object[key] = setAt(object[key] ?? null, rest, value);
  return object;
}
