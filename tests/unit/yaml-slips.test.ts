// The slip catalogue's promise: each slip gives one error in plain words at its line, with the
// line to type instead, in any kind of file; a file in any state gets an answer, never a crash.
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { slipCatalogue } from '../../scripts/content/slip-catalogue.ts';
import { parseYaml } from '../../scripts/content/yaml-source.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';
import { jargonIn } from '../fixtures/yaml-slips.ts';

async function errorsFor(overrides: Record<string, string | Uint8Array | null>) {
  const result = await loadSite({ root: await writeFixture(overrides as Record<string, string | null>) });
  return { ...result, shown: result.errors.map(formatError) };
}

describe('the catalogue', () => {
  for (const entry of slipCatalogue) {
    it(entry.title, () => {
      const { errors } = parseYaml('site/pages/example.yaml', entry.wrong);
      expect(errors).toHaveLength(1);
      const [error] = errors;
      expect(jargonIn(error.message)).toBeUndefined();
      expect(parseYaml('site/pages/example.yaml', entry.right).errors).toEqual([]);
      // The line that was wrong is named, and the message shows the corrected line to type.
      const wrongLines = entry.wrong.split('\n');
      const rightLines = new Set(entry.right.split('\n'));
      const slipped = wrongLines.findIndex((line) => !rightLines.has(line)) + 1;
      if (!entry.title.includes('twice')) {
        expect(error.line).toBe(slipped);
        const typed = /`([^`]+)`/.exec(error.message)?.[1];
        expect(rightLines.has(typed!) || entry.right.includes(typed!.trim()), error.message).toBe(true);
      } else {
        expect(error.message).toMatch(/line 1 and on line 3/);
      }
    });
  }
});

describe('one slip, one error, in every kind of file', () => {
  const slip = (text: string, line: string) => text.replace(line, `${line.replace(': ', ': Note: ')}`);
  const cases: [string, string][] = [
    ['site/pages/home.yaml', 'title: Home'],
    ['site/blog/hello-world.md', 'title: Hello World'],
    ['site/site.yaml', 'name: Test Co'],
    ['site/redirects.yaml', '    to: /solutions'],
  ];
  for (const [file, line] of cases) {
    it(`a colon inside text in ${file}`, async () => {
      const { shown, warnings } = await errorsFor({ [file]: slip(files[file], line) });
      expect(shown).toHaveLength(1);
      expect(shown[0]).toMatch(
        new RegExp(
          `^${file}:\\d+:\\d+  the colon after "Note" made YAML read the rest of the text as a new field. Put the whole text in quotes: `,
        ),
      );
      // Warnings that only follow from the broken file wait until it is fixed.
      expect(warnings).toEqual([]);
    });
  }

  it('a tab in an article front matter is reported at its line in the whole file', async () => {
    const article = files['site/blog/hello-world.md'].replace('  alt: Abstract', '\talt: Abstract');
    const { shown } = await errorsFor({ 'site/blog/hello-world.md': article });
    expect(shown).toEqual([
      'site/blog/hello-world.md:11:1  this line is indented with a tab. YAML only accepts spaces before a line. Write it as `  alt: Abstract cover illustration` (2 spaces before it).',
    ]);
  });

  it('a deleted group line: its fields land in the group above, said once, beside the missing group', async () => {
    const { shown } = await errorsFor({ 'site/site.yaml': files['site/site.yaml'].replace('footer:\n', '') });
    expect(shown).toHaveLength(2);
    expect(shown.join('\n')).toContain('missing required field "footer".');
    expect(shown.join('\n')).toMatch(/navigation: unknown fields "columns" and "copyright"\. Allowed fields: /);
  });

  it('a broken site.yaml leaves out the warnings that follow from it (unused images, unreachable pages)', async () => {
    const { shown, warnings } = await errorsFor({
      'site/site.yaml': files['site/site.yaml'].replace('  links:\n    - label: Home', '  links\n    - label: Home'),
    });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('site/site.yaml:');
    expect(warnings).toEqual([]);
  });
});

describe('every state a file can be in gets an answer', () => {
  it.each([
    ['empty', ''],
    ['only a comment', '# Page: nothing yet\n'],
    ['only ---', '---\n'],
  ])('a page that is %s', async (_, text) => {
    const { shown } = await errorsFor({ 'site/pages/new.yaml': text });
    expect(shown).toEqual([
      'site/pages/new.yaml:1:1  this page has no fields yet. It needs "path", "title", "description" and "sections", each on its own line as `name: value`. `npm run new -- page /address "Title"` writes a page to start from.',
    ]);
  });

  it('an empty form file and an article with empty front matter', async () => {
    const { shown } = await errorsFor({ 'site/forms/new.yaml': '', 'site/blog/new-post.md': '---\n---\nBody.\n' });
    expect(shown).toHaveLength(2);
    expect(shown[0]).toMatch(
      /^site\/blog\/new-post\.md:2:1  this article's front matter has no fields yet\. It needs "id", /,
    );
    expect(shown[1]).toMatch(/^site\/forms\/new\.yaml:1:1  this form has no fields yet\. It needs "id", /);
  });

  it('a half-written page gets schema errors, not a crash', async () => {
    const { shown } = await errorsFor({ 'site/pages/new.yaml': 'path: /new\ntitle:\n' });
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((line) => line.startsWith('site/pages/new.yaml:'))).toBe(true);
  });

  it('a file that is not UTF-8 is named at the foreign character', async () => {
    const text = files['site/pages/solutions.yaml'].replace('title: Solutions', 'title: Caf\u0000');
    const latin1 = Buffer.from(text, 'utf8');
    latin1[latin1.indexOf(0)] = 0xe9;
    const { shown } = await errorsFor({ 'site/pages/solutions.yaml': latin1 });
    expect(shown).toEqual([
      'site/pages/solutions.yaml:3:11  this file is not saved as UTF-8: the character here is in another encoding (often Windows-1252 or Latin-1). Save the file as UTF-8 in your editor (in VS Code: "Save with Encoding" → UTF-8) and retype the character.',
    ]);
  });

  it("a draft article's own cover image is not reported as unused", async () => {
    const draft = files['site/blog/hello-world.md']
      .replace('id: 1', 'id: 2\ndraft: true')
      .replace('hello-world.svg', 'draft-cover.svg');
    const { warnings, errors } = await errorsFor({
      'site/blog/draft-post.md': draft,
      'site/images/blog/draft-cover.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="6"/>',
    });
    expect(errors).toEqual([]);
    expect(warnings.map(formatError)).toEqual([]);
  });
});
