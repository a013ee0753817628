// Where in a file's data a problem is, said the way people count and name things:
// `section 1 (hero) › highlight`, `field 9 (Company Size) › options`, never `sections[0]` or `[8]`.
// Every surface (the CLI, CI annotations, the dev overlay, the studio) shows this one form.
import type { DataPath } from './yaml-source.ts';

export const separator = ' › ';

// Lists whose items do not read well as the list's name minus its final "s".
const itemNames: Record<string, string> = {
  stories: 'story',
  sidebar: 'sidebar article',
  recommended: 'recommended article',
  meta: 'fact',
  aside: 'aside block',
  keyFocus: 'focus point',
  rows: 'row',
  columns: 'column',
};

/** What one item of the list `key` is called: `sections` → `section`, `stories` → `story`. */
export function itemName(key: string | number | undefined): string {
  if (typeof key !== 'string') return 'item';
  if (itemNames[key]) return itemNames[key];
  if (/ies$/.test(key)) return key.replace(/ies$/, 'y');
  if (/[^us]s$/.test(key)) return key.replace(/s$/, '');
  return `${key} item`;
}

// Fields that name an item, in order of preference; a section is named by its type.
const namingFields = ['type', 'label', 'title', 'name', 'question', 'from', 'value'];

function nameOf(item: unknown): string | undefined {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return undefined;
  for (const field of namingFields) {
    const value = (item as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim())
      return value.length > 40 ? `${value.slice(0, 39).trimEnd()}…` : value;
  }
  return undefined;
}

/**
 * The position of `path` inside `data`, for people: list items counted from one and named by
 * their type, label or title where they have one. `data` is the whole file's data.
 */
export function describePosition(path: DataPath, data: unknown): string {
  const parts: string[] = [];
  let node: unknown = data;
  path.forEach((part, i) => {
    const child = node && typeof node === 'object' ? (node as Record<string | number, unknown>)[part] : undefined;
    if (typeof part === 'number') {
      const name = nameOf(child);
      // The list's own name is replaced by its item: `options › option 2`, not `options › 2`.
      const list = path[i - 1];
      if (typeof list === 'string' && parts.at(-1) === list) parts.pop();
      parts.push(`${itemName(list)} ${part + 1}${name ? ` (${name})` : ''}`);
    } else {
      parts.push(part);
    }
    node = child;
  });
  return parts.join(separator);
}
