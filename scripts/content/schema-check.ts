// Mistakes in schema/ itself, found before any tool trips over them and reported like content
// errors: the schema file, its line and column, the JSON path, and what to do. Never a stack trace.
import { existsSync, readdirSync } from 'node:fs';
import type { ContentError } from './errors.ts';
import { composedSectionsFile, type JsonSchema } from './compose-sections.ts';
import { locate, parseYaml, type DataPath } from './yaml-source.ts';

export interface SchemaFile {
  /** File name inside schema/, which is also its `$id`. */
  name: string;
  text: string;
  schema: JsonSchema;
  /**
   * Files whose content this schema holds at `$defs/<name>`, from `dir/<name>.json` (each section
   * type's file in sections.schema.json): a problem found there is reported in that file.
   */
  parts?: { dir: string; files: Map<string, SchemaFile> };
}

// Keywords whose value is one schema, a map of schemas, or a list of schemas.
const oneSchema = [
  'items',
  'additionalProperties',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
];
const schemaMap = ['properties', 'patternProperties', '$defs', 'definitions'];
const schemaList = ['allOf', 'anyOf', 'oneOf'];

type Visit = (node: JsonSchema, path: (string | number)[], parentKeyword: string | undefined) => void;

/** Calls `visit` on every schema inside `node` (not on examples, defaults or enums). */
export function eachSchema(node: unknown, visit: Visit, path: (string | number)[] = [], parentKeyword?: string): void {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  const schema = node as JsonSchema;
  visit(schema, path, parentKeyword);
  for (const [keyword, value] of Object.entries(schema)) {
    if (oneSchema.includes(keyword)) {
      if (Array.isArray(value)) value.forEach((child, i) => eachSchema(child, visit, [...path, keyword, i], keyword));
      else eachSchema(value, visit, [...path, keyword], keyword);
    } else if (schemaMap.includes(keyword) && value && typeof value === 'object') {
      for (const [name, child] of Object.entries(value)) eachSchema(child, visit, [...path, keyword, name], keyword);
    } else if (schemaList.includes(keyword) && Array.isArray(value)) {
      value.forEach((child, i) => eachSchema(child, visit, [...path, keyword, i], keyword));
    }
  }
}

/** The schema a `$ref` written in `file` points at, or undefined when it leads nowhere. */
export function resolveRef(ref: string, file: string, files: Map<string, JsonSchema>): JsonSchema | undefined {
  const [target, pointer = ''] = ref.split('#');
  let node: unknown = files.get(target || file);
  for (const part of pointer.split('/').filter(Boolean)) {
    node =
      node && typeof node === 'object'
        ? (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
        : undefined;
  }
  return node && typeof node === 'object' ? (node as JsonSchema) : undefined;
}

/** A problem at `path` inside a schema file, located at its line and column. */
export function schemaProblem(file: SchemaFile, path: DataPath, message: string): ContentError {
  const part = path[0] === '$defs' ? file.parts?.files.get(String(path[1])) : undefined;
  if (part) return schemaProblem(part, path.slice(2), message);
  const { source } = parseYaml(`schema/${file.name}`, file.text);
  return { file: `schema/${file.name}`, ...locate(source, path), path: path.join('/'), message };
}

/**
 * Checks the schema sources: every keyword known to Ajv (`known`), every `$ref` resolving, every
 * field described where it is used or by the named shape it refers to.
 */
export function checkSchemaSources(
  files: SchemaFile[],
  known: (keyword: string) => boolean,
  aliases: Record<string, string> = {},
): ContentError[] {
  const byName = new Map(files.map((f) => [f.name, f.schema]));
  // A generated file (sections.composed.json) keeps its source's paths: refs into it resolve in the source.
  for (const [alias, name] of Object.entries(aliases)) byName.set(alias, byName.get(name)!);
  const problems: ContentError[] = [];
  for (const file of files) {
    eachSchema(file.schema, (node, path, parentKeyword) => {
      for (const keyword of Object.keys(node)) {
        // Inside `properties` and `$defs` the keys are names, not keywords.
        if (!known(keyword))
          problems.push(
            schemaProblem(
              file,
              [...path, keyword],
              `unknown keyword "${keyword}": Ajv's strict mode refuses it. Check its spelling, or express the rule with standard keywords.`,
            ),
          );
      }
      if (typeof node.$ref === 'string' && !resolveRef(node.$ref, file.name, byName)) {
        const [target] = node.$ref.split('#');
        const part = /^#\/\$defs\/([^/]+)$/.exec(node.$ref)?.[1];
        const why =
          target && !byName.has(target)
            ? `there is no schema/${target}`
            : part && file.parts
              ? `there is no schema/${file.parts.dir}/${part}.json. Create it with the type's definition`
              : 'nothing is defined at that path';
        problems.push(schemaProblem(file, [...path, '$ref'], `"${node.$ref}" leads nowhere: ${why}.`));
      }
      // A group inside a field, or a named shape, shows people one example (the guide, error messages).
      const nested =
        path.includes('properties') ||
        path.includes('items') ||
        (path[0] === '$defs' && path.length === 2 && typeof node.title === 'string' && node.type === 'object');
      if (nested && node.properties && !Array.isArray(node.examples)) {
        const field = path.includes('properties') ? path[path.lastIndexOf('properties') + 1] : path.at(-1);
        const what = path.at(-1) === 'items' ? `each item of "${field}"` : `the group "${field}"`;
        problems.push(
          schemaProblem(
            file,
            path,
            `${what} has no example. Add one "examples" entry with its required fields: the authoring guide shows it and error messages quote it.`,
          ),
        );
      }
      if (parentKeyword === 'properties' && typeof node.description !== 'string') {
        const target = typeof node.$ref === 'string' ? resolveRef(node.$ref, file.name, byName) : undefined;
        if (!(target && typeof target.title === 'string' && typeof target.description === 'string'))
          problems.push(
            schemaProblem(
              file,
              path,
              `field "${path.at(-1)}" has no description. Add one: editors show it on hover, and the authoring guide and error messages use it.`,
            ),
          );
      }
    });
  }
  return problems;
}

/** Where Ajv says a refused rule sits (`… at "page.schema.json#/properties/x" …`), as file and path. */
function ajvPlace(message: string, names: string[]): { file: string; path: string[] } | undefined {
  const match = /at "([^"#]*)#([^"]*)"/.exec(message) ?? /from id ([^\s#]+)()/.exec(message);
  // Ajv joins relative ids of nested references ("page.schema.jsonsections.composed.json"): the last one counts.
  const file = match && names.find((name) => match[1].endsWith(name));
  if (!match || !file) return undefined;
  return {
    file,
    path: match[2]
      .split('/')
      .filter(Boolean)
      .map((part) => decodeURIComponent(part)),
  };
}

/** Each section type in the list is defined, described, and has one example of itself. */
export function checkSectionTypes(sections: SchemaFile, types: string[]): ContentError[] {
  const defs = (sections.schema.$defs ?? {}) as Record<string, JsonSchema>;
  const problems: ContentError[] = [];
  types.forEach((type, index) => {
    const def = defs[type];
    if (!def) return; // the broken $ref is reported already
    if (typeof def.description !== 'string')
      problems.push(
        schemaProblem(
          sections,
          ['$defs', type],
          `section type "${type}" has no description. Add one: the guide, editors and the studio show it.`,
        ),
      );
    const example = Array.isArray(def.examples) ? (def.examples[0] as Record<string, unknown> | undefined) : undefined;
    if (!example)
      problems.push(
        schemaProblem(
          sections,
          ['$defs', type],
          `section type "${type}" has no example. Add one "examples" entry: the guide shows it and editors offer it as a snippet.`,
        ),
      );
    else if (example.type !== type)
      problems.push(
        schemaProblem(
          sections,
          ['$defs', type, 'examples', 0],
          `the example of section type "${type}" must start with type: ${type}.`,
        ),
      );
    if (def.properties && typeof def.properties === 'object' && 'type' in def.properties)
      problems.push(
        schemaProblem(
          sections,
          ['$defs', type, 'properties', 'type'],
          `leave "type" out: it is added from the type's name (listed at $defs/section/oneOf/${index}).`,
        ),
      );
  });
  return problems;
}

/** The component's name for a type: `quote-wall` → `QuoteWall`. */
export const componentName = (type: string) => type.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
export const componentFile = (type: string) => `src/sections/${componentName(type)}.tsx`;

/**
 * Each section type has its component at src/sections/<PascalType>.tsx, and that folder holds
 * nothing else. Each message names the next step of the recipe (docs/sections.md), whichever
 * step was taken first.
 */
export function checkSectionComponents(root: string, types: string[], sections: SchemaFile): ContentError[] {
  const dir = `${root}/src/sections`;
  if (!existsSync(dir)) return [];
  const problems: ContentError[] = [];
  types.forEach((type, index) => {
    if (!existsSync(`${root}/${componentFile(type)}`))
      problems.push(
        schemaProblem(
          sections,
          ['$defs', 'section', 'oneOf', index],
          `section type "${type}" has no component: create ${componentFile(type)}, exporting ${componentName(type)}, and add its line to src/sections/registry.ts (docs/sections.md, steps 3 and 4).`,
        ),
      );
  });
  const expected = new Set(types.map((type) => componentFile(type).replace('src/sections/', '')));
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.tsx') && !expected.has(n))) {
    const type = name.replace('.tsx', '').replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`);
    problems.push({
      file: `src/sections/${name}`,
      line: 1,
      col: 1,
      path: '',
      message: `matches no section type: src/sections/ holds one component per type in schema/sections.schema.json. For a new type "${type}", add { "$ref": "#/$defs/${type}" } to $defs/section/oneOf there and define it in schema/sections/${type}.json, then run npm run types (docs/sections.md, steps 1 and 2); a helper goes in src/components/ instead.`,
    });
  }
  return problems;
}

/** A schema file that is not valid JSON, at the line and column where parsing stopped. */
export function jsonSyntaxProblem(name: string, text: string, error: Error): ContentError {
  const byLine = /line (\d+) column (\d+)/.exec(error.message);
  const position = Number(/position (\d+)/.exec(error.message)?.[1] ?? text.length);
  const before = text.slice(0, position).split('\n');
  const [line, col] = byLine ? [Number(byLine[1]), Number(byLine[2])] : [before.length, before.at(-1)!.length + 1];
  return {
    file: `schema/${name}`,
    line,
    col,
    path: '',
    message: `not valid JSON: ${error.message.replace(/ in JSON at position.*$/, '').replace(/^Unexpected/, 'unexpected')}. Check for a missing or extra comma, quote or bracket here or just before.`,
  };
}

/** For "minItems value must be ["number"]", which names no place: the first such keyword with a value of another kind. */
function keywordPlace(message: string, files: SchemaFile[]): { file: string; path: string[] } | undefined {
  const match = /^(\S+) value must be \[(.*)\]/.exec(message);
  if (!match) return undefined;
  const wanted = JSON.parse(`[${match[2]}]`) as string[];
  const jsonTypeOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
  for (const file of files) {
    let found: string[] | undefined;
    eachSchema(file.schema, (node, at) => {
      if (!found && match[1] in node && !wanted.includes(jsonTypeOf(node[match[1]])))
        found = [...at.map(String), match[1]];
    });
    if (found) return { file: file.name, path: found };
  }
  return undefined;
}

/** A rule Ajv refuses, reported at the place in the source file it names. */
export function ajvProblem(error: Error, files: SchemaFile[]): ContentError {
  const message = error.message
    .replace(/^strict mode: /, '')
    .replace(/ at "[^"]*"/, '')
    .replace(/ \(strict\w+\)$/, '');
  const place =
    ajvPlace(error.message, [composedSectionsFile, ...files.map((f) => f.name)]) ?? keywordPlace(error.message, files);
  const name = place?.file === composedSectionsFile ? 'sections.schema.json' : place?.file;
  const file = files.find((f) => f.name === name) ?? files[0];
  const get = (node: unknown, p: (string | number)[]) =>
    p.reduce<unknown>(
      (n, part) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[part] : undefined),
      node,
    );
  let path: (string | number)[] = place?.path ?? [];
  // Ajv gives the path inside the referenced definition ("#/not"), not which definition: find the
  // schema in the source that has it, preferring the one whose rule names what the message quotes.
  const quoted = /"([^"]+)"/.exec(message)?.[1];
  const found: { at: (string | number)[]; quotes: boolean }[] = [];
  eachSchema(file.schema, (node, at) => {
    const value = get(node, path);
    if (value !== undefined)
      found.push({
        at: [...at, ...path],
        quotes: quoted !== undefined && JSON.stringify(value).includes(`"${quoted}"`),
      });
  });
  path = (found.find((f) => f.quotes) ?? found[0])?.at ?? path;
  while (path.length && get(file.schema, path) === undefined) path = path.slice(0, -1);
  const hint = error.message.startsWith('strict mode')
    ? 'Strict mode allows only rules it can check; write this one another way.'
    : 'See the JSON Schema (draft-07) keyword it names.';
  return schemaProblem(file, path, `Ajv refuses this schema: ${message}. ${hint}`);
}
