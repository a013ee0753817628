// A rebuild does what changed: builds of a copy of the fixture site with the build
// cache, each compared with a cold build of the same content (an empty build cache): dist/ reads
// back byte for byte the same, and only the routes whose output changed were rendered again.
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/build.ts';
import { fixtureSiteRoot, projectRoot } from '../fixtures/fixture-site.ts';

// Inside the project: the prerender bundle imports the project's node_modules from its folder.
const cacheRoot = path.join(projectRoot, '.cache', `test-build-${randomBytes(4).toString('hex')}`);
let contentRoot: string;
let outputs: string;
let builds = 0;

/** Every file of a folder with a hash of its bytes. */
async function tree(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(
      path.relative(dir, file),
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    );
  }
  return files;
}

/** Builds the content copy with the given build cache folder (a new empty one: a cold build). */
async function build(cache = path.join(cacheRoot, `cold-${builds}`)) {
  const outDir = path.join(outputs, `dist-${++builds}`);
  const result = await buildSite({ root: projectRoot, contentRoot, outDir, quiet: true, buildCache: cache });
  return { ...result, outDir, files: await tree(outDir) };
}

/** The files that differ between two builds (or exist in one only). */
function changed(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((file) => a.get(file) !== b.get(file)).sort();
}

/** The route a dist/ file belongs to (its page or its route data), or undefined for the site's own files. */
function routeOf(file: string): string | undefined {
  const name = file
    .replace(/\.(br|gz)$/, '')
    .split(path.sep)
    .join('/');
  if (name === 'index.html') return '/';
  if (name.endsWith('/index.html')) return `/${name.slice(0, -'/index.html'.length)}`;
  if (name.startsWith('_data/')) {
    const route = name.slice('_data'.length, -'.json'.length);
    return route === '/index' ? '/' : route;
  }
  return undefined;
}

const edit = async (file: string, from: RegExp, to: string) => {
  const full = path.join(contentRoot, 'site', file);
  const before = await readFile(full, 'utf8');
  expect(before).toMatch(from);
  await writeFile(full, before.replace(from, to));
};

beforeAll(async () => {
  contentRoot = await mkdtemp(path.join(tmpdir(), 'incremental-build-'));
  outputs = path.join(contentRoot, 'out');
  await cp(path.join(fixtureSiteRoot, 'site'), path.join(contentRoot, 'site'), { recursive: true });
});

afterAll(async () => {
  await rm(contentRoot, { recursive: true, force: true });
  await rm(cacheRoot, { recursive: true, force: true });
});

describe('a build with the build cache', () => {
  const kept = path.join(cacheRoot, 'kept');
  /** The last cold build, of the content as it is now. */
  let lastCold: Map<string, string>;

  it('renders what a change reaches, reuses the rest, and writes what a cold build writes', async () => {
    const first = await build(kept);
    expect(first.bundlesReused).toBe(false);
    expect(first.reused).toBe(0);
    expect(first.rendered.length).toBe(first.pages);
    expect(first.compressed.cached).toBe(0);

    // The same content again: nothing rendered, nothing compressed, and the same bytes.
    const again = await build(kept);
    expect(again.bundlesReused).toBe(true);
    expect(again.rendered).toEqual([]);
    expect(again.reused).toBe(first.pages);
    expect(again.compressed.cached).toBe(again.compressed.files);
    expect(changed(first.files, again.files)).toEqual([]);

    // One article's title: its page, the listings and the articles that show it change, and only they are rendered.
    await edit('blog/first-note.md', /^title: "First Fixture Note"$/m, 'title: "First Fixture Note, Retitled"');
    const incremental = await build(kept);
    const cold = await build();
    expect(cold.bundlesReused).toBe(false);
    expect(changed(incremental.files, cold.files)).toEqual([]);
    expect(incremental.bundlesReused).toBe(true);
    const differs = changed(first.files, cold.files);
    const routes = [...new Set(differs.map(routeOf).filter((route) => route !== undefined))].sort();
    expect([...incremental.rendered].sort()).toEqual(routes);
    expect(routes).toContain('/resources/blogs/first-note');
    expect(routes).toContain('/resources/blogs');
    expect(routes.length).toBeLessThan(first.pages / 2);
    expect(differs).toContain('feed.xml');
    expect(differs).toContain('atom.xml');
    // A page that shows no article is untouched, and was not rendered.
    expect(routes).not.toContain('/contact');
    expect(incremental.reused).toBe(first.pages - routes.length);
  }, 600_000);

  it('builds the bundles and every page again when the shell (site.yaml) changes', async () => {
    await edit('site.yaml', /^name: Fixture Works$/m, 'name: Fixture Works Renamed');
    const incremental = await build(kept);
    const cold = await build();
    expect(incremental.bundlesReused).toBe(false);
    expect(incremental.rendered.length).toBe(incremental.pages);
    expect(changed(incremental.files, cold.files)).toEqual([]);
    lastCold = cold.files;
  }, 600_000);

  it('makes a damaged page or bundle again, and serves neither', async () => {
    const pages = path.join(kept, 'pages');
    const entries = (await readdir(pages)).filter((name) => name.endsWith('.html'));
    // Every stored page damaged in place (same size, other bytes), and one file of each stored bundle.
    for (const name of entries) {
      const bytes = await readFile(path.join(pages, name));
      await writeFile(path.join(pages, name), Buffer.from(bytes.toString('latin1').replace(/</g, '>'), 'latin1'));
    }
    const bundles = path.join(kept, 'bundles');
    for (const name of await readdir(bundles)) {
      const assets = path.join(bundles, name, 'client', 'assets');
      const css = (await readdir(assets)).find((file) => file.endsWith('.css'))!;
      await writeFile(path.join(assets, css), 'body { color: red }');
    }
    const incremental = await build(kept);
    expect(incremental.bundlesReused).toBe(false);
    expect(incremental.rendered.length).toBe(incremental.pages);
    // The content is the one the previous test built cold.
    expect(changed(incremental.files, lastCold)).toEqual([]);
  }, 600_000);
});
