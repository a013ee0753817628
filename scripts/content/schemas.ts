// Loads schema/*.schema.json into one Ajv instance. The content compiler and the server's lead
// endpoints both build their validators here, so there is a single contract.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type AnySchema, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under Node's ESM loader its default export arrives wrapped once more.
export const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

export const schemaDir = fileURLToPath(new URL('../../schema/', import.meta.url));

export type ContentKind = 'settings' | 'page' | 'article' | 'form' | 'redirects';

export function readSchema(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`${schemaDir}${file}`, 'utf8'));
}

export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, discriminator: true, verbose: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  // "Give exactly one of to, href or action": a plain keyword rather than `oneOf`, so that the error
  // names the three choices instead of listing every failed branch.
  const exactlyOneOf: SchemaValidateFunction = (names: string[], data: Record<string, unknown>) => {
    const present = names.filter((name) => data[name] !== undefined);
    exactlyOneOf.errors = [{ keyword: 'exactlyOneOf', params: { names, present } }];
    return present.length === 1;
  };
  ajv.addKeyword({ keyword: 'exactlyOneOf', type: 'object', schemaType: 'array', errors: true, validate: exactlyOneOf });
  // These are editor hints from the YAML language server's vocabulary; Ajv only needs to accept them.
  ajv.addVocabulary(['markdownDescription', 'defaultSnippets']);
  for (const file of readdirSync(schemaDir).filter((name) => name.endsWith('.schema.json'))) {
    ajv.addSchema(readSchema(file) as AnySchema);
  }
  return ajv;
}

let shared: Ajv | undefined;

export function contentValidator(kind: ContentKind): ValidateFunction {
  shared ??= createAjv();
  const validate = shared.getSchema(`${kind}.schema.json`);
  if (!validate) throw new Error(`schema/${kind}.schema.json is missing`);
  return validate;
}

/** Every section type the schema declares, for suggestions and the renderer's registry check. */
export function sectionTypes(): string[] {
  const sections = readSchema('sections.schema.json') as { $defs: { section: { oneOf: { $ref: string }[] } } };
  return sections.$defs.section.oneOf.map((branch) => branch.$ref.replace('#/$defs/', ''));
}
