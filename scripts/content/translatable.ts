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
function resolved(node: JsonSchema, file: string): { schema: JsonSchema; file: string; translate?: boolean } {
  let schema = node;
  let where = file;
  let translate = typeof node.translate === 'boolean' ? node.translate : undefined;
  const seen = new Set<JsonSchema>();
  while (typeof schema.$ref === 'string' && !seen.has(schema)) {
    seen.add(schema);
    const [target] = schema.$ref.split('#');
    const next = resolveRef(schema.$ref, where, composedSchemas());
    if (!next) break;
    where = target || where;
    schema = { ...next, ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$ref')) };
    translate ??= typeof next.translate === 'boolean' ? next.translate : undefined;
  }
  return { schema, file: where, translate };
}

/** The branch of a `oneOf` whose constant fields (a section's `type`) match the data. */
function branchFor(branches: JsonSchema[], data: Record<string, unknown>, file: string): JsonSchema | undefined {
  return branches.find((branch) => {
    const { schema } = resolved(branch, file);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    return Object.entries(properties).every(([key, field]) => field.const === undefined || field.const === data[key]);
  });
}

function walk(node: JsonSchema, file: string, data: unknown, path: string[], found: TranslatableText[]): void {
  const { schema, file: where, translate } = resolved(node, file);
  if (typeof data === 'string') {
    if (translate === true) found.push({ path: path.join('.'), text: data });
    return;
  }
  if (Array.isArray(data)) {
    if (schema.items && typeof schema.items === 'object')
      data.forEach((item, index) => walk(schema.items as JsonSchema, where, item, [...path, String(index)], found));
    return;
  }
  if (!data || typeof data !== 'object') return;
  const record = data as Record<string, unknown>;
  if (Array.isArray(schema.oneOf)) {
    const branch = branchFor(schema.oneOf as JsonSchema[], record, where);
    if (branch) walk(branch, where, data, path, found);
  }
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [key, value] of Object.entries(record))
    if (properties[key]) walk(properties[key], where, value, [...path, key], found);
}

/** Every translatable text of a file of `kind` (`page`, `form`, `settings`), in the file's order. */
export function translatableTexts(kind: string, data: unknown): TranslatableText[] {
  const file = `${kind}.schema.json`;
  const schema = composedSchemas().get(file);
  const found: TranslatableText[] = [];
  if (schema) walk(schema, file, data, [], found);
  return found;
}

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
