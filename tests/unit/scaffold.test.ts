// The scaffolds write files that pass validation, and never overwrite anything.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { newPage, newPost } from '../../scripts/new.ts';
import { writeFixture } from '../fixtures/site-fixture.ts';

describe('npm run new -- page', () => {
  it('writes a valid page at a nested address, with the right schema modeline', async () => {
    const root = await writeFixture();
    const file = await newPage(root, '/solutions/new-offer', 'New Offer');
    expect(path.relative(root, file)).toBe('site/pages/solutions/new-offer.yaml');
    expect((await readFile(file, 'utf8')).split('\n')[1]).toBe('# yaml-language-server: $schema=../../../schema/page.schema.json');
    const result = await loadSite({ root });
    expect(result.errors.map(formatError)).toEqual([]);
    expect(result.model!.pages.map((p) => p.path)).toContain('/solutions/new-offer');
  });

  it('refuses an existing file or an address already taken, and bad input', async () => {
    const root = await writeFixture();
    await expect(newPage(root, '/contact', 'Contact again')).rejects.toThrow('A page with the address /contact already exists');
    await newPage(root, '/about', 'About');
    const before = await readFile(path.join(root, 'site/pages/about.yaml'), 'utf8');
    await expect(newPage(root, '/about', 'Other')).rejects.toThrow('already exists');
    expect(await readFile(path.join(root, 'site/pages/about.yaml'), 'utf8')).toBe(before);
    await expect(newPage(root, 'About Us', 'x')).rejects.toThrow('is not a page address');
    await expect(newPage(root, '/x', '  ')).rejects.toThrow('Give the page a title');
  });
});

describe('npm run new -- post', () => {
  it('writes a valid draft article with the next id, today\'s date and a cover image', async () => {
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
  });

  it('refuses to overwrite an article', async () => {
    const root = await writeFixture();
    await expect(newPost(root, 'hello-world', 'Again')).rejects.toThrow('already exists');
    await expect(newPost(root, 'Bad Slug', 'x')).rejects.toThrow('is not a valid slug');
  });
});
