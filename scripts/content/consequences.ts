// One slip, one error: several schema errors on one group that come from one edit (a deleted or
// doubled line leaves a group without all its required fields, or moves fields into the wrong
// group) are said once, naming every field, at the place of the first.
import { separator } from './positions.ts';
import { missingFieldOf } from '../../shared/content-error.ts';
import type { ContentError } from './errors.ts';

const unknown = /^unknown field "([^"]+)"\.( Allowed fields: .*)$/;

const list = (names: string[]) =>
  names
    .map((n) => `"${n}"`)
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');

export function mergeConsequences(errors: ContentError[]): ContentError[] {
  const groups = new Map<string, { first: ContentError; names: string[]; make: (names: string[]) => ContentError }>();
  const out: ContentError[] = [];
  for (const error of errors) {
    const missing = missingFieldOf(error.message);
    const m = missing === undefined ? undefined : [error.message, missing];
    const u = m ? undefined : unknown.exec(error.message);
    if (!m && !u) {
      out.push(error);
      continue;
    }
    // An unknown field's path ends with the field itself; the group is its parent.
    const parent = u ? error.path.split(separator).slice(0, -1).join(separator) : error.path;
    const key = `${error.file}\n${parent}\n${m ? 'missing' : `unknown${u![2]}`}`;
    const known = groups.get(key);
    if (known) {
      known.names.push((m ?? u)![1]);
      continue;
    }
    const make = (names: string[]): ContentError =>
      names.length === 1
        ? error
        : m
          ? { ...error, message: `missing required fields ${list(names)}.` }
          : { ...error, path: parent, message: `unknown fields ${list(names)}.${u![2]}` };
    const group = { first: error, names: [(m ?? u)![1]], make };
    groups.set(key, group);
    out.push(error);
  }
  const merged = new Map([...groups.values()].map((g) => [g.first, g.make(g.names)]));
  return out.map((error) => merged.get(error) ?? error);
}
