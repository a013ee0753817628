// Every string the contract accepts is either one line (names, titles, labels, alt texts: no line
// break, tab or control character), running text (sentences: line breaks allowed, control
// characters refused), a choice, or a pattern that lets no control character through. The lists
// come from the schema itself; `npm run validate` names the field, its line and the character,
// in words (the regex never reaches an editor).
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { composedSchemas, createAjv, type JsonSchema } from '../../scripts/content/schemas.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

type Node = JsonSchema & {
  $ref?: string;
  type?: unknown;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
};
interface Field {
  /** `file#/json/pointer`, as Ajv's getSchema takes it. */
  id: string;
  /** The common definitions it is made of, outermost first (`offPageText`, `text`; `paragraph`; `internalPath`…). */
  defs: string[];
  node: Node;
}

const schemas = composedSchemas();
const common = (schemas.get('common.schema.json') as { $defs: Record<string, Node> }).$defs;

/** Follows a field's `$ref`s to the definition it ends at, keeping its own siblings (maxLength…). */
function resolve(node: Node, file: string): { node: Node; defs: string[] } {
  let current = node;
  const defs: string[] = [];
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
    const { $ref, ...siblings } = current;
    const [target, pointer] = $ref.split('#');
    const parts = pointer.split('/').filter(Boolean);
    const found = parts.reduce<unknown>(
      (at, part) => (at as Record<string, unknown>)[part],
      schemas.get(target || file),
    ) as Node;
    if (target === 'common.schema.json' || (!target && file === 'common.schema.json')) defs.push(parts.at(-1)!);
    current = { ...found, ...siblings };
    file = target || file;
  }
  return { node: current, defs };
}

/** Every string-valued field of every schema file: properties and list items, found by walking. */
function stringFields(): Field[] {
  const fields: Field[] = [];
  const walk = (node: unknown, file: string, pointer: string, isField: boolean) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child, i) => walk(child, file, `${pointer}/${i}`, false));
    if (isField) {
      const { node: resolved, defs } = resolve(node as Node, file);
      if (resolved.type === 'string') fields.push({ id: `${file}#${pointer}`, defs, node: resolved });
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'examples' || key === 'default' || key === 'defaultSnippets') continue;
      if (key === 'properties')
        for (const [name, field] of Object.entries(child as object))
          walk(field, file, `${pointer}/properties/${name}`, true);
      else walk(child, file, `${pointer}/${key}`, key === 'items');
    }
  };
  for (const [file, schema] of schemas) walk(schema, file, '', false);
  return fields;
}

const fields = stringFields();
const ajv = createAjv();
const validator = (field: Field) => ajv.getSchema(field.id)!;
/** Words long enough for the field's minimum length. */
/** Words the field takes: its default where it has one (words with a placeholder the field requires), else plain words. */
const wordsFor = (node: Node) =>
  typeof node.default === 'string'
    ? node.default
    : 'Plain words'.padEnd(Math.max(node.minLength ?? 1, 11), ' and more words').slice(0, node.maxLength ?? Infinity);

describe('the contract, field by field', () => {
  it('finds the fields people type: names, titles, labels, alt texts and running text', () => {
    const names = (def: string) => fields.filter((f) => f.defs.includes(def)).map((f) => f.id);
    expect(names('text')).toEqual(
      expect.arrayContaining([
        'settings.schema.json#/properties/name',
        'page.schema.json#/properties/title',
        'common.schema.json#/$defs/button/properties/label',
        'common.schema.json#/$defs/image/properties/alt',
      ]),
    );
    expect(names('paragraph')).toEqual(
      expect.arrayContaining(['page.schema.json#/properties/description', 'article.schema.json#/properties/excerpt']),
    );
    expect(fields.length).toBeGreaterThan(80);
  });

  it('every one-line field refuses a line break, a tab and control characters, and takes plain words', () => {
    const oneLine = fields.filter((f) => f.defs.includes('text'));
    for (const field of oneLine) {
      const validate = validator(field);
      const words = wordsFor(field.node);
      expect(validate(words), field.id).toBe(true);
      for (const hostile of [
        `${words}\nBcc: x@example.com`,
        `${words}\r\n`,
        `${words}\n`,
        `\t${words}`,
        `${words}\u0000`,
        `${words}\u001b[31m`,
        `${words}\u0085`,
        `${words}\u2028`,
      ]) {
        expect(validate(hostile), `${field.id} ${JSON.stringify(hostile)}`).toBe(false);
        expect(
          validate.errors!.map((e) => e.keyword),
          field.id,
        ).toContain('pattern');
      }
    }
  });

  it('running text keeps its line breaks and refuses control characters', () => {
    for (const field of fields.filter((f) => f.defs.includes('paragraph'))) {
      const validate = validator(field);
      const words = wordsFor(field.node);
      expect(validate(`${words}\nA second line.\r\n`), field.id).toBe(true);
      for (const hostile of [`${words}\u0000`, `${words}\u0007`, `${words}\u001b[31m`, `${words}\u000c`])
        expect(validate(hostile), `${field.id} ${JSON.stringify(hostile)}`).toBe(false);
    }
  });

  it('every other string is a choice, a date or address format, or a pattern that lets no control character through', () => {
    for (const field of fields.filter((f) => !f.defs.includes('text') && !f.defs.includes('paragraph'))) {
      const { node } = field;
      if (node.enum || node.const !== undefined) continue;
      if (node.format) {
        // Each of these formats is a strict pattern in ajv-formats: no control character passes.
        expect(['date', 'date-time', 'email'], field.id).toContain(node.format);
        continue;
      }
      const pattern = node.pattern;
      expect(pattern, `${field.id} is free text: make it common.schema.json's text or paragraph`).toBeDefined();
      // Anchored at both ends, with no class that matches any character; every negated class names the controls.
      expect(pattern, field.id).toMatch(/^\^.*\$$/);
      expect(pattern!.replace(/\[[^\]]*\]/g, '[]'), field.id).not.toMatch(/(^|[^\\])\.|\\[SWD]/);
      for (const negated of pattern!.match(/\[\^[^\]]*\]/g) ?? [])
        expect(negated, field.id).toContain('\\u0000-\\u001f');
    }
  });
});

describe('npm run validate', () => {
  it('names the field, its line and the character, with the rule in words', async () => {
    const site = files['site/site.yaml']
      .replace('name: Test Co', 'name: "Test Co\\nBcc: x@example.com"')
      .replace('description: A test site.', 'description: "A test\\u001b site."')
      .replace('  city: Gurugram, India', '  city: "\\tGurugram"')
      .replace('  copyright: © 2024 Test Co.', '  copyright: >\n    © 2024 Test Co.');
    const home = files['site/pages/home.yaml'].replace(
      '      - label: Solutions\n',
      '      - label: "Solu\\u0007tions"\n',
    );
    // Running text may be a block of several lines.
    const solutions = files['site/pages/solutions.yaml'].replace(
      'description: The solutions page of the test site, long enough to pass the minimum length.',
      'description: |\n  The solutions page of the test site,\n  on two lines, long enough to pass the minimum length.',
    );
    const root = await writeFixture({
      'site/site.yaml': site,
      'site/pages/home.yaml': home,
      'site/pages/solutions.yaml': solutions,
    });
    const errors = (await loadSite({ root })).errors.map(formatError);
    const oneLine = common.text.patternErrorMessage as string;
    const running = common.paragraph.patternErrorMessage as string;
    expect(errors).toEqual([
      `site/pages/home.yaml:9:16  section 1 (hero) › button 1 (Solu<U+0007>tions) › label: holds an invisible control character (U+0007) after "Solu". ${oneLine}`,
      `site/site.yaml:2:7  name: holds a line break after "Test Co". ${oneLine}`,
      `site/site.yaml:4:14  description: holds an invisible control character (U+001B) after "A test". ${running}`,
      `site/site.yaml:8:9  contact › city: holds a tab at its start. ${oneLine}`,
      `site/site.yaml:22:14  footer › copyright: holds a line break at its end (a block started with > or | keeps one). ${oneLine}`,
    ]);
    for (const error of errors) expect(error).not.toMatch(/\\u|\[\^/);
  });
});
