// Each section type is written in a file of its own, schema/sections/<type>.json, holding what
// sections.schema.json would hold at $defs/<type>. They are read here and set into that place, so
// composition, Ajv and every check see one sections schema, while each mistake is still reported
// in the type's own file (schemaProblem follows `parts`).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { ContentError } from './errors.ts';
import { sectionTypesOf, type JsonSchema, type SectionsSource } from './compose-sections.ts';
import { jsonSyntaxProblem, schemaProblem, type SchemaFile } from './schema-check.ts';

/** The folder inside schema/ that holds one file per section type. */
export const sectionTypesDir = 'sections';

/** The file, inside schema/, that defines section type `type`. */
export const sectionTypeFile = (type: string) => `${sectionTypesDir}/${type}.json`;

/** Every schema/sections/<type>.json by type, or the ones that are not JSON. */
export function readSectionTypeFiles(dir: string): { parts: Map<string, SchemaFile>; unreadable: ContentError[] } {
  const parts = new Map<string, SchemaFile>();
  const unreadable: ContentError[] = [];
  const folder = `${dir}/${sectionTypesDir}`;
  if (!existsSync(folder)) return { parts, unreadable };
  for (const entry of readdirSync(folder)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const name = `${sectionTypesDir}/${entry}`;
    const text = readFileSync(`${dir}/${name}`, 'utf8');
    try {
      parts.set(entry.replace(/\.json$/, ''), { name, text, schema: JSON.parse(text) as JsonSchema });
    } catch (error) {
      unreadable.push(jsonSyntaxProblem(name, text, error as Error));
    }
  }
  return { parts, unreadable };
}

/**
 * sections.schema.json with each type's file set at $defs/<type>: the one schema composition
 * reads. The result keeps the files in `parts`, so a problem found at $defs/<type>/… is reported
 * in schema/sections/<type>.json.
 */
export function withSectionTypes(sections: SchemaFile, parts: Map<string, SchemaFile>): SchemaFile {
  const source = sections.schema as unknown as SectionsSource;
  // In the list's order, which the composed file, the guide and the studio keep.
  const listed = sectionTypesOf(source).filter((type) => parts.has(type));
  const ordered = [...listed, ...[...parts.keys()].filter((type) => !listed.includes(type))];
  const $defs = { ...source.$defs, ...Object.fromEntries(ordered.map((type) => [type, parts.get(type)!.schema])) };
  return { ...sections, schema: { ...sections.schema, $defs }, parts: { dir: sectionTypesDir, files: parts } };
}

/**
 * Each type in the list has its file and is defined nowhere else; each file is a listed type.
 * The type's own rules (description, example) are checkSectionTypes's.
 */
export function checkSectionTypeFiles(sections: SchemaFile, parts: Map<string, SchemaFile>, types: string[]) {
  const problems: ContentError[] = [];
  const ownDefs = (sections.schema.$defs ?? {}) as Record<string, JsonSchema>;
  for (const type of types)
    if (type in ownDefs)
      problems.push(
        schemaProblem(
          sections,
          ['$defs', type],
          `section type "${type}" is defined here: move its definition to schema/${sectionTypeFile(type)}, the one file per type.`,
        ),
      );
  for (const [type, part] of parts)
    if (!types.includes(type))
      problems.push(
        schemaProblem(
          part,
          [],
          `section type "${type}" is not in the list: add { "$ref": "#/$defs/${type}" } to $defs/section/oneOf in schema/sections.schema.json.`,
        ),
      );
  return problems;
}
