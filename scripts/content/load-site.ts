// The content compiler: reads site/**, validates every file against schema/, checks every
// cross-reference, and returns one typed site model. Nothing else in the project parses YAML.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ArticleMeta, FormDefinition, Page, Redirects, Settings } from '../../src/generated/content.ts';
import { checkSite, type Entry } from './checks.ts';
import { checkImageFiles } from './image-files.ts';
import { byPosition, ContentErrors, type ContentError } from './errors.ts';
import { splitFrontMatter } from './front-matter.ts';
import { renderMarkdown } from './markdown.ts';
import { blogPath, type Article, type SiteModel } from './model.ts';
import { contentValidator, schemaMistakes, sectionTypes, type ContentKind } from './schemas.ts';
import { schemaErrors } from './schema-errors.ts';
import { parseYaml } from './yaml-source.ts';
import { declaredId, declaredPath } from './declared.ts';
import { placeholderErrors } from './placeholders.ts';

export { declaredPath };

/** A form's `id:` read from its raw text, likewise. */

export interface LoadOptions {
  /** The folder that holds site/. Default: the current directory. */
  root?: string;
  /** Keep pages and articles marked `draft: true` (the dev server does; the build does not). */
  includeDrafts?: boolean;
  /** Texts to judge instead of what is on disk, by path under site/ ('pages/home.yaml'): the studio checks an edit before saving it. */
  overrides?: ReadonlyMap<string, string>;
}

export interface LoadResult {
  model?: SiteModel;
  errors: ContentError[];
  warnings: ContentError[];
  stats: { pages: number; articles: number; links: number; files: number };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
}

function kindOf(relative: string): ContentKind | 'document' | 'image' | undefined {
  if (relative === 'site.yaml') return 'settings';
  if (relative === 'redirects.yaml') return 'redirects';
  if (/^pages\/.+\.ya?ml$/.test(relative)) return 'page';
  if (/^forms\/[^/]+\.ya?ml$/.test(relative)) return 'form';
  if (/^blog\/[a-z0-9-]+\.md$/.test(relative)) return 'article';
  if (/^documents\/[a-z0-9-]+\.md$/.test(relative)) return 'document';
  if (relative.startsWith('images/')) return 'image';
  return undefined;
}

export async function loadSite(options: LoadOptions = {}): Promise<LoadResult> {
  const root = path.resolve(options.root ?? '.');
  const siteDir = path.join(root, 'site');
  const onDisk = await listFiles(siteDir);
  const added = [...(options.overrides?.keys() ?? [])].map((relative) => path.join(siteDir, relative)).filter((file) => !onDisk.includes(file));
  const files = [...onDisk, ...added].sort();
  // A mistake in schema/ itself comes first: content cannot be judged against a broken contract.
  const mistakes = schemaMistakes();
  if (mistakes.length) return { errors: mistakes, warnings: [], stats: { pages: 0, articles: 0, links: 0, files: files.length } };
  const errors: ContentError[] = [];
  const entries: Entry[] = [];
  const unparsed: Entry[] = [];
  const images: string[] = [];
  const documents: Record<string, string> = {};
  const bodies = new Map<string, string>();
  const types = sectionTypes();
  const rawTexts = new Map<string, string>();

  for (const absolute of files) {
    const relative = path.relative(siteDir, absolute).split(path.sep).join('/');
    const file = `site/${relative}`;
    const kind = kindOf(relative);
    if (kind === 'image') {
      images.push(`/${relative}`);
      continue;
    }
    if (kind === undefined) {
      if (!relative.split('/').some((part) => part.startsWith('.')))
        errors.push({ file, line: 1, col: 1, path: '', message: 'not a known content file. Pages go in site/pages/*.yaml, articles in site/blog/<slug>.md, long texts in site/documents/*.md, images in site/images/.' });
      continue;
    }
    const text = options.overrides?.get(relative) ?? (await readFile(absolute, 'utf8'));
    rawTexts.set(file, text);
    if (kind === 'document') {
      documents[path.basename(relative)] = text;
      continue;
    }
    let yamlText = text;
    let lineOffset = 0;
    let slug: string | undefined;
    if (kind === 'article') {
      const parts = splitFrontMatter(text);
      if (!parts) {
        errors.push({ file, line: 1, col: 1, path: '', message: 'an article starts with front matter: a line "---", the article\'s fields in YAML, and another "---" line before the Markdown body.' });
        continue;
      }
      yamlText = parts.yaml;
      lineOffset = 1;
      slug = path.basename(relative, '.md');
      bodies.set(slug, parts.body);
      const { links } = renderMarkdown(parts.body);
      const entryLinks = links.map((link) => ({ ...link, line: link.line + parts.bodyLineOffset }));
      const parsed = parseYaml(file, yamlText, lineOffset);
      errors.push(...parsed.errors);
      if (parsed.data !== undefined) entries.push({ kind, source: parsed.source, data: parsed.data as Record<string, unknown>, links: entryLinks, slug });
      else unparsed.push({ kind, source: parsed.source, data: {}, slug });
      continue;
    }
    const parsed = parseYaml(file, yamlText, lineOffset);
    errors.push(...parsed.errors);
    if (parsed.data !== undefined) entries.push({ kind, source: parsed.source, data: parsed.data as Record<string, unknown> });
    else if (kind === 'page') {
      // A page with a syntax error still declares its address when its `path:` line is readable,
      // so links to it are not reported as broken on top of the syntax error.
      const declared = declaredPath(text);
      if (declared) unparsed.push({ kind, source: parsed.source, data: { path: declared } });
    } else if (kind === 'form') {
      // Likewise a form declares its id, so a page using it is not blamed for the form's mistake.
      unparsed.push({ kind, source: parsed.source, data: { id: declaredId(text) ?? path.basename(relative).replace(/\.ya?ml$/, '') } });
    }
  }

  // Schema validation; a file that fails it is left out of the cross-reference checks, whose
  // messages would only repeat the same problem in other words.
  const valid: Entry[] = [];
  for (const entry of entries) {
    const validate = contentValidator(entry.kind);
    if (validate(entry.data)) valid.push(entry);
    else errors.push(...schemaErrors(validate.errors ?? [], entry.source, types, entry.data));
  }
  for (const kind of ['settings', 'redirects'] as const) {
    if (!entries.some((e) => e.kind === kind) && !errors.some((e) => e.file === `site/${kind === 'settings' ? 'site' : kind}.yaml`))
      errors.push({ file: `site/${kind === 'settings' ? 'site' : kind}.yaml`, line: 1, col: 1, path: '', message: 'this file is missing.' });
  }

  const isPublished = (entry: Entry) => options.includeDrafts || entry.data.draft !== true;
  const published = valid.filter(isPublished);
  // Scaffold copy must be replaced before a page or article goes out (a draft may keep it).
  for (const entry of valid) if ((entry.kind === 'page' || entry.kind === 'article') && entry.data.draft !== true) errors.push(...placeholderErrors(entry.source.file, rawTexts.get(entry.source.file) ?? ''));
  const documentEntries = Object.entries(documents).map(([name, text]) => ({ name, ...renderMarkdown(text) }));
  // Every form file declares its id, valid or not: a broken form is reported in the form file only.
  const formIds = [...entries, ...unparsed].filter((e) => e.kind === 'form').map((e) => (typeof e.data.id === 'string' ? e.data.id : declaredId(e.source.text) ?? ''));
  const checked = checkSite({ entries: published, declarations: [...entries.filter(isPublished), ...unparsed], images, documents: documentEntries, forms: formIds });
  errors.push(...checked.errors);
  const imageFiles = await checkImageFiles(root, checked.imageRefs);
  errors.push(...imageFiles.errors);
  const warnings = [...checked.warnings, ...imageFiles.warnings];

  const pages = published.filter((e) => e.kind === 'page').map((e) => e.data as unknown as Page);
  const articles = published.filter((e) => e.kind === 'article');
  const stats = { pages: pages.length, articles: articles.length, links: checked.linksChecked, files: files.length };
  errors.sort(byPosition);
  if (errors.length) return { errors, warnings, stats };

  const settings = valid.find((e) => e.kind === 'settings')!.data as unknown as Settings;
  const model: SiteModel = {
    settings,
    pages: pages.sort((a, b) => a.path.localeCompare(b.path)),
    articles: articles
      .map((entry): Article => {
        const meta = entry.data as unknown as ArticleMeta;
        return { ...meta, slug: entry.slug!, path: blogPath(entry.slug!), author: meta.author ?? `${settings.name} Team`, html: renderMarkdown(bodies.get(entry.slug!)!).html };
      })
      .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id),
    documents: Object.fromEntries(documentEntries.map(({ name, html }) => [name, html])),
    forms: valid.filter((e) => e.kind === 'form').map((e) => e.data as unknown as FormDefinition),
    redirects: (valid.find((e) => e.kind === 'redirects')?.data as unknown as Redirects).redirects,
    images,
  };
  return { model, errors, warnings, stats };
}

/** For the build and the server: the model, or an exception listing every problem. */
export async function compileSite(options: LoadOptions = {}): Promise<SiteModel> {
  const result = await loadSite(options);
  if (!result.model) throw new ContentErrors(result.errors);
  return result.model;
}
