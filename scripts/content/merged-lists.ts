// One slip, one error, for a deleted list line: when the line naming a list (`claims:`) is deleted,
// its items join the list above it (`buttons:`), which then has too many items, each with unknown
// fields. When a trailing run of a list's items does not fit that list but fits another list of the
// same group that the data lacks, this says so once, at the first of those items, with the line to
// type. Which lists a group has and what their items hold is read from the schema, never listed here.
import type { ErrorObject } from 'ajv';
import { itemName } from './positions.ts';
import { resolveRef } from './schema-check.ts';
import { composedSchemas, type JsonSchema } from './schemas.ts';
import { locate, type DataPath, type YamlSource } from './yaml-source.ts';

/** A schema and the file its bare `#/…` references are read in. */
interface At {
  schema: JsonSchema;
  file: string;
}

type Fields = Record<string, unknown>;

const isGroup = (value: unknown): value is Fields => !!value && typeof value === 'object' && !Array.isArray(value);

function follow(at: At): At {
  let current = at;
  for (let hops = 0; typeof current.schema.$ref === 'string' && hops < 20; hops++) {
    const ref = current.schema.$ref;
    const target = resolveRef(ref, current.file, composedSchemas());
    if (!target) break;
    current = { schema: target, file: ref.split('#')[0] || current.file };
  }
  return current;
}

/** `at` with its `$ref`s followed and, for a union told by a field (a section's `type`), the branch `value` picks. */
function branchFor(at: At, value: unknown): At {
  const union = follow(at);
  const name = (union.schema.discriminator as { propertyName?: unknown } | undefined)?.propertyName;
  if (typeof name !== 'string' || !Array.isArray(union.schema.oneOf) || !isGroup(value)) return union;
  for (const option of union.schema.oneOf as JsonSchema[]) {
    const branch = follow({ schema: option, file: union.file });
    const tag = (branch.schema.properties as Record<string, JsonSchema> | undefined)?.[name];
    if (tag && (tag.const === value[name] || (Array.isArray(tag.enum) && tag.enum.includes(value[name]))))
      return branch;
  }
  return union;
}

/** The schema that describes the value at `path` in `data`, or undefined where the schema says nothing. */
function schemaAt(root: At, path: DataPath, data: unknown): At | undefined {
  let at = root;
  let value = data;
  for (const part of path) {
    at = branchFor(at, value);
    const next =
      typeof part === 'number'
        ? at.schema.items
        : (at.schema.properties as Record<string, unknown> | undefined)?.[part];
    if (!isGroup(next)) return undefined;
    at = { schema: next, file: at.file };
    value = isGroup(value) || Array.isArray(value) ? (value as Record<string | number, unknown>)[part] : undefined;
  }
  return branchFor(at, value);
}

interface ItemShape {
  properties: string[];
  required: string[];
}

/** The schema of each item of the list `at`, or undefined when `at` is no list. */
function itemsOf(at: At): At | undefined {
  const list = follow(at);
  return isGroup(list.schema.items) ? follow({ schema: list.schema.items, file: list.file }) : undefined;
}

/** The fields an item has, when items are groups of fields. */
function shapeOf(item: At | undefined): ItemShape | undefined {
  if (!item || !isGroup(item.schema.properties)) return undefined;
  return {
    properties: Object.keys(item.schema.properties),
    required: (item.schema.required as string[] | undefined) ?? [],
  };
}

const fits = (item: unknown, shape: ItemShape) =>
  isGroup(item) &&
  Object.keys(item).length > 0 &&
  Object.keys(item).every((key) => shape.properties.includes(key)) &&
  shape.required.every((key) => key in item);

const pointer = (path: DataPath) =>
  path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
const within = (error: ErrorObject, path: DataPath) => {
  const prefix = pointer(path);
  return error.instancePath === prefix || error.instancePath.startsWith(`${prefix}/`);
};

/** Every list that holds an item with an error, as the path of the list, deepest first. */
function listsWithErrors(errors: ErrorObject[]): DataPath[] {
  const lists = new Map<string, DataPath>();
  for (const error of errors) {
    const parts = error.instancePath.split('/').slice(1);
    parts.forEach((part, i) => {
      if (i < 1 || !/^\d+$/.test(part)) return;
      const list = parts
        .slice(0, i)
        .map((p) => (/^\d+$/.test(p) ? Number(p) : p.replace(/~1/g, '/').replace(/~0/g, '~')));
      if (typeof list.at(-1) === 'string') lists.set(list.join('/'), list);
    });
  }
  return [...lists.values()].sort((a, b) => b.length - a.length);
}

const plural = (key: string) => (key.endsWith('s') ? key : `${itemName(key)}s`);
const withArticle = (name: string) => `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;

export interface MergedList {
  /** The first item that belongs to the missing list: where the message is shown and what to change. */
  path: DataPath;
  message: string;
}

/**
 * Finds lists whose trailing items belong to a missing sibling list, and returns one message for
 * each, with the Ajv errors that message replaces taken out of `errors`.
 */
export function mergedLists(
  errors: ErrorObject[],
  source: YamlSource,
  data: unknown,
  rootSchema: unknown,
): { merged: MergedList[]; rest: ErrorObject[] } {
  if (!isGroup(rootSchema)) return { merged: [], rest: errors };
  const root: At = { schema: rootSchema, file: typeof rootSchema.$id === 'string' ? rootSchema.$id : '' };
  let rest = errors;
  const merged: MergedList[] = [];
  for (const listPath of listsWithErrors(errors)) {
    const groupPath = listPath.slice(0, -1);
    const listKey = listPath.at(-1) as string;
    const group = groupPath.reduce<unknown>((node, part) => (node as Record<string | number, unknown>)?.[part], data);
    const items = isGroup(group) ? group[listKey] : undefined;
    const groupSchema = schemaAt(root, groupPath, data);
    const properties = groupSchema?.schema.properties;
    if (!Array.isArray(items) || !isGroup(group) || !groupSchema || !isGroup(properties)) continue;
    const ownItems = isGroup(properties[listKey])
      ? itemsOf({ ...groupSchema, schema: properties[listKey] })
      : undefined;
    if (!ownItems) continue;
    const own = shapeOf(ownItems);
    // A group of fields fits a list of texts (a card's bullets) no more than a group of other fields.
    const fitsOwn = (item: unknown) => (own ? fits(item, own) : !isGroup(item));
    const erring = (i: number) => rest.some((error) => within(error, [...listPath, i]));
    // The run of items at the end that fits `shape` and not its own list; at least one item stays.
    const runLength = (shape: ItemShape) => {
      let first = items.length;
      while (first > 1 && erring(first - 1) && !fitsOwn(items[first - 1]) && fits(items[first - 1], shape)) first--;
      return items.length - first;
    };
    // Lists the group has and the data lacks; the one whose items fit the longest run wins, then the nearest after.
    const keys = Object.keys(properties);
    const after = (key: string) => (keys.indexOf(key) - keys.indexOf(listKey) + keys.length) % keys.length;
    const best = keys
      .filter((key) => key !== listKey && group[key] === undefined && isGroup(properties[key]))
      .map((key) => ({ key, shape: shapeOf(itemsOf({ ...groupSchema, schema: properties[key] as JsonSchema })) }))
      .map(({ key, shape }) => ({ key, count: shape ? runLength(shape) : 0 }))
      .filter(({ count }) => count > 0)
      .sort((a, b) => b.count - a.count || after(a.key) - after(b.key))[0];
    if (!best) continue;
    const first = items.length - best.count;
    const itemPath = [...listPath, first];
    const stays = (error: ErrorObject) => {
      if (within(error, listPath) && error.instancePath !== pointer(listPath))
        return Number(error.instancePath.slice(pointer(listPath).length + 1).split('/')[0]) < first;
      // The list's "too many items" and the missing list's "required" follow from the same slip.
      if (error.instancePath === pointer(listPath) && error.keyword === 'maxItems')
        return first > Number((error.params as { limit?: unknown }).limit);
      if (error.instancePath === pointer(groupPath) && error.keyword === 'required')
        return (error.params as { missingProperty?: unknown }).missingProperty !== best.key;
      return true;
    };
    rest = rest.filter(stays);
    const line = locate(source, itemPath).line;
    const spaces = locate(source, listPath, { key: true }).col - 1;
    const what =
      best.count === 1
        ? `this item looks like ${withArticle(itemName(best.key))}, not ${itemName(listKey) === 'item' ? `one of the ${listKey}` : withArticle(itemName(listKey))}: the line \`${best.key}:\` that starts its list`
        : `this item and the ${best.count === 2 ? 'one' : best.count - 1} after it look like ${plural(best.key)}, not ${plural(listKey)}: the line \`${best.key}:\` that starts their list`;
    merged.push({
      path: itemPath,
      message: `${what} seems to be missing. Type \`${best.key}:\` on a new line above line ${line}, with ${spaces} space${spaces === 1 ? '' : 's'} before it, as \`${listKey}:\` has.`,
    });
  }
  return { merged, rest };
}
