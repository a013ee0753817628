// The content compiler: reads site/**, validates every file against schema/, checks every
// cross-reference, and returns one typed site model. Nothing else in the project parses YAML.
import path from 'node:path';
import type { ArticleMeta, FormDefinition, Page, Redirects, Settings } from '../../shared/generated/content.ts';
import { checkSite, type Entry } from './checks.ts';
import type { ImageSize } from './image-content.ts';
import { checkImageFiles } from './image-files.ts';
import { byPosition, ContentErrors, type ContentError } from './errors.ts';
import { splitFrontMatter } from './front-matter.ts';
import { renderMarkdown as render, type MarkdownLink } from './markdown.ts';
import { blogPath, type Article, type SiteModel } from './model.ts';
import { componentMistakes, contentValidator, schemaMistakes, sectionTypes, type ContentKind } from './schemas.ts';
import { schemaErrors } from './schema-errors.ts';
import { parseYaml, type YamlSource } from './yaml-source.ts';
import { emptyFileMessage, notUtf8 } from './file-states.ts';
import { mergeConsequences } from './consequences.ts';
import { declaredId, declaredPath } from './declared.ts';
import { placeholderErrors } from './placeholders.ts';
import { ConfinedFileError, listFiles, readConfined, siteFiles } from '../../shared/confined-files.ts';

export { declaredPath };

/** A form's id as far as its file tells: its `id:` line, else its file name. */
const formIdOf = (source: YamlSource) => declaredId(source.text) ?? path.basename(source.file).replace(/\.ya?ml$/, '');

/**
 * What a file that cannot be read still declares, so one broken file gives one error: a page its
 * address (when its `path:` line is readable), a form its id, an article its slug. Links to them
 * elsewhere are then not reported as broken on top of the file's own error.
 */
function declaration(kind: ContentKind, source: YamlSource, text: string, relative: string, slug?: string): Entry {
  const file = { ...source, file: `site/${relative}`, text };
  if (kind === 'page') {
    const declared = declaredPath(text);
    return { kind, source: file, data: declared ? { path: declared } : {} };
  }
  if (kind === 'form') return { kind, source: file, data: { id: formIdOf(file) } };
  return { kind, source: file, data: {}, slug };
}

// The dev server and the studio recompile after every save, and usually one file changed: the
// others are not parsed or rendered again. One entry per file name (the last text seen); the
// parsed data is only read downstream, never changed.
const parsedFiles = new Map<string, { text: string; lineOffset: number; parsed: ReturnType<typeof parseYaml> }>();
function parseOnce(file: string, text: string, lineOffset: number): ReturnType<typeof parseYaml> {
  const known = parsedFiles.get(file);
  if (known?.text === text && known.lineOffset === lineOffset) return known.parsed;
  const parsed = parseYaml(file, text, lineOffset);
  parsedFiles.set(file, { text, lineOffset, parsed });
  return parsed;
}
const renderedTexts = new Map<string, ReturnType<typeof render>>();
const sizedTexts = new Map<string, string>();
/** A text's HTML with each picture's width and height (a picture changed on disk renders it anew). */
function sizedHtml(text: string, sizes: ReadonlyMap<string, ImageSize>): string {
  const { html, images } = renderMarkdown(text);
  if (!images.length) return html;
  const key = `${images.map(({ href }) => JSON.stringify(sizes.get(href) ?? null)).join()}\n${text}`;
  let sized = sizedTexts.get(key);
  if (sized === undefined) {
    if (sizedTexts.size > 500) sizedTexts.clear();
    sizedTexts.set(key, (sized = render(text, sizes).html));
  }
  return sized;
}
function renderMarkdown(text: string): ReturnType<typeof render> {
  let rendered = renderedTexts.get(text);
  if (!rendered) {
    if (renderedTexts.size > 500) renderedTexts.clear();
    renderedTexts.set(text, (rendered = render(text)));
  }
  return rendered;
}

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

/** One file under site/, as read from disk (or, in the studio, from an editor's buffer). */
export interface SiteFile {
  /** Path inside site/, with forward slashes: `pages/home.yaml`. */
  relative: string;
  bytes: Uint8Array;
  /** Why the file was not read (a link leading out, any link in site/images, a pipe): an error at the file. */
  refused?: string;
}

/**
 * Every file under site/, read through shared/confined-files.ts. A file removed between listing and
 * reading is simply not there; one that is refused is there with the reason, to be reported.
 * Hidden names (an editor's backups, a killed write's .tmp) are not content and are not listed.
 */
export async function readSiteFiles(root: string): Promise<SiteFile[]> {
  const site = siteFiles(root);
  const listing = await listFiles(site).catch(() => ({ files: [], refused: [] }));
  const refusal = (error: ConfinedFileError): SiteFile => ({
    relative: error.relative,
    bytes: new Uint8Array(),
    refused: error.reason,
  });
  const files = await Promise.all(
    listing.files.map((relative) =>
      readConfined(site, relative).then(
        (bytes): SiteFile => ({ relative, bytes }),
        (error: unknown) =>
          error instanceof ConfinedFileError && error.code !== 'missing' ? refusal(error) : undefined,
      ),
    ),
  );
  return [...files.filter((f) => f !== undefined), ...listing.refused.map(refusal)].sort((a, b) =>
    a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0,
  );
}

/** What a file under site/ is, by its place and name (the compiler's rule, which the studio shares). */
export function kindOf(relative: string): ContentKind | 'document' | 'image' | undefined {
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
  const onDisk = await readSiteFiles(path.resolve(options.root ?? '.'));
  const overrides = [...(options.overrides ?? [])].map(([relative, text]) => ({
    relative,
    bytes: new TextEncoder().encode(text),
  }));
  const files = [...onDisk.filter((f) => !options.overrides?.has(f.relative)), ...overrides].sort((a, b) =>
    a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0,
  );
  return compileSiteFiles(files, options);
}

/** The compiler on files already in memory (images are still measured under `root`). */
export async function compileSiteFiles(files: SiteFile[], options: LoadOptions = {}): Promise<LoadResult> {
  const root = path.resolve(options.root ?? '.');
  // A mistake in schema/ itself comes first: content cannot be judged against a broken contract.
  const mistakes = schemaMistakes();
  if (mistakes.length)
    return { errors: mistakes, warnings: [], stats: { pages: 0, articles: 0, links: 0, files: files.length } };
  // A type without its component can still be judged: its mistakes come first, the content's follow.
  const errors: ContentError[] = componentMistakes();
  const entries: Entry[] = [];
  const unparsed: Entry[] = [];
  const images: string[] = [];
  const documents: Record<string, string> = {};
  const bodies = new Map<string, string>();
  const types = sectionTypes();
  const rawTexts = new Map<string, string>();

  for (const { relative, bytes, refused } of files) {
    const file = `site/${relative}`;
    if (refused) {
      errors.push({ file, line: 1, col: 1, path: '', message: refused });
      // Still an image by its place, so a page using it hears why, not that it is missing.
      if (kindOf(relative) === 'image') images.push(`/${relative}`);
      continue;
    }
    const kind = kindOf(relative);
    if (kind === 'image') {
      images.push(`/${relative}`);
      continue;
    }
    if (kind === undefined) {
      if (!relative.split('/').some((part) => part.startsWith('.')))
        errors.push({
          file,
          line: 1,
          col: 1,
          path: '',
          message:
            'not a known content file. Pages go in site/pages/*.yaml, articles in site/blog/<slug>.md, long texts in site/documents/*.md, images in site/images/.',
        });
      continue;
    }
    const decoded = new TextDecoder().decode(bytes);
    const encoding = notUtf8(bytes);
    if (encoding) errors.push({ file, ...encoding, path: '' });
    rawTexts.set(file, decoded);
    if (kind === 'document') {
      if (!encoding) documents[path.basename(relative)] = decoded;
      continue;
    }
    const slug = kind === 'article' ? path.basename(relative, '.md') : undefined;
    const parts = kind === 'article' && !encoding ? splitFrontMatter(decoded) : undefined;
    if (kind === 'article' && !encoding && !parts)
      errors.push({
        file,
        line: 1,
        col: 1,
        path: '',
        message:
          'an article starts with front matter: a line "---", the article\'s fields in YAML, and another "---" line before the Markdown body.',
      });
    if (encoding || (kind === 'article' && !parts)) {
      unparsed.push(declaration(kind, parseYaml(file, '').source, decoded, relative, slug));
      continue;
    }
    const lineOffset = parts ? 1 : 0;
    const parsed = parseOnce(file, parts ? parts.yaml : decoded, lineOffset);
    errors.push(...parsed.errors);
    if (parsed.data === null) {
      const required = (contentValidator(kind).schema as { required?: string[] }).required ?? [];
      errors.push({ file, line: 1 + lineOffset, col: 1, path: '', message: emptyFileMessage(kind, required) });
    }
    if (parsed.data === undefined || parsed.data === null) {
      unparsed.push(declaration(kind, parsed.source, decoded, relative, slug));
      continue;
    }
    const entry: Entry = { kind, source: parsed.source, data: parsed.data as Record<string, unknown>, slug };
    if (parts) {
      bodies.set(slug!, parts.body);
      const rendered = renderMarkdown(parts.body);
      const inFile = (link: MarkdownLink) => ({ ...link, line: link.line + parts.bodyLineOffset });
      entry.links = rendered.links.map(inFile);
      entry.images = rendered.images.map(inFile);
    }
    entries.push(entry);
  }

  // Schema validation; a file that fails it is left out of the cross-reference checks, whose
  // messages would only repeat the same problem in other words.
  const valid: Entry[] = [];
  for (const entry of entries) {
    const validate = contentValidator(entry.kind);
    if (validate(entry.data)) valid.push(entry);
    else
      errors.push(
        ...mergeConsequences(schemaErrors(validate.errors ?? [], entry.source, types, entry.data, validate.schema)),
      );
  }
  for (const kind of ['settings', 'redirects'] as const) {
    if (
      !entries.some((e) => e.kind === kind) &&
      !errors.some((e) => e.file === `site/${kind === 'settings' ? 'site' : kind}.yaml`)
    )
      errors.push({
        file: `site/${kind === 'settings' ? 'site' : kind}.yaml`,
        line: 1,
        col: 1,
        path: '',
        message: 'this file is missing.',
      });
  }

  const isPublished = (entry: Entry) => options.includeDrafts || entry.data.draft !== true;
  const published = valid.filter(isPublished);
  // Scaffold copy must be replaced before a page or article goes out (a draft may keep it).
  for (const entry of valid)
    if ((entry.kind === 'page' || entry.kind === 'article') && entry.data.draft !== true)
      errors.push(...placeholderErrors(entry.source.file, rawTexts.get(entry.source.file) ?? ''));
  const documentEntries = Object.entries(documents).map(([name, text]) => ({ name, ...renderMarkdown(text) }));
  // Every form file declares its id, valid or not: a broken form is reported in the form file only.
  const formIds = [...entries, ...unparsed]
    .filter((e) => e.kind === 'form')
    .map((e) => (typeof e.data.id === 'string' ? e.data.id : formIdOf(e.source)));
  const checked = checkSite({
    entries: published,
    declarations: [...entries.filter(isPublished), ...unparsed],
    images,
    documents: documentEntries,
    forms: formIds,
    drafts: valid.filter((e) => !isPublished(e)),
  });
  errors.push(...checked.errors);
  const imageFiles = await checkImageFiles(root, checked.imageRefs, images);
  errors.push(...imageFiles.errors);
  const warnings = [...checked.warnings, ...imageFiles.warnings];

  const pages = published.filter((e) => e.kind === 'page').map((e) => e.data as unknown as Page);
  const articles = published.filter((e) => e.kind === 'article');
  const stats = { pages: pages.length, articles: articles.length, links: checked.linksChecked, files: files.length };
  errors.sort(byPosition);
  // While a file that holds links or images has errors, its references are unknown, so warnings
  // about unused images and unreachable pages would only follow from those errors: they wait.
  if (errors.length)
    return { errors, warnings: errors.every((e) => e.file.startsWith('site/forms/')) ? warnings : [], stats };

  const settings = valid.find((e) => e.kind === 'settings')!.data as unknown as Settings;
  const model: SiteModel = {
    settings,
    pages: pages.sort((a, b) => a.path.localeCompare(b.path)),
    articles: articles
      .map((entry): Article => {
        const meta = entry.data as unknown as ArticleMeta;
        return {
          ...meta,
          slug: entry.slug!,
          path: blogPath(entry.slug!),
          author: meta.author ?? `${settings.name} Team`,
          html: sizedHtml(bodies.get(entry.slug!)!, imageFiles.sizes),
        };
      })
      .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id),
    documents: Object.fromEntries(
      documentEntries.map(({ name }) => [name, sizedHtml(documents[name], imageFiles.sizes)]),
    ),
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
