// What editors rely on: the guide's examples are valid content, every YAML file names its schema
// for the editor, and the schema offers a snippet for every section type.
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { translationFile } from '../../scripts/content/compile-file.ts';
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { eachSchema } from '../../scripts/content/schema-check.ts';
import { schemaMistakes, sectionSchemas, sectionTypes } from '../../scripts/content/schemas.ts';
import { authoringGuide } from '../../scripts/generate-docs.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';

const root = path.join(import.meta.dirname, '..', '..');
const sections = {
  $defs: sectionSchemas().sections as Record<
    string,
    { examples: unknown[]; defaultSnippets: { body: unknown }[]; markdownDescription: string }
  >,
};

describe('the authoring guide', () => {
  it('documents every section type with an example', () => {
    const guide = authoringGuide();
    for (const type of sectionTypes()) {
      expect(guide).toContain(`### \`${type}\``);
      expect(guide).toContain(`- type: ${type}`);
    }
  });

  it('every example in it passes validation, links included, inside a site', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'guide-examples-'));
    await cp(path.join(fixtureSiteRoot, 'site'), path.join(copy, 'site'), { recursive: true });
    const page = {
      path: '/guide-examples',
      title: 'Examples',
      description: 'Every section example from the authoring guide, on one page, validated like real content.',
      sections: sectionTypes().map((t) => sections.$defs[t].examples[0]),
    };
    await writeFile(path.join(copy, 'site', 'pages', 'guide-examples.yaml'), `# Page: examples\n${stringify(page)}`);
    const result = await loadSite({ root: copy });
    expect(result.errors.map(formatError)).toEqual([]);
  });

  it('documents every field of every schema, down to the last nested one, and shows an example of every group and list', () => {
    const guide = authoringGuide();
    const rows = new Set([...guide.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]));
    const missing: string[] = [];
    let groups = 0;
    for (const [file, schema] of sectionSchemas().schemas) {
      eachSchema(schema, (node, at) => {
        for (const name of Object.keys((node.properties ?? {}) as object))
          if (!rows.has(name)) missing.push(`${file}#/${at.join('/')}/properties/${name}`);
        if (node.properties && at.includes('properties')) groups++;
      });
    }
    expect(missing).toEqual([]);
    // Each nested group and list has its own example (the page, article and settings files show theirs elsewhere).
    expect(guide.match(/^For example:$/gm)!.length).toBe(groups);
  });

  it('is committed up to date', async () => {
    expect(await readFile(path.join(root, 'docs', 'authoring.md'), 'utf8')).toBe(authoringGuide());
  });
});

describe('editor support', () => {
  it('the section union lists exactly its types, for completion', () => {
    const union = (
      sectionSchemas().schemas.get('sections.composed.json') as {
        $defs: { section: { properties: { type: { enum: string[] } } } };
      }
    ).$defs.section;
    expect(union.properties.type.enum).toEqual(sectionTypes());
  });

  it('every YAML file of the fixture site opens with a one-line comment and names its schema (as npm run new writes them)', async () => {
    // A translation holds texts by path, which no schema describes (translations.ts checks it).
    const files = (await readdir(path.join(fixtureSiteRoot, 'site'), { recursive: true })).filter(
      (f) => f.endsWith('.yaml') && !translationFile(f),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const [first, second] = (await readFile(path.join(fixtureSiteRoot, 'site', file), 'utf8')).split('\n');
      expect(first, file).toMatch(/^# \S/);
      const schema = /^# yaml-language-server: \$schema=(\S+)$/.exec(second)?.[1];
      expect(schema, file).toBeDefined();
      const expected =
        file === 'site.yaml'
          ? 'settings'
          : file === 'redirects.yaml'
            ? 'redirects'
            : file.startsWith('forms/')
              ? 'form'
              : 'page';
      expect(path.resolve(path.dirname(path.join(fixtureSiteRoot, 'site', file)), schema!), file).toBe(
        path.join(root, 'schema', `${expected}.schema.json`),
      );
    }
  });

  it('every section type has a markdownDescription and a snippet equal to its example', () => {
    for (const type of sectionTypes()) {
      const def = sections.$defs[type];
      expect(def.markdownDescription, type).toContain(`**${type}**`);
      expect(def.defaultSnippets[0].body, type).toEqual(def.examples[0]);
    }
  });
});

describe('the schema documents itself', () => {
  it('has no mistakes: every keyword known, every $ref resolving, every field described, one component per type', () => {
    expect(schemaMistakes()).toEqual([]);
  });
});
