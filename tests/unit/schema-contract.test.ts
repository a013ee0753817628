// The schema is written once and every consumer sees the same composed result: the six shared
// section fields reach Ajv, the error messages, the types, the guide and the studio's schemas (the
// editor is checked over LSP in yaml-language-server.test.ts); every example validates; and a
// mistake in the schema itself is reported at its file, line and JSON path.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { sectionTypeName } from '../../scripts/content/compose-sections.ts';
import { eachSchema } from '../../scripts/content/schema-check.ts';
import {
  componentMistakes,
  composedSchemas,
  createAjv,
  loadContract,
  sectionSchemas,
  sectionTypes,
} from '../../scripts/content/schemas.ts';
import { inlined } from '../../scripts/content/shapes.ts';
import { authoringGuide } from '../../scripts/generate-docs.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

const root = path.join(import.meta.dirname, '..', '..');
const { sections, sharedFields } = sectionSchemas();
const shared = Object.keys(sharedFields);
const example = (type: string) => (sections[type].examples as Record<string, unknown>[])[0];

describe('the shared section fields, declared once', () => {
  it('are the six every section has', () => {
    expect(shared).toEqual(['id', 'eyebrow', 'title', 'subtitle', 'background', 'hideWhenQuery']);
  });

  it('Ajv accepts them on every section type and refuses an unknown field', () => {
    const validate = createAjv().getSchema('sections.composed.json#/$defs/section')!;
    for (const type of sectionTypes()) {
      expect(validate({ ...example(type), eyebrow: 'Shared', hideWhenQuery: 'source=form' }), type).toBe(true);
      expect(validate({ ...example(type), eyebrw: 'Misspelt' }), type).toBe(false);
      expect(
        validate.errors!.some((e) => e.keyword === 'additionalProperties' && e.params.additionalProperty === 'eyebrw'),
        type,
      ).toBe(true);
    }
  });

  it('error messages know them: an unknown field gets the shared one as suggestion', async () => {
    const home = files['site/pages/home.yaml'].replace(
      '  - type: articles\n',
      '  - type: articles\n    eyebrw: Reading\n',
    );
    const result = await loadSite({ root: await writeFixture({ 'site/pages/home.yaml': home }) });
    expect(result.errors.map(formatError)).toEqual([
      expect.stringMatching(/home\.yaml:\d+:5 {2}.*unknown field "eyebrw"\. Did you mean "eyebrow"\?$/),
    ]);
  });

  it('the generated types give every section type each shared field with its own description, and no index signature', async () => {
    const types = await readFile(path.join(root, 'shared', 'generated', 'content.ts'), 'utf8');
    for (const type of sectionTypes()) {
      const title = sectionTypeName(type);
      const body = new RegExp(`export interface ${title} \\{([\\s\\S]*?)\\n\\}`).exec(types)?.[1];
      expect(body, title).toBeDefined();
      for (const field of shared) expect(body, `${title}.${field}`).toMatch(new RegExp(`\\n {2}${field}\\??: `));
      expect(body, title).not.toMatch(/\[k: string\]/);
    }
    expect(types).not.toMatch(/\b(interface|type) \w+\d+\b/);
    expect(types).toContain('A short label shown above the section title.');
  });

  it('the guide lists them once, and the studio gets them inside every composed section type', () => {
    const guide = authoringGuide();
    const table = guide.split('## Fields every section has')[1].split('## Section types')[0];
    for (const field of shared) expect(table).toContain(`| \`${field}\` |`);
    for (const type of sectionTypes()) {
      expect(sections[type].additionalProperties, type).toBe(false);
      expect(Object.keys(sections[type].properties as object), type).toEqual(
        expect.arrayContaining(['type', ...shared]),
      );
    }
  });

  it('the studio can have a section type with every $ref inlined, each field keeping its own description', () => {
    const hero = inlined(sections.hero) as {
      properties: Record<string, { type?: string; description?: string; items?: { properties?: object } }>;
    };
    expect(JSON.stringify(hero)).not.toContain('$ref');
    expect(hero.properties.title).toMatchObject({ type: 'string', description: 'The headline.' });
    expect(Object.keys(hero.properties.claims.items!.properties!)).toEqual(['value', 'label', 'description', 'icon']);
  });

  it('a type restates a shared field only to say something of its own', () => {
    expect((sections.hero.properties as Record<string, { description: string }>).title.description).toBe(
      'The headline.',
    );
    expect((sections.cta.properties as Record<string, { description: string }>).title.description).toBe(
      (sharedFields.title as { description: string }).description,
    );
  });
});

describe('examples, each written once', () => {
  it('every example in every schema is valid against the schema it illustrates', () => {
    const ajv = createAjv();
    let checked = 0;
    for (const [file, schema] of composedSchemas()) {
      eachSchema(schema, (node, at) => {
        if (!Array.isArray(node.examples)) return;
        const validate = ajv.getSchema(`${file}#/${at.join('/')}`)!;
        for (const value of node.examples) {
          checked++;
          expect(
            validate(value),
            `${file}#/${at.join('/')}: ${JSON.stringify(value)} ${JSON.stringify(validate.errors)}`,
          ).toBe(true);
        }
      });
    }
    expect(checked).toBeGreaterThan(sectionTypes().length);
  });

  it('editor hover text and snippets come from the one example', () => {
    for (const type of sectionTypes()) {
      expect((sections[type].defaultSnippets as { body: unknown }[])[0].body).toEqual(example(type));
      expect(sections[type].markdownDescription).toContain(`- type: ${type}`);
    }
  });
});

describe('mistakes in the schema itself', () => {
  async function brokenSchema(
    edit: (sections: Record<string, unknown>) => void,
    editText = (text: string) => text,
  ): Promise<string[]> {
    const dir = await mkdtemp(path.join(tmpdir(), 'schema-mistake-'));
    await cp(path.join(root, 'schema'), dir, { recursive: true });
    const file = path.join(dir, 'sections.schema.json');
    const source = JSON.parse(await readFile(file, 'utf8'));
    // The edit sees every type at $defs/<type>, where composition sets it; each goes back to its file.
    const types = (source.$defs.section.oneOf as { $ref: string }[]).map(({ $ref }) => $ref.replace('#/$defs/', ''));
    const typeFile = (type: string) => path.join(dir, 'sections', `${type}.json`);
    for (const type of types) source.$defs[type] = JSON.parse(await readFile(typeFile(type), 'utf8'));
    edit(source.$defs);
    for (const type of types) {
      await writeFile(typeFile(type), JSON.stringify(source.$defs[type], null, 2));
      delete source.$defs[type];
    }
    await writeFile(file, editText(JSON.stringify(source, null, 2)));
    const loaded = loadContract(dir);
    expect(Array.isArray(loaded)).toBe(true);
    return (loaded as Parameters<typeof formatError>[0][]).map(formatError);
  }

  it('a keyword strict mode refuses, with its place', async () => {
    expect(
      await brokenSchema((defs) => Object.assign(defs.cta as object, { not: { required: ['title', 'subtitle'] } })),
    ).toEqual([
      expect.stringMatching(
        /^schema\/sections\/cta\.json:\d+:\d+ {2}not: Ajv refuses this schema: required property "title" is not defined\./,
      ),
    ]);
  });

  it('an unknown keyword, a broken $ref and a field without description', async () => {
    const errors = await brokenSchema((defs) => {
      const props = (defs.faq as { properties: Record<string, Record<string, unknown>> }).properties;
      props.items.descripton = 'Misspelt';
      props.extra = { $ref: 'common.schema.json#/$defs/nothing', description: 'Broken' };
      props.bare = { type: 'string' };
    });
    expect(errors).toEqual([
      expect.stringMatching(
        /^schema\/sections\/faq\.json:\d+:\d+ {2}properties\/items\/descripton: unknown keyword "descripton"/,
      ),
      expect.stringMatching(
        /^schema\/sections\/faq\.json:\d+:\d+ {2}properties\/extra\/\$ref: "common\.schema\.json#\/\$defs\/nothing" leads nowhere: nothing is defined at that path\.$/,
      ),
      expect.stringMatching(
        /^schema\/sections\/faq\.json:\d+:\d+ {2}properties\/bare: field "bare" has no description\./,
      ),
    ]);
  });

  it('a file that is not JSON, and a keyword with a value of the wrong kind', async () => {
    expect(
      await brokenSchema(
        () => undefined,
        (text) => text.replace('"description": "One block of a page."', '"description": "One block of a page.",,'),
      ),
    ).toEqual([expect.stringMatching(/^schema\/sections\.schema\.json:\d+:\d+ {2}not valid JSON: /)]);
    expect(
      await brokenSchema((defs) =>
        Object.assign((defs.faq as { properties: Record<string, Record<string, unknown>> }).properties.items, {
          minItems: 'one',
        }),
      ),
    ).toEqual([
      expect.stringMatching(
        /^schema\/sections\/faq\.json:\d+:\d+ {2}properties\/items\/minItems: Ajv refuses this schema: minItems value must be \["number"\]/,
      ),
    ]);
  });

  it('a nested group without an example', async () => {
    const errors = await brokenSchema((defs) => {
      delete (defs.faq as { properties: { items: { items: Record<string, unknown> } } }).properties.items.items
        .examples;
    });
    expect(errors).toEqual([
      expect.stringMatching(
        /^schema\/sections\/faq\.json:\d+:\d+ {2}properties\/items\/items: each item of "items" has no example\./,
      ),
    ]);
  });

  it('a section type without description or example, or restating its type', async () => {
    const errors = await brokenSchema((defs) => {
      const cta = defs.cta as Record<string, unknown>;
      delete cta.description;
      delete cta.examples;
      (cta.properties as Record<string, unknown>).type = { const: 'cta', description: 'Copied.' };
    });
    expect(errors).toEqual([
      expect.stringMatching(/^schema\/sections\/cta\.json:1:1 {2}section type "cta" has no description\./),
      expect.stringMatching(/^schema\/sections\/cta\.json:1:1 {2}section type "cta" has no example\./),
      expect.stringMatching(/^schema\/sections\/cta\.json:\d+:\d+ {2}properties\/type: leave "type" out/),
    ]);
  });

  it('a type file missing from the list, a listed type without its file, and a type defined in the list file', async () => {
    const errors = await brokenSchema((defs) => {
      (defs.section as { oneOf: { $ref: string }[] }).oneOf.push({ $ref: '#/$defs/quote-wall' });
    });
    expect(errors).toEqual([
      expect.stringMatching(
        /^schema\/sections\.schema\.json:\d+:\d+ {2}\$defs\/section\/oneOf\/\d+\/\$ref: "#\/\$defs\/quote-wall" leads nowhere: there is no schema\/sections\/quote-wall\.json\. Create it with the type's definition\.$/,
      ),
    ]);
    const dir = await mkdtemp(path.join(tmpdir(), 'schema-type-files-'));
    await cp(path.join(root, 'schema'), dir, { recursive: true });
    const file = path.join(dir, 'sections.schema.json');
    const source = JSON.parse(await readFile(file, 'utf8'));
    source.$defs.cta = JSON.parse(await readFile(path.join(dir, 'sections', 'cta.json'), 'utf8'));
    await writeFile(file, JSON.stringify(source, null, 2));
    await writeFile(
      path.join(dir, 'sections', 'quote-wall.json'),
      JSON.stringify({ description: 'A wall of quotes.', properties: {}, examples: [{ type: 'quote-wall' }] }),
    );
    expect((loadContract(dir) as Parameters<typeof formatError>[0][]).map(formatError)).toEqual([
      expect.stringMatching(
        /^schema\/sections\.schema\.json:\d+:\d+ {2}\$defs\/cta: section type "cta" is defined here: move its definition to schema\/sections\/cta\.json, the one file per type\.$/,
      ),
      'schema/sections/quote-wall.json:1:1  section type "quote-wall" is not in the list: add { "$ref": "#/$defs/quote-wall" } to $defs/section/oneOf in schema/sections.schema.json.',
    ]);
  });

  it('a section type without its component file loads (its component is typed from it), and validation names the next step', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'schema-no-component-'));
    await cp(path.join(root, 'schema'), dir, { recursive: true });
    const file = path.join(dir, 'sections.schema.json');
    const source = JSON.parse(await readFile(file, 'utf8'));
    const index = source.$defs.section.oneOf.push({ $ref: '#/$defs/quote-wall' }) - 1;
    await writeFile(
      path.join(dir, 'sections', 'quote-wall.json'),
      JSON.stringify({ description: 'A wall of quotes.', properties: {}, examples: [{ type: 'quote-wall' }] }),
    );
    await writeFile(file, JSON.stringify(source, null, 2));
    expect(Array.isArray(loadContract(dir))).toBe(false);
    const [mistake, ...others] = componentMistakes(dir, root).map(formatError);
    expect(others).toEqual([]);
    expect(mistake.replace(/^(\S+?):\d+:\d+/, '$1')).toBe(
      `schema/sections.schema.json  $defs/section/oneOf/${index}: section type "quote-wall" has no component: create src/sections/QuoteWall.tsx, exporting QuoteWall, and add its line to src/sections/registry.ts (docs/sections.md, steps 3 and 4).`,
    );
  });

  it('a component that matches no section type says how to add the type', async () => {
    const project = await mkdtemp(path.join(tmpdir(), 'component-first-'));
    await cp(path.join(root, 'src', 'sections'), path.join(project, 'src', 'sections'), { recursive: true });
    await writeFile(
      path.join(project, 'src', 'sections', 'QuoteWall.tsx'),
      'export function QuoteWall() {\n  return null;\n}\n',
    );
    expect(componentMistakes(undefined, project).map(formatError)).toEqual([
      'src/sections/QuoteWall.tsx:1:1  matches no section type: src/sections/ holds one component per type in schema/sections.schema.json. For a new type "quote-wall", add { "$ref": "#/$defs/quote-wall" } to $defs/section/oneOf there and define it in schema/sections/quote-wall.json, then run npm run types (docs/sections.md, steps 1 and 2); a helper goes in src/components/ instead.',
    ]);
  });
});
