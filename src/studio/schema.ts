// Reading the contract in the browser: the composed schemas by file name, as the compiler uses
// them. A field's schema is resolved through `$ref`s (siblings such as its own description win),
// and a section's schema is picked by its `type`. Nothing here knows any particular section type.
export type Schema = {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  discriminator?: { propertyName: string };
  examples?: unknown[];
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  /** Tucked away under "Details" in the forms (ids, image sizes): see schema/*.json. */
  technical?: boolean;
  /** The help the studio shows under the field, where the description is written for the YAML guide. */
  studioHelp?: string;
};

/** The help under a field in the studio: its studio help, else its description. */
export const helpOf = (schema: Schema): string | undefined => schema.studioHelp ?? schema.description;

export interface Resolved {
  schema: Schema;
  /** The schema file it came from, for the `$ref`s inside it. */
  file: string;
  /** The name of the definition it came from (`icon`, `image`, `internalPath`…), if any. */
  def?: string;
}

export class Contract {
  readonly schemas: Record<string, Schema>;
  readonly sectionTypes: string[];
  constructor(schemas: Record<string, Record<string, unknown>>, sectionTypes: string[]) {
    this.schemas = schemas as Record<string, Schema>;
    this.sectionTypes = sectionTypes;
  }

  resolve(schema: Schema, file: string, def?: string): Resolved {
    let current: Resolved = { schema, file, def };
    for (let depth = 0; current.schema.$ref && depth < 20; depth++) {
      const { $ref, ...siblings } = current.schema;
      const [target = '', pointer = ''] = $ref.split('#');
      const targetFile = target || current.file;
      const parts = pointer.split('/').filter(Boolean);
      const found = parts.reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        this.schemas[targetFile],
      ) as Schema | undefined;
      current = { schema: { ...(found ?? {}), ...siblings }, file: targetFile, def: current.def ?? parts.at(-1) };
    }
    return current;
  }

  /** The schema of a content file kind. */
  root(kind: string): Resolved {
    const file = `${kind}.schema.json`;
    return { schema: this.schemas[file] ?? {}, file };
  }

  /** The complete schema of one section type (shared fields included). */
  section(type: string): Resolved | undefined {
    const defs = (this.schemas['sections.composed.json'] as { $defs?: Record<string, Schema> })?.$defs;
    const schema = defs?.[type];
    return schema ? { schema, file: 'sections.composed.json', def: type } : undefined;
  }

  /** For a union with a discriminator (a section), the branch the value's discriminator picks. */
  branch(resolved: Resolved, value: unknown): Resolved | undefined {
    const name = resolved.schema.discriminator?.propertyName;
    if (!name || !resolved.schema.oneOf) return undefined;
    const chosen = (value as Record<string, unknown> | null)?.[name];
    for (const option of resolved.schema.oneOf) {
      const branch = this.resolve(option, resolved.file);
      if ((branch.schema.properties?.[name] as Schema | undefined)?.const === chosen) return branch;
    }
    return undefined;
  }
}

export const typeOf = (schema: Schema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** A field's label: the schema's human title ("Hide when the address has"); a list item by its kind and number. */
export function labelOf(name: string | number, schema: Schema): string {
  // Every field has a title (tests/unit/schema-titles.test.ts); its key is only a fallback for a
  // schema written without one. A shape's title (Stat, FormField) names list items: "Stat 2".
  if (typeof name === 'string') return schema.title ?? words(name);
  return `${schema.title ? words(schema.title) : 'Item'} ${name + 1}`;
}

function words(name: string): string {
  const spaced = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * A new list item to fill in: its required texts empty, its required lists empty, nothing else (the
 * form shows the schema's example as placeholders), so no sample text can go live unnoticed. A
 * required choice or number is left out: the check names it. Undefined when there is nothing to
 * leave empty (an item that is one choice): use newValue.
 */
export function emptyValue(contract: Contract, resolved: Resolved): unknown {
  const { schema } = resolved;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return undefined;
  switch (typeOf(schema)) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const child = schema.properties?.[name];
        const value = child && emptyValue(contract, contract.resolve(child, resolved.file));
        if (value !== undefined) result[name] = value;
      }
      return result;
    }
    case 'array':
      return [];
    case 'boolean':
      return schema.default ?? false;
    case 'string':
      return '';
    default:
      return undefined;
  }
}

/** A new item for a list: the schema's example when it gives one, else the least that fits. */
export function newValue(contract: Contract, resolved: Resolved): unknown {
  const { schema } = resolved;
  if (schema.examples?.length) return structuredClone(schema.examples[0]);
  if (schema.default !== undefined) return structuredClone(schema.default);
  if (schema.enum?.length) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const child = schema.properties?.[name];
        if (child) result[name] = newValue(contract, contract.resolve(child, resolved.file));
      }
      return result;
    }
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'number':
    case 'integer':
      return 0;
    default:
      return '';
  }
}
