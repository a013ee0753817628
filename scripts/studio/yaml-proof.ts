// The writer's proof: a text is written only when reading it back, the way the content compiler
// reads every file, gives exactly the data the editor meant.
import { isDeepStrictEqual } from 'node:util';
import { parseDocument } from 'yaml';
import { parseOptions } from '../content/yaml-source.ts';

/** Data as JSON sees it: what the studio receives, edits and sends back. */
const asJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/** Whether two values are the same JSON data (key order aside). */
export function sameData(a: unknown, b: unknown): boolean {
  if (typeof a === 'symbol' || typeof b === 'symbol') return false;
  try {
    return isDeepStrictEqual(asJson(a), asJson(b));
  } catch {
    // A cycle (an alias inside the value it names) is no JSON data.
    return false;
  }
}

/** The data of a YAML text, read with the compiler's options, or undefined when it does not read cleanly. */
export function readData(text: string): { data: unknown } | undefined {
  const doc = parseDocument(text, { ...parseOptions, prettyErrors: false, logLevel: 'error' });
  if (doc.errors.length || doc.warnings.length) return undefined;
  try {
    return { data: doc.toJS() };
  } catch {
    return undefined;
  }
}

/** Whether `text` reads back as `data`. An empty text reads as null, which the studio shows as {}. */
export function readsBackAs(text: string, data: unknown): boolean {
  const read = readData(text);
  if (!read) return false;
  const value = read.data === null && sameData(data, {}) ? {} : read.data;
  return sameData(value, data);
}
