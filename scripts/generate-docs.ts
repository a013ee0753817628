// Generates docs/authoring.md, the authoring guide, from the composed schema: every file kind and
// section type with its fields, and every group and list inside them down to its last field, each
// with a short example that passes validation. `--check` exits 1 when the committed guide is stale.
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { itemName } from './content/positions.ts';
import { composedSchemas, sectionSchemas, sectionTypes, type JsonSchema } from './content/schemas.ts';
import { deref, shapeOf, type Shape } from './content/shapes.ts';
import { writeOrCheck } from './generated-file.ts';
import { catalogueMessage, slipCatalogue } from './content/slip-catalogue.ts';

type Schema = JsonSchema & {
  title?: string;
  description?: string;
  type?: string;
  enum?: unknown[];
  $ref?: string;
  pattern?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  examples?: unknown[];
};

const outFile = fileURLToPath(new URL('../docs/authoring.md', import.meta.url));

// Shapes used in many places get one section of their own; fields of that kind link to it.
const namedShapes: Record<string, { kind: string; anchor: string }> = {
  Button: { kind: 'button', anchor: 'buttons-and-links' },
  Image: { kind: 'image', anchor: 'images' },
  Stat: { kind: 'figure', anchor: 'figures' },
  IconName: { kind: 'icon name', anchor: 'icons' },
};

const resolve = (schema: Schema): Schema => (deref(schema) ?? schema) as Schema;
// Only a reference names a shape: an inline group's title is its label ("Button"), not a shape.
const named = (schema: Schema) => (schema.$ref ? namedShapes[String(resolve(schema).title)] : undefined);

const plural = (word: string) => (/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`);
const scalarKinds: Record<string, string> = {
  string: 'text',
  integer: 'whole number',
  boolean: 'true / false',
  number: 'number',
};

// A field of common.schema.json's one-line text says so: a line break there is refused.
const oneLine = (schema: Schema) =>
  resolve(schema).pattern ===
  (composedSchemas().get('common.schema.json') as { $defs: Record<string, Schema> }).$defs.text.pattern;

function kind(schema: Schema, name: string): string {
  const resolved = resolve(schema);
  if (oneLine(schema)) return 'text, one line';
  const shape = named(schema);
  if (shape) return `[${shape.kind}](#${shape.anchor})`;
  if (resolved.enum) return resolved.enum.map((v) => `\`${v}\``).join(' \\| ');
  if (resolved.type === 'array') {
    const items = resolved.items ?? {};
    const itemShape = named(items);
    if (itemShape) return `list of [${plural(itemShape.kind)}](#${itemShape.anchor})`;
    const item = resolve(items);
    if (item.properties) return `list of ${plural(itemName(name))} (below)`;
    if (item.type === 'array') return 'list of lists of text';
    if (oneLine(items)) return 'list of texts, one line each';
    return item.enum ? `list of ${kind(item, name)}` : `list of ${plural(scalarKinds[item.type ?? ''] ?? 'value')}`;
  }
  if (resolved.properties) return 'group of fields (below)';
  return scalarKinds[resolved.type ?? ''] ?? 'value';
}

const cell = (text: string | undefined) => (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A field's description, with the words it has when left out, when the schema gives them and the description does not. */
function meaning(field: Schema): string {
  const description = String(field.description ?? resolve(field).description ?? '');
  const given = (field as { default?: unknown }).default;
  return typeof given === 'string' && !/\bDefault\b/i.test(description)
    ? `${description} Default: "${given}".`
    : description;
}

function fieldTable(shape: { properties?: Record<string, Schema>; required?: string[] }, skip: string[] = []): string {
  const rows = Object.entries(shape.properties ?? {})
    .filter(([name]) => !skip.includes(name))
    .map(
      ([name, field]) =>
        `| \`${name}\` | ${cell(field.title)} | ${shape.required?.includes(name) ? '**yes**' : 'no'} | ${kind(field, name)} | ${cell(meaning(field))} |`,
    );
  // The second column is the field's title: its label in the studio.
  return [
    '| field | in the studio | required | kind | what it means |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

const yamlBlock = (value: unknown) => `\`\`\`yaml\n${stringify(value, { lineWidth: 100 }).trimEnd()}\n\`\`\``;

/** The groups and lists of groups inside `shape`, each with its table and example, to the last field. */
function nested(shape: { properties?: Record<string, Schema> }, where: string, level: number): string[] {
  return Object.entries(shape.properties ?? {}).flatMap(([name, field]) => {
    if (named(field)) return [];
    const resolved = resolve(field);
    const isList = resolved.type === 'array';
    const inner: Shape | undefined = shapeOf(isList ? resolved.items : resolved);
    if (!inner || (isList && named(resolved.items ?? {}))) return [];
    const path = `${where}${where ? ' › ' : ''}\`${name}\``;
    const heading = isList ? `Each ${itemName(name)} in ${path}` : path;
    const example =
      inner.example === undefined
        ? []
        : ['For example:', yamlBlock({ [name]: isList ? [inner.example] : inner.example })];
    return [
      `${'#'.repeat(level)} ${heading}`,
      ...(resolved.description ? [String(resolved.description)] : []),
      fieldTable(inner.schema as Schema),
      ...example,
      ...nested(inner.schema as Schema, path, Math.min(level + 1, 6)),
    ];
  });
}

/** A top-level file kind or named shape: description, table, example, then everything inside it. */
function documented(schema: Schema, example: unknown, level: number, where = ''): string[] {
  return [
    ...(schema.description ? [String(schema.description)] : []),
    fieldTable(schema),
    ...(example === undefined ? [] : [yamlBlock(example)]),
    ...nested(schema, where, level),
  ];
}

/** "Common YAML mistakes", from the slip catalogue, each with the message the compiler really gives. */
function commonMistakes(): string[] {
  return [
    '## Common YAML mistakes',
    'YAML is picky about spaces, colons and quotes. When a file cannot be read, `npm run validate` and the preview name the one slip behind it, at its line, with the line to type instead. These are the usual ones.',
    ...slipCatalogue.flatMap((entry) => {
      const { line, message } = catalogueMessage(entry);
      return [
        `### ${entry.title}`,
        `\`\`\`yaml\n${entry.wrong.trimEnd()}\n\`\`\``,
        `Line ${line}: ${message.charAt(0).toUpperCase()}${message.slice(1)}`,
        'Written as it should be:',
        `\`\`\`yaml\n${entry.right.trimEnd()}\n\`\`\``,
      ];
    }),
  ];
}

export function authoringGuide(): string {
  const schemas = composedSchemas();
  const read = (file: string) => schemas.get(file) as Schema;
  const common = read('common.schema.json') as { $defs: Record<string, Schema> };
  const sectionsFile = read('sections.composed.json') as { $defs: Record<string, Schema> };
  const { sections, sharedFields } = sectionSchemas();
  const shared = Object.keys(sharedFields);
  const form = read('form.schema.json');
  const parts = [
    '<!-- Generated by scripts/generate-docs.ts from schema/*.schema.json and schema/sections/*.json. Do not edit by hand: run `npm run docs`. -->',
    '# Authoring guide',
    'Everything visitors see lives in `site/`. Change a file, run `npm run validate` (or keep `npm run dev` open: the page reloads on every save and shows any mistake with its line), and commit.',
    'Rather not type YAML? `npm run studio` opens the same files in the browser: click a section of the page to edit it, add sections from a list, and save only valid content, changing only the lines you changed. See [Editing in the browser](../README.md#editing-in-the-browser).',
    '## Files',
    '| file | holds |\n| --- | --- |\n| `site/site.yaml` | name, contact details, navigation, footer, tooltip timing |\n| `site/pages/**/*.yaml` | one page each |\n| `site/blog/<slug>.md` | one article each: front matter between `---` lines, then Markdown |\n| `site/documents/*.md` | long texts shown by a `document` section |\n| `site/forms/*.yaml` | form fields, options and messages |\n| `site/redirects.yaml` | old addresses that forward (HTTP 301) |\n| `site/images/` | images, written `/images/…` |',
    'New files: `npm run new -- page /path "Title"` or `npm run new -- post my-slug "Title"`. Both start as drafts (`draft: true`): a draft shows in `npm run dev` and stays out of the published site. Replace the placeholder sentences, then delete the `draft: true` line to publish; validation refuses a published file that still holds one.',
    'Editors that use the YAML language server (VS Code with the YAML extension, and others) complete fields, explain them on hover and underline mistakes: each file starts with a `# yaml-language-server: $schema=…` line, and `.vscode/settings.json` maps the folders to their schemas.',
    'Errors name their place the way you count: `section 2 (cards) › card 3 (Strategic Storytelling) › icon` is the `icon` of the third card in the second section of the page.',
    '## A page',
    fieldTable(read('page.schema.json')),
    yamlBlock({
      path: '/example',
      title: 'Example',
      description: 'One or two sentences that search engines show for this page, between 50 and 170 characters.',
      sections: [(sections.cta as Schema).examples![0]],
    }),
    '## Fields every section has',
    `Every section has a \`type\`, which says what kind of section it is, and may have these fields:\n\n${fieldTable({ properties: { type: sectionsFile.$defs.section.properties!.type, ...sharedFields }, required: ['type'] })}`,
    '## Section types',
    ...sectionTypes().flatMap((type) => {
      const def = sections[type] as Schema;
      // Shared fields are listed above; a type shows one again when it requires it or says something of its own about it.
      const restated = shared.filter(
        (name) =>
          def.required?.includes(name) ||
          (def.properties![name] as Schema).description !== (sharedFields[name] as Schema).description,
      );
      return [
        `### \`${type}\`: ${def.title ?? type}`,
        String(def.description ?? ''),
        fieldTable(def, ['type', ...shared.filter((n) => !restated.includes(n))]),
        'Minimal example:',
        yamlBlock([def.examples![0]]),
        ...nested(def, '', 4),
      ];
    }),
    '## Buttons and links',
    `Buttons appear in many sections and in the footer. ${common.$defs.button.description}`,
    fieldTable(common.$defs.button),
    yamlBlock([
      { label: 'Contact us', to: '/contact' },
      { label: 'Read the paper', action: 'read-white-paper', variant: 'secondary' },
    ]),
    '## Images',
    ...documented(common.$defs.image, common.$defs.image.examples?.[0], 3),
    '## Figures',
    ...documented(sectionsFile.$defs.stat, sectionsFile.$defs.stat.examples?.[0], 3),
    '## Icons',
    ((common.$defs.icon as Schema).enum as string[]).map((name) => `\`${name}\``).join(', '),
    '## Blog articles',
    ...documented(read('article.schema.json'), undefined, 3),
    '## Forms',
    ...documented(form, undefined, 3),
    '## Site settings',
    ...documented(read('settings.schema.json'), undefined, 3),
    '## Redirects',
    ...documented(read('redirects.schema.json'), undefined, 3),
    ...commonMistakes(),
  ];
  return `${parts.join('\n\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeOrCheck(outFile, authoringGuide(), 'npm run docs');
}
