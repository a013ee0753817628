// One cause, one error: of the messages said about a file's data, drops those another already
// explains (a misspelt field is also a missing one; a section without its type is said once) and
// says the same mistake on several items of one list once, at the first ("so are options 2 and 3").
import { missingFieldOf } from '../../shared/content-error.ts';
import { itemName } from './positions.ts';
import type { DataPath } from './yaml-source.ts';

/** A message about one place in a file's data, before it is located in the file's text. */
export interface Described {
  message: string;
  /** Where the problem is said to be: its line and the place named in the message. */
  path: DataPath;
  atKey?: boolean;
  /** The field that must change, when it is not `path`: a missing field is written in its group. */
  at?: DataPath;
}

const sameObject = (a: DataPath, b: DataPath) => a.length === b.length && a.every((part, i) => part === b[i]);

/** One cause, one error: drops what another error already explains. */
export function oneCauseOneError(described: Described[]): Described[] {
  // A misspelt field is also a missing one: "titel" explains the missing "title".
  const explained = described.filter((d) => {
    const missing = missingFieldOf(d.message);
    return !(
      missing &&
      described.some(
        (other) =>
          (other.atKey &&
            sameObject(other.path.slice(0, -1), d.path) &&
            other.message.includes(`Did you mean "${missing}"?`)) ||
          // A section without its type: said once, with the types to choose from.
          (sameObject(other.path, d.path) && other.message.startsWith(`missing required field "${missing}" (`)),
      )
    );
  });
  // The same mistake on several items of one list is reported once, at the first.
  const out: Described[] = [];
  const groups = new Map<string, { first: Described; others: number[] }>();
  for (const d of explained) {
    const index = d.path.at(-1);
    const key = typeof index === 'number' ? `${d.path.slice(0, -1).join('/')}|${d.message}` : undefined;
    const group = key ? groups.get(key) : undefined;
    if (group) {
      group.others.push((index as number) + 1);
      continue;
    }
    const entry = { ...d };
    if (key) groups.set(key, { first: entry, others: [] });
    out.push(entry);
  }
  for (const { first, others } of groups.values()) {
    if (!others.length) continue;
    const list = others.join(', ').replace(/, (\d+)$/, ' and $1');
    const key = first.path.at(-2);
    const plural = typeof key === 'string' && key.endsWith('s') ? key : `${itemName(key)}s`;
    // "must be a group of fields, but it is text (so are options 2 and 3). Each option …"
    first.message = first.message.replace(
      /\.( |$)/,
      ` (so ${others.length === 1 ? `is ${itemName(key)}` : `are ${plural}`} ${list}).$1`,
    );
  }
  return out;
}
