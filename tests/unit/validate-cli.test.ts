// `npm run validate` as CI and editors use it: exit codes, the summary line, warnings that do not
// fail, GitHub annotations with CI=true, and drafts left out of what gets published.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site.ts';
import { routeData } from '../../scripts/site-build/model-to-routes.ts';
import { inlineSmallImages } from '../../scripts/site-build/inline-image.ts';
import { manifest } from '../../scripts/site-build/site-files.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

const validate = (root: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [path.join(import.meta.dirname, '..', '..', 'scripts', 'validate.ts')], {
    env: { ...process.env, SITE_ROOT: root, CI: '', ...env },
    encoding: 'utf8',
  });

describe('npm run validate', () => {
  it('prints one summary line and exits 0 on a valid site', async () => {
    const run = validate(await writeFixture());
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('site/ is valid: 3 pages, 1 article, 8 links checked in 7 files.');
    expect(run.stderr).toBe('');
  });

  it('prints every error as file:line:col and exits 1; with CI=true also ::error annotations', async () => {
    const root = await writeFixture({
      'site/pages/home.yaml': files['site/pages/home.yaml'].replace('to: /solutions', 'to: /solutons'),
    });
    const run = validate(root, { CI: 'true' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'site/pages/home.yaml:10:13  section 1 (hero) › button 1 (Solutions) › to: "/solutons" is not a page. Did you mean "/solutions"?',
    );
    expect(run.stderr).toContain(
      '::error file=site/pages/home.yaml,line=10,col=13::section 1 (hero) › button 1 (Solutions) › to: "/solutons" is not a page. Did you mean "/solutions"?',
    );
    expect(run.stderr).toContain('1 error in site/.');
  });

  it('lists per language the missing and outdated translations, and passes', () => {
    const run = validate(path.join(import.meta.dirname, '..', 'fixture-site'));
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    for (const language of ['de', 'ur'])
      expect(
        lines.some((line) => new RegExp(`^translation ${language}: \\d+ missing, \\d+ outdated$`).test(line)),
      ).toBe(true);
    expect(lines.filter((line) => line.startsWith('  outdated  site/pages/home.de.yaml  '))).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('  missing   site/pages/home.ur.yaml  '))).toBe(true);
  });

  it('warns, without failing, about unused images and pages no link reaches', async () => {
    const orphan = files['site/pages/solutions.yaml']
      .replace('path: /solutions', 'path: /orphan')
      .replace('title: Solutions', 'title: Orphan');
    const root = await writeFixture({
      'site/images/unused.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'site/pages/orphan.yaml': orphan,
    });
    const run = validate(root);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('warning  site/images/unused.svg:1:1  image is not used by any page or article.');
    expect(run.stdout).toContain(
      'warning  site/pages/orphan.yaml:2:7  path: no link leads to "/orphan": visitors can only reach it by typing its address.',
    );
    // The summary counts the warnings above it: it comes last, on a line of its own.
    expect(run.stdout).toMatch(/\nsite\/ is valid: .* \(2 warnings\)\.\n$/);
  });
});

describe('drafts', () => {
  it('are not routes, not in the listing, the sitemap or the server manifest of a production build', async () => {
    const draft = files['site/blog/hello-world.md']
      .replace('id: 1', 'id: 2\ndraft: true')
      .replace('title: Hello World', 'title: Draft Post');
    const root = await writeFixture({ 'site/blog/draft-post.md': draft });
    const { model } = await loadSite({ root });
    const routes = routeData(model!, inlineSmallImages(root));
    expect([...routes.keys()]).not.toContain('/resources/blogs/draft-post');
    const home = routes.get('/');
    const listing = home?.kind === 'page' ? home.sections.find((s) => s.type === 'articles') : undefined;
    expect(listing?.type === 'articles' && listing.articles.map((a) => a.slug)).toEqual(['hello-world']);
    expect(manifest(model!).routes).not.toContain('/resources/blogs/draft-post');
    const dev = await loadSite({ root, includeDrafts: true });
    expect([...routeData(dev.model!, inlineSmallImages(root)).keys()]).toContain('/resources/blogs/draft-post');
  });
});
