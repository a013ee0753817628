// The scaffolds write drafts that pass validation, never overwrite anything, and never publish
// their placeholder copy: validation refuses a published file that still holds it, at its line.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { newPage, newPost, placeholders } from '../../scripts/new.ts';
import { writeFixture } from '../fixtures/site-fixture.ts';

describe('npm run new -- page', () => {
  it('writes a valid draft page at a nested address, with the right schema modeline', async () => {
    const root = await writeFixture();
    const file = await newPage(root, '/solutions/new-offer', 'New Offer');
    expect(path.relative(root, file)).toBe('site/pages/solutions/new-offer.yaml');
    expect((await readFile(file, 'utf8')).split('\n')[1]).toBe(
      '# yaml-language-server: $schema=../../../schema/page.schema.json',
    );
    const drafts = await loadSite({ root, includeDrafts: true });
    expect(drafts.errors.map(formatError)).toEqual([]);
    expect(drafts.model!.pages.map((p) => p.path)).toContain('/solutions/new-offer');
    const production = await loadSite({ root });
    expect(production.errors.map(formatError)).toEqual([]);
    expect(production.model!.pages.map((p) => p.path)).not.toContain('/solutions/new-offer');
  });

  it('published with its placeholders still in it, the page is refused at each of their lines', async () => {
    const root = await writeFixture();
    const file = await newPage(root, '/about', 'About');
    const text = (await readFile(file, 'utf8')).replace(/^draft: true.*\n/m, '');
    await writeFile(file, text);
    const lines = text.split('\n');
    const at = (sentence: string) =>
      `${lines.findIndex((l) => l.includes(sentence)) + 1}:${lines.find((l) => l.includes(sentence))!.indexOf(sentence) + 1}`;
    const errors = (await loadSite({ root })).errors.map(formatError);
    expect(errors).toEqual(
      [placeholders.pageDescription, placeholders.pageIntroduction].map((sentence) =>
        expect.stringMatching(
          new RegExp(`^site/pages/about\\.yaml:${at(sentence)}  this is the scaffold's placeholder text`),
        ),
      ),
    );
    // Once the editor's own words replace them, it publishes.
    await writeFile(
      file,
      text
        .replace(
          placeholders.pageDescription,
          'Who we are, where we work and how we help GCC leaders tell their story.',
        )
        .replace(placeholders.pageIntroduction, 'A team of writers and designers.'),
    );
    const published = await loadSite({ root });
    expect(published.errors.map(formatError)).toEqual([]);
    expect(published.model!.pages.map((p) => p.path)).toContain('/about');
  });

  it('refuses an existing file or an address already taken, and bad input', async () => {
    const root = await writeFixture();
    const pagesBefore = [...(await readdir(path.join(root, 'site/pages'))), 'about.yaml'].sort();
    await expect(newPage(root, '/contact', 'Contact again')).rejects.toThrow(
      'A page with the address /contact already exists',
    );
    await newPage(root, '/about', 'About');
    const before = await readFile(path.join(root, 'site/pages/about.yaml'), 'utf8');
    await expect(newPage(root, '/about', 'Other')).rejects.toThrow('already exists');
    expect(await readFile(path.join(root, 'site/pages/about.yaml'), 'utf8')).toBe(before);
    await expect(newPage(root, 'About Us', 'x')).rejects.toThrow('is not a page address');
    await expect(newPage(root, '/x', '  ')).rejects.toThrow('Give the page a title');
    for (const address of ['/healthz', '/images/team', '/email/api/send-email', '/assets'])
      await expect(newPage(root, address, 'Taken'), address).rejects.toThrow(`"${address}" belongs to the site itself`);
    expect((await readdir(path.join(root, 'site/pages'))).sort()).toEqual(pagesBefore);
  });
});

describe('npm run new -- post', () => {
  it("writes a valid draft article with the next id, today's date and a cover image", async () => {
    const root = await writeFixture();
    const file = await newPost(root, 'my-new-article', 'My New Article', new Date('2024-02-01T10:00:00Z'));
    const text = await readFile(file, 'utf8');
    expect(text).toContain('id: 2');
    expect(text).toContain('date: 2024-02-01');
    const drafts = await loadSite({ root, includeDrafts: true });
    expect(drafts.errors.map(formatError)).toEqual([]);
    expect(drafts.model!.articles.map((a) => a.slug)).toContain('my-new-article');
    // A draft stays out of the production model until `draft: true` is removed.
    expect((await loadSite({ root })).model!.articles.map((a) => a.slug)).not.toContain('my-new-article');
    // Published as written, its placeholders are refused: the excerpt and the body.
    await writeFile(file, text.replace(/^draft: true.*\n/m, ''));
    expect((await loadSite({ root })).errors.map((e) => `${e.file}:${e.line}`)).toEqual([
      'site/blog/my-new-article.md:5',
      'site/blog/my-new-article.md:17',
    ]);
  });

  it('refuses to overwrite an article', async () => {
    const root = await writeFixture();
    await expect(newPost(root, 'hello-world', 'Again')).rejects.toThrow('already exists');
    await expect(newPost(root, 'Bad Slug', 'x')).rejects.toThrow('is not a valid slug');
  });
});

describe('titles, whatever they hold', () => {
  // Characters YAML gives meaning to, at the start, inside and at the end of a title.
  const titles = [
    'Q&A: what "GCC" means # really',
    "- [draft] {not} a list | > % @ ` ! * &x 'quoted'",
    'yes',
    '2024',
    'Über uns — naïve café',
  ];

  it('are written as values: each page and article reads back with exactly its title', async () => {
    const root = await writeFixture();
    for (const [i, title] of titles.entries()) {
      await newPage(root, `/hostile-${i}`, title);
      await newPost(root, `hostile-${i}`, title, new Date('2024-02-01T10:00:00Z'));
    }
    const { errors, model } = await loadSite({ root, includeDrafts: true });
    expect(errors.map(formatError)).toEqual([]);
    for (const [i, title] of titles.entries()) {
      expect(model!.pages.find((p) => p.path === `/hostile-${i}`)?.title).toBe(title);
      expect(model!.articles.find((a) => a.slug === `hostile-${i}`)?.title).toBe(title);
    }
  });

  it('a line break or another control character is refused with a plain message, and nothing is written', async () => {
    const root = await writeFixture();
    for (const title of ['About\nsections: []', 'About\r\ndraft: false', 'About\u2028us', 'Tab\there', 'Bell\u0007']) {
      await expect(newPage(root, '/about', title)).rejects.toThrow('A title is one line');
      await expect(newPost(root, 'about', title)).rejects.toThrow('A title is one line');
    }
    await expect(readFile(path.join(root, 'site/pages/about.yaml'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(readFile(path.join(root, 'site/blog/about.md'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
