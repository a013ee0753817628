// The writer's proof: a text is written only when reading it back, the way the content compiler
// reads every file, gives exactly the data the editor meant, and every key that was in the file
// is still written as it was (an empty key `: x` never comes back as `"": x`).
import { isDeepStrictEqual } from 'node:util';
import { isScalar, parseDocument, visit } from 'yaml';
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

/**
 * How each key of a YAML text is written, by the name its data has: `: x` (no key) is "" written
 * as nothing. Keys that are collections or merge keys have no name and are left out.
 */
export function keyTexts(text: string): Map<string, Set<string>> {
  const texts = new Map<string, Set<string>>();
  const doc = parseDocument(text, { ...parseOptions, prettyErrors: false, logLevel: 'error' });
  visit(doc, {
    Pair(_, pair) {
      const key = pair.key;
      if (key !== null && (!isScalar(key) || typeof key.value === 'symbol')) return;
      const name = key === null || key.value === null ? '' : String(key.value);
      const written = key?.range ? text.slice(key.range[0], key.range[1]) : '';
      if (!texts.has(name)) texts.set(name, new Set());
      texts.get(name)!.add(written);
    },
  });
  return texts;
}

/** Whether every key of `written` that `original` had (by name) is written as one of the original's. */
export function keysKept(original: Map<string, Set<string>>, written: string): boolean {
  for (const [name, texts] of keyTexts(written)) {
    const before = original.get(name);
    if (before && [...texts].some((text) => !before.has(text))) return false;
  }
  return true;
}
