// The editor experience, checked the way an editor gets it: the real yaml-language-server over
// stdio (LSP), on a fixture page whose modeline points at schema/. It must flag an injected error
// on the right line, accept the shared section fields, and offer the section types on `type:`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sectionTypes } from '../../scripts/content/schemas.ts';
import { startYamlLanguageServer, type YamlLanguageServer } from '../fixtures/yaml-lsp.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';

const root = path.join(import.meta.dirname, '..', '..');
let server: YamlLanguageServer;

beforeAll(async () => {
  server = await startYamlLanguageServer(root);
});
afterAll(() => server?.close());

it('reports a diagnostic on the line of an unknown section type and of an unknown field, accepts the shared fields, and completes section types', async () => {
  const original = await readFile(path.join(fixtureSiteRoot, 'site', 'pages', 'offer.yaml'), 'utf8');
  const lines = original.split('\n');
  const typeLine = lines.findIndex((l) => l.trim() === '- type: steps');
  expect(typeLine).toBeGreaterThan(0);
  lines[typeLine] = lines[typeLine].replace('steps', 'stepz');
  while (lines.at(-1) === '') lines.pop();
  // The editor reads the composed schema: a shared field is accepted, a misspelt one flagged.
  lines.push(
    '  - type: cta',
    '    eyebrow: Shared field',
    '    title: Ready?',
    '    eyebrw: Misspelt field',
    '    buttons:',
    '      - label: Go',
    '        to: /contact',
  );
  const sharedLine = lines.findIndex((l) => l.includes('eyebrow: Shared field'));
  const unknownLine = lines.findIndex((l) => l.includes('eyebrw: Misspelt field'));
  // A new, empty section at the end of the page, where an editor asks for completions.
  lines.push('  - type: ');
  const newLine = lines.length - 1;
  const uri = server.open(path.join(fixtureSiteRoot, 'site', 'pages', 'offer-lsp-check.yaml'), lines.join('\n'));

  // LSP lines count from 0.
  const diagnostics = await server.diagnostics(uri);
  expect(diagnostics.some((d) => d.range.start.line === typeLine)).toBe(true);
  expect(diagnostics.some((d) => d.range.start.line === unknownLine)).toBe(true);
  expect(diagnostics.filter((d) => d.range.start.line === sharedLine)).toEqual([]);

  const labels = await server.completionLabels(uri, newLine, lines[newLine].length);
  for (const type of sectionTypes()) expect(labels, type).toContain(type);
}, 40_000);

it("says a one-line field must be one line in the schema's words, on its line, never with the regex", async () => {
  const original = await readFile(path.join(fixtureSiteRoot, 'site', 'pages', 'offer.yaml'), 'utf8');
  const lines = original.split('\n');
  const titleLine = lines.findIndex((l) => /^title: /.test(l));
  expect(titleLine).toBeGreaterThan(0);
  lines[titleLine] = 'title: "Offer\\nsections: []"';
  const uri = server.open(path.join(fixtureSiteRoot, 'site', 'pages', 'offer-one-line-check.yaml'), lines.join('\n'));
  const diagnostics = await server.diagnostics(uri);
  const common = JSON.parse(await readFile(path.join(root, 'schema', 'common.schema.json'), 'utf8')) as {
    $defs: { text: { patternErrorMessage: string } };
  };
  expect(diagnostics.filter((d) => d.range.start.line === titleLine).map((d) => d.message)).toEqual([
    common.$defs.text.patternErrorMessage,
  ]);
  for (const d of diagnostics) expect(d.message).not.toMatch(/\\u00|\[\^/);
}, 40_000);
