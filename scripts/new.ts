// `npm run new -- page /path "Title"` and `npm run new -- post slug "Title"`: write a valid new
// page or article from a template, as a draft, and never overwrite anything. The template's
// placeholder sentences are listed once here; validation refuses to publish a file that still
// holds one.
import path from 'node:path';
import { declaredPath } from './content/declared.ts';
import { createAjv } from './content/schemas.ts';
import { articleScaffold, pageScaffold } from './scaffolds.ts';
import { ConfinedFileError, readConfined, siteFiles } from '../shared/confined-files.ts';
import { listFiles } from '../shared/confined-listing.ts';
import { createFile } from '../shared/confined-writes.ts';
import { reservedRefusal } from '../shared/reserved-addresses.ts';

const pagePath = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/;
const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Creates `relative` under site/ through the module that confines writes to it: never over an
 * existing file, never through a folder that is a link. Returns the file's path.
 */
async function writeNew(root: string, relative: string, text: string): Promise<string> {
  try {
    await createFile(siteFiles(root), relative, text);
  } catch (error) {
    if (error instanceof ConfinedFileError && error.code === 'exists')
      throw new Error(`${error.message} Choose another name or edit that file.`, { cause: error });
    throw error;
  }
  return path.join(root, 'site', ...relative.split('/'));
}

/** The texts of the files under a site/ folder with the given extension (links leading out are not read). */
async function texts(root: string, folder: string, extension: string): Promise<string[]> {
  const site = siteFiles(root);
  const { files } = await listFiles(site, folder);
  return Promise.all(
    files
      .filter((f) => f.endsWith(extension))
      .map((f) =>
        readConfined(site, f).then(
          (b) => b.toString('utf8'),
          () => '',
        ),
      ),
  );
}

async function declaredPaths(root: string): Promise<Set<string>> {
  return new Set((await texts(root, 'pages', '.yaml')).map(declaredPath).filter((p): p is string => Boolean(p)));
}

/** A title is one line (common.schema.json's text), checked before anything is written. */
function checkTitle(title: string, whenEmpty: string): void {
  if (!title.trim()) throw new Error(whenEmpty);
  if (!createAjv().getSchema('common.schema.json#/$defs/text')!(title))
    throw new Error(
      `A title is one line: this one holds a line break, a tab or another invisible character. Type it again on one line; nothing was written.`,
    );
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
  if (!pagePath.test(urlPath))
    throw new Error(
      `"${urlPath}" is not a page address: use / then lowercase words joined by dashes, like /about-us or /solutions/new-offer.`,
    );
  const reserved = reservedRefusal(urlPath);
  if (reserved) throw new Error(`${reserved} Nothing was written.`);
  checkTitle(title, 'Give the page a title, for example: npm run new -- page /about-us "About Us"');
  if ((await declaredPaths(root)).has(urlPath))
    throw new Error(`A page with the address ${urlPath} already exists; nothing was changed.`);
  const depth = urlPath.split('/').length - 1;
  return writeNew(
    root,
    `pages/${urlPath.slice(1)}.yaml`,
    pageScaffold(
      {
        path: urlPath,
        title,
        schema: `${'../'.repeat(depth + 1)}schema/page.schema.json`,
        description: placeholders.pageDescription,
        introduction: placeholders.pageIntroduction,
      },
      copy,
    ),
  );
}

export async function newPost(root: string, slug: string, title: string, today = new Date()): Promise<string> {
  return (await createPost(root, slug, title, today)).file;
}

/** A new article, and every file written for it (paths under site/): the article, and its cover when it had none. */
export async function createPost(
  root: string,
  slug: string,
  title: string,
  today = new Date(),
): Promise<{ file: string; written: string[] }> {
  if (!slugPattern.test(slug))
    throw new Error(`"${slug}" is not a valid slug: use lowercase words joined by dashes, like my-new-article.`);
  checkTitle(title, 'Give the article a title, for example: npm run new -- post my-article "My Article"');
  const ids = (await texts(root, 'blog', '.md')).map((text) => Number(/^id:\s*(\d+)/m.exec(text)?.[1] ?? 0));
  const file = await writeNew(
    root,
    `blog/${slug}.md`,
    articleScaffold(
      {
        id: Math.max(0, ...ids) + 1,
        slug,
        title,
        excerpt: placeholders.articleExcerpt,
        date: today.toISOString().slice(0, 10),
        body: placeholders.articleBody,
      },
      copy,
    ),
  );
  const written = [`blog/${slug}.md`];
  const cover = `images/blog/${slug}.svg`;
  await writeNew(
    root,
    cover,
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3d85"/><stop offset="1" stop-color="#2168d4"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/><circle cx="980" cy="140" r="190" fill="#fff" fill-opacity="0.12"/><circle cx="240" cy="520" r="260" fill="#fff" fill-opacity="0.08"/></svg>\n',
  ).then(
    () => written.push(cover),
    () => undefined,
  );
  return { file, written };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [kind, name, title] = process.argv.slice(2);
  const root = process.env.SITE_ROOT ?? path.join(import.meta.dirname, '..');
  try {
    const file =
      kind === 'page'
        ? await newPage(root, name ?? '', title ?? '')
        : kind === 'post'
          ? await newPost(root, name ?? '', title ?? '')
          : undefined;
    if (!file) throw new Error('Usage: npm run new -- page /path "Title"   or   npm run new -- post slug "Title"');
    console.log(
      `Created ${path.relative(root, file)} as a draft: npm run dev shows it, the published site does not. Replace its placeholder sentences, delete the "draft: true" line to publish, then run npm run validate.`,
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
