// The contract as every tool sees it. Reads schema/*.schema.json and each section type's
// schema/sections/<type>.json, composes the section types (compose-sections.ts), checks the result
// (schema-check.ts), and loads it into one Ajv instance.
// The content compiler, the server's lead endpoints, the type generator, the guide, the editor
// schema and the studio all start here, so there is a single contract.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type AnySchema, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import { addFormats } from '../../shared/formats.ts';
import {
  composedSectionsFile,
  composeSections,
  sectionTypesOf,
  type JsonSchema,
  type SectionsSource,
} from './compose-sections.ts';
import { ContentErrors, type ContentError } from './errors.ts';
import { checkSectionTypeFiles, readSectionTypeFiles, withSectionTypes } from './section-type-files.ts';
import {
  ajvProblem,
  checkSchemaSources,
  checkSectionComponents,
  checkSectionTypes,
  jsonSyntaxProblem,
  type SchemaFile,
} from './schema-check.ts';

export type { JsonSchema } from './compose-sections.ts';
export const schemaDir = fileURLToPath(new URL('../../schema/', import.meta.url));
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export type ContentKind = 'settings' | 'page' | 'article' | 'form' | 'redirects';

function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, discriminator: true, verbose: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  // "Give exactly one of to, href or action": a plain keyword rather than `oneOf`, so that the error
  // names the three choices instead of listing every failed branch.
  const exactlyOneOf: SchemaValidateFunction = (names: string[], data: Record<string, unknown>) => {
    const present = names.filter((name) => data[name] !== undefined);
    exactlyOneOf.errors = [{ keyword: 'exactlyOneOf', params: { names, present } }];
    return present.length === 1;
  };
  ajv.addKeyword({
    keyword: 'exactlyOneOf',
    type: 'object',
    schemaType: 'array',
    errors: true,
    validate: exactlyOneOf,
  });
  // These are editor hints from the YAML language server's vocabulary; Ajv only needs to accept them.
  // patternErrorMessage is what the editor shows instead of a pattern; schema-errors.ts uses it too.
  // `technical` marks a field the studio tucks away under "Details" (ids, image sizes), and
  // `studioHelp` is the help the studio shows where the description speaks to YAML authors, and
  // `translate` marks text that a translation replaces (true on the text kinds, false to opt out):
  // annotations only.
  ajv.addVocabulary([
    'markdownDescription',
    'defaultSnippets',
    'patternErrorMessage',
    'technical',
    'studioHelp',
    'translate',
  ]);
  return ajv;
}

export interface Contract {
  /** Every schema by file name, as the tools read it: sections.schema.json composed into sections.composed.json. */
  schemas: Map<string, JsonSchema>;
  /** The section types, in the schema's order. */
  sectionTypes: string[];
  ajv: Ajv;
}

const cache = new Map<string, Contract | ContentError[]>();

/**
 * Loads the contract from `dir` (default: this project's schema/), or returns the schema's own
 * mistakes, each with its file, line and JSON path. Whether each type has its component is not
 * the contract's concern (see componentMistakes): the component is typed from what the contract
 * generates, so the contract must load before the component exists.
 */
export function loadContract(dir = schemaDir): Contract | ContentError[] {
  const cached = cache.get(dir);
  if (cached) return cached;
  const files: SchemaFile[] = [];
  const unreadable: ContentError[] = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.schema.json'))
    .sort()) {
    const text = readFileSync(`${dir}/${name}`, 'utf8');
    try {
      files.push({ name, text, schema: JSON.parse(text) as JsonSchema });
    } catch (error) {
      unreadable.push(jsonSyntaxProblem(name, text, error as Error));
    }
  }
  const typeFiles = readSectionTypeFiles(dir);
  unreadable.push(...typeFiles.unreadable);
  if (unreadable.length) {
    cache.set(dir, unreadable);
    return unreadable;
  }
  const ajv = newAjv();
  const known = (ajv as unknown as { RULES: { keywords: Record<string, unknown> } }).RULES.keywords;
  const ownSectionsFile = files.find((f) => f.name === 'sections.schema.json')!;
  const sectionTypes = sectionTypesOf(ownSectionsFile.schema as unknown as SectionsSource);
  const sectionsFile = withSectionTypes(ownSectionsFile, typeFiles.parts);
  files.splice(files.indexOf(ownSectionsFile), 1, sectionsFile);
  const sectionsSource = sectionsFile.schema as unknown as SectionsSource;
  let problems = [
    ...checkSectionTypeFiles(ownSectionsFile, typeFiles.parts, sectionTypes),
    ...checkSchemaSources(files, (keyword) => keyword in known, { [composedSectionsFile]: sectionsFile.name }),
    ...checkSectionTypes(sectionsFile, sectionTypes),
  ];
  const schemas = new Map<string, JsonSchema>();
  if (!problems.length) {
    for (const file of files) {
      if (file === sectionsFile) schemas.set(composedSectionsFile, composeSections(sectionsSource));
      else schemas.set(file.name, file.schema);
    }
    try {
      for (const [name, schema] of schemas) {
        try {
          ajv.addSchema(schema as AnySchema);
        } catch (error) {
          // Ajv checks each schema against the JSON Schema meta-schema: "data/properties/x/type must be …".
          throw new Error(
            `${(error as Error).message.replace(/^schema is invalid: /, '').split(', ')[0]} at "${name}#${/^schema is invalid: data(\S*)/.exec((error as Error).message)?.[1] ?? ''}"`,
            { cause: error },
          );
        }
      }
      for (const name of schemas.keys()) ajv.getSchema(name);
    } catch (error) {
      problems = [ajvProblem(error as Error, files)];
    }
  }
  const result = problems.length ? problems : { schemas, sectionTypes, ajv };
  cache.set(dir, result);
  return result;
}

/** The loaded contract; throws the schema's mistakes as ContentErrors (printed one per line). */
export function contract(): Contract {
  const loaded = loadContract();
  if (Array.isArray(loaded)) throw new ContentErrors(loaded);
  return loaded;
}

/** The schema's own mistakes, or an empty list. */
export function schemaMistakes(): ContentError[] {
  const loaded = loadContract();
  return Array.isArray(loaded) ? loaded : [];
}

/**
 * A section type without its component in src/sections/, or a file there that matches no type,
 * each saying the next step. Checked by `npm run validate` and the build (which cannot render such
 * a type), never by `npm run types`, which the component needs first.
 */
export function componentMistakes(dir = schemaDir, root = projectRoot): ContentError[] {
  const loaded = loadContract(dir);
  if (Array.isArray(loaded)) return [];
  const name = 'sections.schema.json';
  const text = readFileSync(`${dir}/${name}`, 'utf8');
  return checkSectionComponents(root, loaded.sectionTypes, { name, text, schema: JSON.parse(text) as JsonSchema });
}

export function createAjv(): Ajv {
  return contract().ajv;
}

export function contentValidator(kind: ContentKind): ValidateFunction {
  const validate = contract().ajv.getSchema(`${kind}.schema.json`);
  if (!validate) throw new Error(`schema/${kind}.schema.json is missing`);
  return validate;
}

/** Every schema as the tools read it, by file name (sections composed). */
export function composedSchemas(): Map<string, JsonSchema> {
  return contract().schemas;
}

/** fieldsOfDefinition's answers, per contract: the studio checks every keystroke. */
const definitionFields = new WeakMap<Contract, Map<string, Set<string>>>();

/**
 * The names of the fields whose schema is the shared definition `name` (`internalPath`: the fields
 * holding a link on this site), found in every schema: a check by field name follows the schema.
 */
export function fieldsOfDefinition(name: string): Set<string> {
  const current = contract();
  let byName = definitionFields.get(current);
  if (!byName) definitionFields.set(current, (byName = new Map()));
  const known = byName.get(name);
  if (known) return known;
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const { properties } = node as { properties?: Record<string, { $ref?: unknown }> };
    for (const [key, field] of Object.entries(properties ?? {}))
      if (typeof field?.$ref === 'string' && field.$ref.endsWith(`#/$defs/${name}`)) found.add(key);
    Object.values(node).forEach(visit);
  };
  current.schemas.forEach(visit);
  byName.set(name, found);
  return found;
}

/** Every section type the schema declares, in its order: for suggestions, the guide and the registry check. */
export function sectionTypes(): string[] {
  return contract().sectionTypes;
}

/**
 * For the studio and any form builder: each section type's complete schema (shared fields
 * included, `$ref`s to common.schema.json left as they are), by type, plus the shared fields.
 */
export function sectionSchemas(): {
  types: string[];
  sections: Record<string, JsonSchema>;
  sharedFields: Record<string, JsonSchema>;
  schemas: Map<string, JsonSchema>;
} {
  const { schemas, sectionTypes: types } = contract();
  const defs = (schemas.get(composedSectionsFile) as { $defs: Record<string, JsonSchema> }).$defs;
  return {
    types,
    sections: Object.fromEntries(types.map((type) => [type, defs[type]])),
    sharedFields: (defs.sectionFields as { properties: Record<string, JsonSchema> }).properties,
    schemas,
  };
}
