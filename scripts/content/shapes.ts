// A group of fields as people need to know it: which fields it has, which are required, and one
// example. The error messages, the authoring guide and the studio's forms read nested groups here.
import { resolveRef } from './schema-check.ts';
import { composedSchemas, type JsonSchema } from './schemas.ts';

export interface Shape {
  /** The schema of the group itself, `$ref`s followed. */
  schema: JsonSchema;
  properties: Record<string, JsonSchema>;
  required: string[];
  /** The group's own example, or one made of its fields' examples; undefined when neither exists. */
  example?: unknown;
}

/** Follows `$ref`s (written in any schema file; a bare `#/…` is looked up in each). */
export function deref(schema: unknown): JsonSchema | undefined {
  let node = schema as JsonSchema | undefined;
  for (let hops = 0; node && typeof node.$ref === 'string' && hops < 10; hops++) {
    const ref = node.$ref;
    const schemas = composedSchemas();
    const names = ref.startsWith('#') ? [...schemas.keys()] : [ref.split('#')[0]];
    node = names.map((name) => resolveRef(ref, name, schemas)).find(Boolean);
  }
  return node;
}

/** A field's example value: its own example, its first allowed value, or its default. */
function fieldExample(field: JsonSchema): unknown {
  const target = deref(field) ?? field;
  for (const node of [field, target]) {
    if (Array.isArray(node.examples)) return node.examples[0];
    if ('const' in node) return node.const;
    if (Array.isArray(node.enum)) return node.enum[0];
  }
  return undefined;
}

/** The shape of a group of fields, or undefined when `schema` is not one. */
export function shapeOf(schema: unknown): Shape | undefined {
  const node = deref(schema);
  if (!node || typeof node.properties !== 'object') return undefined;
  const properties = node.properties as Record<string, JsonSchema>;
  const required = (node.required as string[] | undefined) ?? [];
  let example = Array.isArray(node.examples) ? node.examples[0] : undefined;
  if (example === undefined && required.length) {
    const values = required.map((name) => [name, fieldExample(properties[name] ?? {})] as const);
    if (values.every(([, value]) => value !== undefined)) example = Object.fromEntries(values);
  }
  return { schema: node, properties, required, example };
}

/**
 * `schema` with every `$ref` replaced by what it points at (the schemas have no cycles), a field's
 * own description kept over its target's: what a form builder such as the studio walks.
 */
export function inlined(schema: unknown, file = 'sections.composed.json'): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, file));
  if (!schema || typeof schema !== 'object') return schema;
  const { $ref, ...rest } = schema as JsonSchema;
  const own = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [
      key,
      key === 'examples' || key === 'default' || key === 'const' || key === 'enum' ? value : inlined(value, file),
    ]),
  );
  if (typeof $ref !== 'string') return own;
  const targetFile = $ref.startsWith('#') ? file : $ref.split('#')[0];
  const target = resolveRef($ref, file, composedSchemas());
  return { ...(inlined(target, targetFile) as JsonSchema), ...own };
}
