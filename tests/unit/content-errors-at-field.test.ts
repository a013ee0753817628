// Every problem names the field that must change (`at`), so the studio shows it there: a missing
// field at that field, not at its group's first line; a rule between two fields at the one to
// change, saying what to do. What `npm run validate` prints stays as it was.
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { judge } from '../../scripts/studio/entries.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

const home = files['site/pages/home.yaml'];
const article = files['site/blog/hello-world.md'];

async function errorsFor(file: string, text: string) {
  const result = await loadSite({ root: await writeFixture({ [file]: text }) });
  return result.errors;
}

describe('the compiler names the field that must change', () => {
  it("a hero's highlight that is not in its title: at the highlight, saying to change it", async () => {
    const edited = home.replace(
      'title: Your GCC Builds. We Tell Your Story.',
      'title: Your GCC Builds. We Tell Your Story.\n    highlight: Your Story',
    );
    expect(await errorsFor('site/pages/home.yaml', edited)).toEqual([]);
    // The headline edited, the highlight left as it was.
    const retitled = edited.replace('title: Your GCC Builds. We Tell Your Story.', 'title: Your GCC Builds.');
    const [error, ...others] = await errorsFor('site/pages/home.yaml', retitled);
    expect(others).toEqual([]);
    expect(error.at).toEqual(['sections', 0, 'highlight']);
    expect(formatError(error)).toBe(
      'site/pages/home.yaml:8:16  section 1 (hero) › highlight: the highlight must be words from the title ("Your GCC Builds."), and "Your Story" is not: change the highlight too.',
    );
  });

  it('a missing field of an article: at that field, though said (as before) at the front matter it belongs in', async () => {
    const [error, ...others] = await errorsFor('site/blog/hello-world.md', article.replace('readTime: 6\n', ''));
    expect(others).toEqual([]);
    expect(error.at).toEqual(['readTime']);
    expect(formatError(error)).toBe('site/blog/hello-world.md:3:1  missing required field "readTime".');
  });

  it('a missing field deep in a page, and a missing section type: at the missing field', async () => {
    const noTitle = home.replace('      - title: First\n        icon: rocket', '      - icon: rocket');
    expect((await errorsFor('site/pages/home.yaml', noTitle)).map((e) => e.at)).toEqual([
      ['sections', 1, 'cards', 0, 'title'],
    ]);
    const noType = home
      .replace('  - type: cta', '  - title: Untyped')
      .replace('  - type: articles', '  - title: Untyped');
    expect((await errorsFor('site/pages/home.yaml', noType)).map((e) => e.at)).toEqual([['sections', 2, 'type']]);
  });

  it('a broken link, an unknown field and a wrong kind of value: at their own place', async () => {
    const unknown = await errorsFor(
      'site/pages/home.yaml',
      home.replace('  - type: articles', '  - type: articles\n    titel: x'),
    );
    expect(unknown.map((e) => e.at)).toEqual([['sections', 2, 'titel']]);
    const link = await errorsFor('site/pages/home.yaml', home.replace('to: /solutions', 'to: /solutons'));
    expect(link.map((e) => e.at)).toEqual([['sections', 0, 'buttons', 0, 'to']]);
    const kind = await errorsFor('site/blog/hello-world.md', article.replace('readTime: 6', 'readTime: six'));
    expect(kind.map((e) => e.at)).toEqual([['readTime']]);
  });
});

describe("the studio's check places each problem at its field", () => {
  const check = async (file: string, text: string) => {
    const root = await writeFixture();
    return judge(root, file, text);
  };

  it('an emptied "Read time" of an article lands at Read time, not at the first field (Id)', async () => {
    const verdict = await check('blog/hello-world.md', article.replace('readTime: 6\n', ''));
    expect(verdict.errors.map((e) => [e.at, e.text])).toEqual([[['readTime'], 'missing required field "readTime".']]);
  });

  it('a broken link in the Markdown body lands at the body; the text has no file, line or column', async () => {
    const verdict = await check('blog/hello-world.md', article.replace('](/solutions)', '](/solution)'));
    expect(verdict.errors.map((e) => [e.at, e.text])).toEqual([
      [[], 'link "/solution" is not a page. Did you mean "/solutions"?'],
    ]);
  });

  it('a problem in another file is said in words with the entry’s kind and title, without its file, line or column', async () => {
    const verdict = await check(
      'pages/solutions.yaml',
      files['site/pages/solutions.yaml'].replace('/solutions', '/offer'),
    );
    expect(verdict.errors).toEqual([]);
    expect(verdict.elsewhere).toContain(
      'Page “Home”: section 1 (hero) › button 1 (Solutions) › to: "/solutions" is not a page.',
    );
  });
});
