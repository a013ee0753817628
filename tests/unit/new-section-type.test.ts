// A new section type is four small steps, in any order, and everything follows: the recipe in
// docs/sections.md is applied to a temporary copy of the project (its `logos` example added to the
// schema, one component, one registry line, one section in the fixture site) and at each step the
// tools say what is missing; then validation, the types, the type-check, the guide, editor
// completion and the copy's own tests that cover section types all know the new type, with no
// test file edited. The schema entry stays within about 30 lines.
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addFixtureSection,
  addRegistryLine,
  addSchemaEntry,
  copyProject,
  runScript,
  sectionRecipe,
} from '../fixtures/project-copy.ts';
import { startYamlLanguageServer } from '../fixtures/yaml-lsp.ts';

let copy: string;
let steps: Awaited<ReturnType<typeof sectionRecipe>>;

const run = (script: string, ...args: string[]) => runScript(copy, script, ...args);
// TypeScript 7 by its path, as `npm test` runs it (the `typescript` package is 6.0, for ESLint).
const typeCheck = () =>
  spawnSync(process.execPath, [path.join(copy, 'node_modules', 'tsgo', 'bin', 'tsc'), '--noEmit', '-p', copy], {
    cwd: copy,
    encoding: 'utf8',
  });
/** The copy's own unit tests, as `npm test` runs them there. */
const copyTests = (...files: string[]) =>
  spawnSync(
    process.execPath,
    [path.join(copy, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'unit', ...files],
    { cwd: copy, encoding: 'utf8', env: { ...process.env, CI: 'true', FORCE_COLOR: '0', NO_COLOR: '1' } },
  );
const sectionTests = ['tests/unit/fixture-site.test.ts', 'tests/unit/schema-contract.test.ts'];

beforeAll(async () => {
  copy = await copyProject('new-section-type-');
  steps = await sectionRecipe();
});

describe('adding a two-field section type by docs/sections.md', () => {
  it('step 1 takes at most about 30 lines of schema: its entry and one line in the list of types', async () => {
    expect(steps.entry.split('\n').length + 1).toBeLessThanOrEqual(30);
    await addSchemaEntry(copy, steps.entry);
  });

  it('step 2: npm run types writes the types before the component exists; npm run validate names the component to create', async () => {
    const types = run('scripts/generate-types.ts');
    expect(types.stderr).toBe('');
    expect(types.status).toBe(0);
    const generated = await readFile(path.join(copy, 'shared', 'generated', 'content.ts'), 'utf8');
    expect(generated).toMatch(
      /export interface LogosSection \{[\s\S]*?type: 'logos';[\s\S]*?eyebrow\?: string;[\s\S]*?logos: Image\[\];[\s\S]*?caption\?: string;/,
    );
    const composed = JSON.parse(await readFile(path.join(copy, 'schema', 'sections.composed.json'), 'utf8'));
    expect(composed.$defs.section.properties.type.enum).toContain('logos');
    expect(composed.$defs.logos.defaultSnippets[0].body).toEqual(composed.$defs.logos.examples[0]);
    const validate = run('scripts/validate.ts');
    expect(validate.status).toBe(1);
    expect(validate.stderr).toMatch(
      /^schema\/sections\.schema\.json:\d+:\d+ {2}\$defs\/section\/oneOf\/\d+: section type "logos" has no component: create src\/sections\/Logos\.tsx, exporting Logos, and add its line to src\/sections\/registry\.ts/m,
    );
    expect(validate.stderr).not.toMatch(/^\s+at /m);
  });

  it('steps 3 and 4: the type-check fails at the registry until its line is there, then passes; the type takes shared fields and refuses unknown ones', async () => {
    await writeFile(path.join(copy, 'src', 'sections', 'Logos.tsx'), steps.component);
    expect(run('scripts/validate.ts').status).toBe(0);
    // If the type accepted an unknown field, the @ts-expect-error below would itself fail the check.
    const probe = path.join(copy, 'src', 'components', 'logos-type-check.ts');
    await writeFile(
      probe,
      `import type { LogosSection } from '../../shared/generated/content.ts';
export const shared: LogosSection = { type: 'logos', eyebrow: 'Partners', hideWhenQuery: 'source=form', logos: [] };
// @ts-expect-error: not a field of the logos section
export const unknown: LogosSection = { type: 'logos', logos: [], eyebrw: 'Partners' };
`,
    );
    const missing = typeCheck();
    expect(missing.status).not.toBe(0);
    expect(missing.stdout).toMatch(/src\/sections\/registry\.ts\(\d+,\d+\).*logos/);
    await addRegistryLine(copy, steps.registryLine);
    const fixed = typeCheck();
    expect(fixed.stdout + fixed.stderr).toBe('');
    expect(fixed.status).toBe(0);
  }, 300_000);

  it('step 5: the tests that cover section types fail, naming the type, until the fixture site uses it; then they pass unedited', async () => {
    const before = copyTests(...sectionTests);
    expect(before.status).not.toBe(0);
    expect(before.stdout + before.stderr).toMatch(/section type \\?"logos\\?": no page of tests\/fixture-site uses it/);
    await addFixtureSection(copy, steps.fixtureSection);
    const fixture = runScript(copy, 'scripts/validate.ts');
    expect(fixture.status).toBe(0);
    const after = copyTests(...sectionTests);
    expect(after.stdout + after.stderr, after.stdout + after.stderr).toMatch(/Tests\s+\d+ passed/);
    expect(after.status).toBe(0);
  }, 300_000);

  it('step 6: the guide follows', async () => {
    expect(run('scripts/generate-docs.ts').status).toBe(0);
    const guide = await readFile(path.join(copy, 'docs', 'authoring.md'), 'utf8');
    expect(guide).toContain('### `logos`');
    expect(guide).toMatch(/\| `logos` \| Logos \| \*\*yes\*\* \| list of \[images\]\(#images\) \|/);
  });

  it('validation of the fixture site accepts the section and refuses a mistake in it, at its place', async () => {
    const fixtureRoot = path.join(copy, 'tests', 'fixture-site');
    const validateFixture = () =>
      spawnSync(process.execPath, [path.join(copy, 'scripts', 'validate.ts')], {
        cwd: copy,
        encoding: 'utf8',
        env: { ...process.env, CI: '', SITE_ROOT: fixtureRoot },
      });
    const valid = validateFixture();
    expect(valid.stderr.split('\n').filter((line) => line && !line.startsWith('warning'))).toEqual([]);
    expect(valid.status).toBe(0);
    const page = (sections: string) =>
      `# Page: partners\npath: /partners\ntitle: Partners\ndescription: The companies we work with, shown as a row of their logos on this page.\nsections:\n${sections}`;
    await writeFile(
      path.join(fixtureRoot, 'site', 'pages', 'partners.yaml'),
      page('  - type: logos\n    captoin: Our partners\n'),
    );
    const invalid = validateFixture();
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toContain(
      'site/pages/partners.yaml:6:5  section 1 (logos): missing required field "logos".',
    );
    expect(invalid.stderr).toContain(
      'site/pages/partners.yaml:7:5  section 1 (logos) › captoin: unknown field "captoin". Did you mean "caption"?',
    );
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
