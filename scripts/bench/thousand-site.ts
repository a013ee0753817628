// The 1,000-article site: a throwaway copy of the project (sources copied, node_modules,
// scripts and server linked) whose site/ is the shipped one grown to `articles` valid articles by
// cloning a shipped article; every fifth article (counting the shipped ones, in file-name order) has
// its own 3000×2000 camera-like photo as its cover. Builds, caches (.cache/) and dist/ of the copy
// stay inside it, so a build there starts cold and never touches the project's own.
//   const site = await thousandSite({ articles: 200 });  // develop small
//   await buildSite({ root: site.dir, quiet: true });    // site.dir/dist
//   await changeOneWord(site.dir, site.articles[500]);   // an editor's one-word fix
//   await site.remove();
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cameraPhoto } from '../../tests/fixtures/camera-photo.ts';

const root = path.join(import.meta.dirname, '..', '..');
const copied = [
  'site',
  'src',
  'schema',
  'shared',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
const linked = ['node_modules', 'scripts', 'server', 'tests'];

export interface ThousandSite {
  /** The project copy: pass it as `root` to buildSite; its content is `dir/site`. */
  dir: string;
  /** Every article's file, relative to dir (site/blog/<slug>.md), in file-name order. */
  articles: string[];
  /** The articles with their own photo, relative to dir. */
  photoArticles: string[];
  remove(): Promise<void>;
}

export interface ThousandSiteOptions {
  /** Articles in all, the shipped ones included; default 1,000. */
  articles?: number;
  /** Every how-manyth article has its own photo; default 5. */
  photoEvery?: number;
  /** Photo size; default 3000×2000. */
  width?: number;
  height?: number;
}

/**
 * The n-th photo of a kept pool (under the system's temporary folder), made once: a 3000×2000 photo
 * takes a second to make, and the bench measures encoding them, not making them. Each is its own
 * random picture, so no two articles share a cache entry.
 */
async function poolPhoto(n: number, width: number, height: number): Promise<string> {
  const pool = path.join(tmpdir(), `bench-photos-${width}x${height}`);
  const file = path.join(pool, `photo-${n}.jpg`);
  if (await stat(file).catch(() => undefined)) return file;
  await mkdir(pool, { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  await writeFile(partial, await cameraPhoto(width, height));
  await rename(partial, file);
  return file;
}

const isoDay = (base: Date, days: number) => new Date(base.getTime() - days * 86_400_000).toISOString().slice(0, 10);

export async function thousandSite(options: ThousandSiteOptions = {}): Promise<ThousandSite> {
  const total = options.articles ?? 1000;
  const every = options.photoEvery ?? 5;
  const width = options.width ?? 3000;
  const height = options.height ?? 2000;
  const dir = await mkdtemp(path.join(tmpdir(), 'thousand-site-'));
  for (const item of copied) await cp(path.join(root, item), path.join(dir, item), { recursive: true });
  for (const item of linked) await symlink(path.join(root, item), path.join(dir, item));
  await mkdir(path.join(dir, 'docs'));

  const blog = path.join(dir, 'site', 'blog');
  const template = await readFile(path.join(blog, 'one-team-culture.md'), 'utf8');
  const shipped = (await readdir(blog)).filter((name) => name.endsWith('.md'));
  const ids = await Promise.all(
    shipped.map(async (name) => Number(/^id: (\d+)$/m.exec(await readFile(path.join(blog, name), 'utf8'))?.[1] ?? 0)),
  );
  let nextId = Math.max(0, ...ids) + 1;
  const newest = new Date('2023-12-31T00:00:00Z');
  for (let i = shipped.length + 1; i <= total; i++) {
    const slug = `generated-article-${String(i).padStart(4, '0')}`;
    const text = template
      .replace(/^id: \d+$/m, `id: ${nextId++}`)
      .replace(/^title: .*$/m, `title: "Generated article ${i}: building one team across borders"`)
      .replace(/^date: .*$/m, `date: ${isoDay(newest, i)}`)
      .replace(/^(# Blog article: ).*$/m, `$1Generated article ${i}`);
    await writeFile(path.join(blog, `${slug}.md`), text);
  }

  const articles = (await readdir(blog))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => path.join('site', 'blog', name));
  const photoArticles = articles.filter((_, index) => (index + 1) % every === 0);
  await mkdir(path.join(dir, 'site', 'images', 'photos'), { recursive: true });
  for (const [index, article] of photoArticles.entries()) {
    const slug = path.basename(article, '.md');
    await cp(await poolPhoto(index + 1, width, height), path.join(dir, 'site', 'images', 'photos', `${slug}.jpg`));
    const file = path.join(dir, article);
    const text = await readFile(file, 'utf8');
    const withPhoto = text
      .replace(/^(\s+src: )\/images\/blog\/.*$/m, `$1/images/photos/${slug}.jpg`)
      .replace(/^(\s+width: )\d+$/m, `$1${width}`)
      .replace(/^(\s+height: )\d+$/m, `$1${height}`)
      .replace(/^(\s+alt: ).*$/m, `$1"Photo for the article ${slug.replaceAll('-', ' ')}"`);
    if (withPhoto === text) throw new Error(`${article} has no cover image to replace with a photo.`);
    await writeFile(file, withPhoto);
  }
  return { dir, articles, photoArticles, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * An editor's one-word fix in an article's text: the first "team" (or, once fixed, the word it
 * became) alternates with "group", so every call changes the file and two calls restore it.
 * Returns the file's new text.
 */
export async function changeOneWord(dir: string, article: string): Promise<string> {
  const file = path.join(dir, article);
  const text = await readFile(file, 'utf8');
  const body = text.indexOf('\n---', 3);
  const head = text.slice(0, body);
  const rest = text.slice(body);
  const changed = /\bteam\b/.test(rest) ? rest.replace(/\bteam\b/, 'group') : rest.replace(/\bgroup\b/, 'team');
  if (changed === rest) throw new Error(`${article} has no word to change.`);
  await writeFile(file, head + changed);
  return head + changed;
}
