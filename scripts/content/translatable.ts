// Which values of a content file are text to translate, found by walking the file beside its
// schema: a string whose schema (or a shape it refers to) says `translate: true` is translated, and
// a field may say `translate: false` to keep the shape's text shared (the site's name). The text
// kinds of common.schema.json carry the mark, so a new section type's text is translatable with no
// extra step; numbers, addresses, icons, images' files and layout choices are shared.
import { createHash } from 'node:crypto';
import { composedSchemas, type JsonSchema } from './schemas.ts';
import { resolveRef } from './schema-check.ts';

/** A translatable text of a file: where it is (`sections.0.title`) and what it says. */
export interface TranslatableText {
  path: string;
  text: string;
}

/** The schema at `node` with every `$ref` followed, the nearest `translate` kept. */
function resolved(
  node: JsonSchema,
  file: string,
): { schema: JsonSchema; file: string; translate?: boolean; refs: string[] } {
  let schema = node;
  let where = file;
  let translate = typeof node.translate === 'boolean' ? node.translate : undefined;
  const seen = new Set<JsonSchema>();
  const refs: string[] = [];
  while (typeof schema.$ref === 'string' && !seen.has(schema)) {
    seen.add(schema);
    refs.push(schema.$ref);
    const [target] = schema.$ref.split('#');
    const next = resolveRef(schema.$ref, where, composedSchemas());
    if (!next) break;
    where = target || where;
    schema = { ...next, ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$ref')) };
    translate ??= typeof next.translate === 'boolean' ? next.translate : undefined;
  }
  return { schema, file: where, translate, refs };
}

/** The branch of a `oneOf` whose constant fields (a section's `type`) match the data. */
function branchFor(branches: JsonSchema[], data: Record<string, unknown>, file: string): JsonSchema | undefined {
  return branches.find((branch) => {
    const { schema } = resolved(branch, file);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    return Object.entries(properties).every(([key, field]) => field.const === undefined || field.const === data[key]);
  });
}

/** What the schema says of one string of a file: whether it is text to translate, and the shapes it refers to. */
interface StringKind {
  translate?: boolean;
  refs: string[];
}

type Visit = (path: string[], text: string, kind: StringKind) => void;

function walk(node: JsonSchema, file: string, data: unknown, path: string[], visit: Visit): void {
  const { schema, file: where, translate, refs } = resolved(node, file);
  if (typeof data === 'string') {
    visit(path, data, { translate, refs });
    return;
  }
  if (Array.isArray(data)) {
    if (schema.items && typeof schema.items === 'object')
      data.forEach((item, index) => walk(schema.items as JsonSchema, where, item, [...path, String(index)], visit));
    return;
  }
  if (!data || typeof data !== 'object') return;
  const record = data as Record<string, unknown>;
  if (Array.isArray(schema.oneOf)) {
    const branch = branchFor(schema.oneOf as JsonSchema[], record, where);
    if (branch) walk(branch, where, data, path, visit);
  }
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [key, value] of Object.entries(record))
    if (properties[key]) walk(properties[key], where, value, [...path, key], visit);
}

/** The strings of a file of `kind` (`page`, `form`, `settings`) whose schema passes `test`, in the file's order. */
function stringsWhere(kind: string, data: unknown, test: (kind: StringKind) => boolean): TranslatableText[] {
  const file = `${kind}.schema.json`;
  const schema = composedSchemas().get(file);
  const found: TranslatableText[] = [];
  if (schema)
    walk(schema, file, data, [], (path, text, stringKind) => {
      if (test(stringKind)) found.push({ path: path.join('.'), text });
    });
  return found;
}

/** Every translatable text of a file of `kind`, in the file's order. */
export const translatableTexts = (kind: string, data: unknown) =>
  stringsWhere(kind, data, ({ translate }) => translate === true);

/** Every address of a page of this site in a file of `kind` (a button's "to", a menu's link). */
export const internalPaths = (kind: string, data: unknown) =>
  stringsWhere(kind, data, ({ refs }) => refs.some((ref) => ref.endsWith('#/$defs/internalPath')));

/**
 * The fingerprint of a source text that a translation records: when the source's text changes,
 * its fingerprint does, and the translation of it is outdated. The first 32 bits of SHA-256 as
 * eight letters a-p (one per hex digit): short enough to read in a file, never read by YAML as a
 * number (hex digits could be 12345678 or 1e345678), and a chance collision only ever hides one
 * outdated field.
 */
export function fingerprint(text: string): string {
  const hex = createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 8);
  return [...hex].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');
}
