// A new section type stays three small steps, and everything follows: the README's recipe is
// applied to a temporary copy of the project (its `logos` example added to the schema, one
// component, one registry line) and validation, the types, the type-check, the guide and editor
// completion all know the new type. The schema entry stays within about 30 lines.
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyProject, readmeRecipe } from '../fixtures/project-copy.ts';
import { startYamlLanguageServer } from '../fixtures/yaml-lsp.ts';

let copy: string;

const run = (script: string, ...args: string[]) => spawnSync(process.execPath, [path.join(copy, script), ...args], { cwd: copy, encoding: 'utf8', env: { ...process.env, CI: '' } });
const typeCheck = () => spawnSync(path.join(copy, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', copy], { cwd: copy, encoding: 'utf8' });

beforeAll(async () => {
  copy = await copyProject('new-section-type-');
});

describe('adding a two-field section type by the README recipe', () => {
  let steps: Awaited<ReturnType<typeof readmeRecipe>>;

  it('takes at most about 30 lines of schema: its entry and one line in the list of types', async () => {
    steps = await readmeRecipe();
    const entry = steps.entry;
    expect(entry.split('\n').length + 1).toBeLessThanOrEqual(30);
    const file = path.join(copy, 'schema', 'sections.schema.json');
    const sections = JSON.parse(await readFile(file, 'utf8'));
    sections.$defs.section.oneOf.push({ $ref: '#/$defs/logos' });
    Object.assign(sections.$defs, JSON.parse(`{${entry}}`));
    await writeFile(file, JSON.stringify(sections, null, 2));
  });

  it('until its component exists, npm run validate and npm run types say which file to create', () => {
    const validate = run('scripts/validate.ts');
    expect(validate.status).toBe(1);
    expect(validate.stderr).toMatch(/^schema\/sections\.schema\.json:\d+:\d+ {2}\$defs\/section\/oneOf\/\d+: section type "logos" has no component: create src\/sections\/Logos\.tsx/m);
    expect(validate.stderr).not.toMatch(/^\s+at /m);
    const types = run('scripts/generate-types.ts');
    expect(types.status).toBe(1);
    expect(types.stderr).toMatch(/^schema\/sections\.schema\.json:\d+:\d+ {2}\$defs\/section\/oneOf\/\d+: section type "logos" has no component/m);
  });

  it('the generated types, the composed editor schema and the guide follow', async () => {
    await writeFile(path.join(copy, 'src', 'sections', 'Logos.tsx'), steps.component);
    expect(run('scripts/generate-types.ts').status).toBe(0);
    const types = await readFile(path.join(copy, 'src', 'generated', 'content.ts'), 'utf8');
    expect(types).toMatch(/export interface LogosSection \{[\s\S]*?type: 'logos';[\s\S]*?eyebrow\?: string;[\s\S]*?logos: Image\[\];[\s\S]*?caption\?: string;/);
    const composed = JSON.parse(await readFile(path.join(copy, 'schema', 'sections.composed.json'), 'utf8'));
    expect(composed.$defs.section.properties.type.enum).toContain('logos');
    expect(composed.$defs.logos.defaultSnippets[0].body).toEqual(composed.$defs.logos.examples[0]);
    expect(run('scripts/generate-docs.ts').status).toBe(0);
    const guide = await readFile(path.join(copy, 'docs', 'authoring.md'), 'utf8');
    expect(guide).toContain('### `logos`');
    expect(guide).toMatch(/\| `logos` \| \*\*yes\*\* \| list of \[images\]\(#images\) \|/);
  });

  it('the type-check fails at the registry until its line is there, then passes; the type takes shared fields and refuses unknown ones', async () => {
    // If the type accepted an unknown field, the @ts-expect-error below would itself fail the check.
    await writeFile(path.join(copy, 'src', 'sections', 'logos-type-check.ts'), `import type { LogosSection } from '../generated/content.ts';
export const shared: LogosSection = { type: 'logos', eyebrow: 'Partners', hideWhenQuery: 'source=form', logos: [] };
// @ts-expect-error: not a field of the logos section
export const unknown: LogosSection = { type: 'logos', logos: [], eyebrw: 'Partners' };
`);
    const missing = typeCheck();
    expect(missing.status).not.toBe(0);
    expect(missing.stdout).toMatch(/src\/sections\/registry\.ts\(\d+,\d+\).*logos/);
    const registry = path.join(copy, 'src', 'sections', 'registry.ts');
    const text = await readFile(registry, 'utf8');
    await writeFile(registry, text.replace(/(\n {2}form: .*\n)/, `$1  ${steps.registryLine}\n`));
    const fixed = typeCheck();
    expect(fixed.stdout + fixed.stderr).toBe('');
    expect(fixed.status).toBe(0);
  }, 300_000);

  it('validation accepts its example on a page and refuses a mistake, at its place', async () => {
    const composed = JSON.parse(await readFile(path.join(copy, 'schema', 'sections.composed.json'), 'utf8'));
    const example = composed.$defs.logos.examples[0] as { logos: { src: string }[] };
    for (const logo of example.logos) {
      await mkdir(path.dirname(path.join(copy, 'site', logo.src)), { recursive: true });
      await writeFile(path.join(copy, 'site', logo.src), '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48"/>');
    }
    const page = (sections: string) => `# Page: partners\n# yaml-language-server: $schema=../../schema/page.schema.json\npath: /partners\ntitle: Partners\ndescription: The companies we work with, shown as a row of their logos on this page.\nsections:\n${sections}`;
    const logos = example.logos.map((logo) => `      - src: ${logo.src}\n        alt: Acme\n        width: 160\n        height: 48\n`).join('');
    await writeFile(path.join(copy, 'site', 'pages', 'partners.yaml'), page(`  - type: logos\n    eyebrow: Partners\n    logos:\n${logos}`));
    const valid = run('scripts/validate.ts');
    expect(valid.stderr.split('\n').filter((line) => line && !line.startsWith('warning'))).toEqual([]);
    expect(valid.status).toBe(0);
    await writeFile(path.join(copy, 'site', 'pages', 'partners.yaml'), page('  - type: logos\n    captoin: Our partners\n'));
    const invalid = run('scripts/validate.ts');
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toContain('site/pages/partners.yaml:7:5  section 1 (logos): missing required field "logos".');
    expect(invalid.stderr).toContain('site/pages/partners.yaml:8:5  section 1 (logos) › captoin: unknown field "captoin". Did you mean "caption"?');
  });

  it('the editor completes it and flags a misspelt field', async () => {
    const server = await startYamlLanguageServer(copy);
    try {
      const text = `# Page\n# yaml-language-server: $schema=../../schema/page.schema.json\npath: /lsp\ntitle: LSP\ndescription: A page that exists only for the editor check, long enough to be valid.\nsections:\n  - type: logos\n    captoin: Misspelt\n  - type: \n`;
      const uri = server.open(path.join(copy, 'site', 'pages', 'lsp.yaml'), text);
      const diagnostics = await server.diagnostics(uri);
      expect(diagnostics.some((d) => d.range.start.line === 7)).toBe(true);
      expect(await server.completionLabels(uri, 8, '  - type: '.length)).toContain('logos');
    } finally {
      server.close();
    }
  }, 40_000);
});

