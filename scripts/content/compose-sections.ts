// Composes schema/sections.schema.json, with each section type written once and only with its
// own fields in schema/sections/<type>.json (section-type-files.ts sets them into its $defs),
// into the full draft-07 schema every tool reads (Ajv, the type generator, the guide,
// yaml-language-server, the studio). Composing here, rather than with `allOf`, sidesteps the
// draft-07 trap: `additionalProperties: false` does not see fields that come through `allOf`, and
// not every consumer understands a newer draft's `unevaluatedProperties`.
import { stringify } from 'yaml';

export type JsonSchema = { [keyword: string]: unknown };

export interface SectionsSource {
  $defs: { section: { oneOf: { $ref: string }[] }; sectionFields: { properties: Record<string, JsonSchema> } } & Record<
    string,
    JsonSchema
  >;
}

/** The name the composed (generated) file has next to schema/sections.schema.json. */
export const composedSectionsFile = 'sections.composed.json';

/** The section types, in the order the source's `section.oneOf` lists them: the one list. */
export function sectionTypesOf(source: SectionsSource): string[] {
  return source.$defs.section.oneOf.map((branch) => branch.$ref.replace('#/$defs/', ''));
}

const pascal = (type: string) => type.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/** The generated TypeScript's name for a section type: hero is HeroSection. */
export const sectionTypeName = (type: string) => `${pascal(type)}Section`;

/** Editor hover text: the type, what it is for, and its example as YAML. */
function hoverText(type: string, description: string, example: unknown): string {
  return `**${type}** section: ${description}\n\n\`\`\`yaml\n${stringify([example]).trimEnd()}\n\`\`\``;
}

function composeType(type: string, def: JsonSchema, shared: Record<string, JsonSchema>): JsonSchema {
  const {
    title,
    description,
    required = [],
    properties = {},
    examples,
    ...rest
  } = def as {
    title?: string;
    description: string;
    required?: string[];
    properties?: Record<string, JsonSchema>;
    examples?: unknown[];
  };
  // A type may restate a shared field (its own description, a tighter rule): merged over the shared one.
  const sharedFields = Object.fromEntries(
    Object.entries(shared).map(([name, field]) => [name, { ...field, ...properties[name] }]),
  );
  const ownFields = Object.fromEntries(Object.entries(properties).filter(([name]) => !(name in shared)));
  const example = examples?.[0];
  return {
    // The human name (the studio's outline, the guide); the generated types name it HeroSection.
    title: title ?? type,
    type: 'object',
    description,
    additionalProperties: false,
    required: ['type', ...required],
    properties: {
      type: { title: 'Section type', const: type, description: `Section type: ${type}.` },
      ...sharedFields,
      ...ownFields,
    },
    ...rest,
    ...(examples && { examples }),
    ...(example !== undefined && {
      markdownDescription: hoverText(type, description, example),
      defaultSnippets: [{ label: `${type} section`, description, body: example }],
    }),
  };
}

/** The composed schema: same `$defs` names, each section type complete, the union with its enum. */
export function composeSections(source: SectionsSource): JsonSchema {
  const types = sectionTypesOf(source);
  const { section, sectionFields, ...defs } = source.$defs;
  const { title, description } = section as JsonSchema & { title?: string; description?: string };
  const list = types.join(', ');
  const composedDefs: Record<string, JsonSchema> = {
    section: {
      title,
      description: `${description ?? 'One block of a page.'} Its \`type\` is one of: ${list}.`,
      type: 'object',
      required: ['type'],
      properties: {
        type: {
          title: 'Section type',
          type: 'string',
          enum: types,
          description: `Which kind of section this is: ${list}.`,
        },
      },
      discriminator: { propertyName: 'type' },
      oneOf: section.oneOf,
    },
    sectionFields: { ...sectionFields, type: 'object' },
  };
  for (const [name, def] of Object.entries(defs))
    composedDefs[name] = types.includes(name) ? composeType(name, def, sectionFields.properties) : def;
  const { $id, ...top } = source as unknown as JsonSchema;
  return {
    $comment: `Generated from ${String($id)} and sections/<type>.json by scripts/content/compose-sections.ts (npm run types). Do not edit: change those.`,
    ...top,
    $id: composedSectionsFile,
    $defs: composedDefs,
  };
}
