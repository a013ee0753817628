// Immutable updates of the entry's data by path; `undefined` removes a key, so an optional field
// that is cleared leaves no empty line behind in the YAML.
import type { DataPath, Json } from './api.ts';

export function getIn(data: unknown, path: DataPath): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], data);
}

export function setIn(data: Json, path: DataPath, value: Json | undefined): Json {
  if (!path.length) return value ?? null;
  const [key, ...rest] = path;
  if (Array.isArray(data)) {
    const copy = [...data];
    const next = setIn(copy[key as number] ?? null, rest, value);
    if (value === undefined && !rest.length) copy.splice(key as number, 1);
    else copy[key as number] = next;
    return copy;
  }
  const object = { ...((data ?? {}) as Record<string, Json>) };
  if (value === undefined && !rest.length) delete object[key];
  else object[key] = setIn(object[key] ?? null, rest, value);
  return object;
}

/** The list with a copy of item `index` right after it (a duplicated section or list item). */
export const withCopyAfter = <T>(list: readonly T[], index: number): T[] => [
  ...list.slice(0, index + 1),
  structuredClone(list[index]),
  ...list.slice(index + 1),
];

export const samePath = (a: DataPath, b: DataPath) => a.length === b.length && a.every((part, i) => part === b[i]);
export const startsWith = (path: DataPath, prefix: DataPath) => prefix.every((part, i) => path[i] === part);
