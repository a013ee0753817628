// `npm run new -- page /path "Title"` and `npm run new -- post slug "Title"`: write a valid new
// page or article from a template, as a draft, and never overwrite anything. The template's
// placeholder sentences are listed once here; validation refuses to publish a file that still
// holds one.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { declaredPath } from './content/declared.ts';
import { createAjv } from './content/schemas.ts';
import { articleScaffold, pageScaffold } from './scaffolds.ts';

const pagePath = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/;
const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

async function writeNew(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await writeFile(file, text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new Error(`${file} already exists; nothing was changed. Choose another name or edit that file.`);
    throw error;
  }
}

async function declaredPaths(root: string): Promise<Set<string>> {
  const dir = path.join(root, 'site', 'pages');
  const files = (await readdir(dir, { recursive: true }).catch(() => [])).filter((f) => f.endsWith('.yaml'));
  const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return new Set(texts.map(declaredPath).filter((p): p is string => Boolean(p)));
}

/** A title is one line (common.schema.json's text), checked before anything is written. */
function checkTitle(title: string, whenEmpty: string): void {
  if (!title.trim()) throw new Error(whenEmpty);
  if (!createAjv().getSchema('common.schema.json#/$defs/text')!(title)) throw new Error(`A title is one line: this one holds a line break, a tab or another invisible character. Type it again on one line; nothing was written.`);
}

/** The scaffolds' placeholder copy: each sentence is for the editor to replace. */
export const placeholders = {
  pageDescription: 'Replace this sentence with one or two that search engines can show for the page.',
  pageIntroduction: 'Replace this introduction with what a visitor gains from this page.',
  articleExcerpt: 'Replace this with one or two sentences that make a reader want to read on.',
  articleBody: 'Write the article here in Markdown: paragraphs, lists, > quotes and [links](/contact).',
} as const;

const copy = { draftComment: 'visible in npm run dev only; remove this line to publish' };

export async function newPage(root: string, urlPath: string, title: string): Promise<string> {
  if (!pagePath.test(urlPath)) throw new Error(`"${urlPath}" is not a page address: use / then lowercase words joined by dashes, like /about-us or /solutions/new-offer.`);
  checkTitle(title, 'Give the page a title, for example: npm run new -- page /about-us "About Us"');
  if ((await declaredPaths(root)).has(urlPath)) throw new Error(`A page with the address ${urlPath} already exists; nothing was changed.`);
  const file = path.join(root, 'site', 'pages', `${urlPath.slice(1)}.yaml`);
  const depth = urlPath.split('/').length - 1;
  await writeNew(
    file,
    pageScaffold({ path: urlPath, title, schema: `${'../'.repeat(depth + 1)}schema/page.schema.json`, description: placeholders.pageDescription, introduction: placeholders.pageIntroduction }, copy),
  );
  return file;
}

export async function newPost(root: string, slug: string, title: string, today = new Date()): Promise<string> {
  if (!slugPattern.test(slug)) throw new Error(`"${slug}" is not a valid slug: use lowercase words joined by dashes, like my-new-article.`);
  checkTitle(title, 'Give the article a title, for example: npm run new -- post my-article "My Article"');
  const blog = path.join(root, 'site', 'blog');
  const ids = await Promise.all(
    (await readdir(blog).catch(() => [])).filter((f) => f.endsWith('.md')).map(async (f) => Number(/^id:\s*(\d+)/m.exec(await readFile(path.join(blog, f), 'utf8'))?.[1] ?? 0)),
  );
  const file = path.join(blog, `${slug}.md`);
  const image = path.join(root, 'site', 'images', 'blog', `${slug}.svg`);
  await writeNew(
    file,
    articleScaffold({ id: Math.max(0, ...ids) + 1, slug, title, excerpt: placeholders.articleExcerpt, date: today.toISOString().slice(0, 10), body: placeholders.articleBody }, copy),
  );
  await writeNew(image, '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3d85"/><stop offset="1" stop-color="#2168d4"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/><circle cx="980" cy="140" r="190" fill="#fff" fill-opacity="0.12"/><circle cx="240" cy="520" r="260" fill="#fff" fill-opacity="0.08"/></svg>\n').catch(() => undefined);
  return file;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [kind, name, title] = process.argv.slice(2);
  const root = process.env.SITE_ROOT ?? path.join(import.meta.dirname, '..');
  try {
    const file = kind === 'page' ? await newPage(root, name ?? '', title ?? '') : kind === 'post' ? await newPost(root, name ?? '', title ?? '') : undefined;
    if (!file) throw new Error('Usage: npm run new -- page /path "Title"   or   npm run new -- post slug "Title"');
    console.log(`Created ${path.relative(root, file)} as a draft: npm run dev shows it, the published site does not. Replace its placeholder sentences, delete the "draft: true" line to publish, then run npm run validate.`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
