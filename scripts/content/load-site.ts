// The content compiler: reads site/**, validates every file against schema/, checks every
// cross-reference, and returns one typed site model. Nothing else in the project parses YAML.
import path from 'node:path';
import type { ArticleMeta, FormDefinition, Page, Redirects } from '../../shared/generated/content.ts';
import { checkSite, type Entry } from './checks.ts';
import type { ImageSize } from './image-content.ts';
import { checkImageFiles } from './image-files.ts';
import { byPosition, ContentErrors, type ContentError } from './errors.ts';
import { renderMarkdown as render } from './markdown.ts';
import { blogPath, type Article, type SiteModel } from './model.ts';
import { componentMistakes, schemaMistakes } from './schemas.ts';
import { declaredPath } from './declared.ts';
import { compileFile, formIdOf, siteFileKind, translationFileName, type FileFacts } from './compile-file.ts';
import { memoOf, type SiteFile } from './site-memo.ts';
import { translationStatus, type SourceFile, type TranslationStatus } from './translations.ts';
import { translatedSites } from './translated-sites.ts';
import { withSiteWords } from './site-words.ts';
import type { SiteSettings } from '../../shared/site-words.ts';
import { articleTimesAfter, inItsTime, type ArticleTime } from './article-schedule.ts';

export { declaredPath, siteFileKind };
export type { SiteFile };

// An article's or document's HTML with each picture's width and height, kept with the file's
// answer while the sizes stay the same (a picture changed on disk renders the text anew).
const sizedTexts = new WeakMap<FileFacts['body'] & object, { key: string; html: string }>();
function sizedHtml(
  body: { text: string; rendered: ReturnType<typeof render> },
  sizes: ReadonlyMap<string, ImageSize>,
): string {
  const { html, images } = body.rendered;
  if (!images.length) return html;
  const key = images.map(({ href }) => JSON.stringify(sizes.get(href) ?? null)).join();
  let sized = sizedTexts.get(body);
  if (sized?.key !== key) sizedTexts.set(body, (sized = { key, html: render(body.text, sizes).html }));
  return sized.html;
}

export interface LoadOptions {
  /** The folder that holds site/. Default: the current directory. */
  root?: string;
  /** Keep pages and articles marked `draft: true` (the dev server does; the build does not). */
  includeDrafts?: boolean;
  /**
   * The moment the site is built for (ms since the epoch): an article whose `goLive` is later, or
   * whose `expires` has come, is left out as a draft is. Default: now.
   */
  asOf?: number;
  /** Texts to judge instead of what is on disk, by path under site/ ('pages/home.yaml'): the studio checks an edit before saving it. */
  overrides?: ReadonlyMap<string, string>;
}

export interface LoadResult {
  model?: SiteModel;
  errors: ContentError[];
  warnings: ContentError[];
  stats: { pages: number; articles: number; links: number; files: number };
  /** The articles' go-live and expiry times after `asOf`, soonest first: when the site next changes by itself. */
  articleTimes: ArticleTime[];
  /** Each translated file's missing and outdated texts, per language (empty for a one-language site). */
  translations: TranslationStatus[];
}

/**
 * Every file under site/, read through shared/confined-files.ts, sorted. A file removed between
 * listing and reading is simply not there; one that is refused is there with the reason, to be
 * reported. Hidden names (an editor's backups, a killed write's .tmp) are not content and are not
 * listed. Pictures come without their bytes (the compiler inspects them itself, see site-memo.ts),
 * and a text unchanged since the last read is not read again.
 */
export function readSiteFiles(root: string): Promise<SiteFile[]> {
  return memoOf(path.resolve(root)).read();
}

export async function loadSite(options: LoadOptions = {}): Promise<LoadResult> {
  // Files unchanged since the last compile of this root are neither read nor compiled again (site-memo.ts).
  const onDisk = await readSiteFiles(options.root ?? '.');
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
  const memo = memoOf(root);
  // A mistake in schema/ itself comes first: content cannot be judged against a broken contract.
  const mistakes = schemaMistakes();
  if (mistakes.length)
    return {
      errors: mistakes,
      warnings: [],
      stats: { pages: 0, articles: 0, links: 0, files: files.length },
      articleTimes: [],
      translations: [],
    };
  // A type without its component can still be judged: its mistakes come first, the content's follow.
  const errors: ContentError[] = componentMistakes();
  const compiled: FileFacts[] = [];
  const relatives = new Map<FileFacts, string>();
  const images: string[] = [];

  for (const { relative, bytes, refused } of files) {
    if (refused) {
      errors.push({ file: `site/${relative}`, line: 1, col: 1, path: '', message: refused });
      // Still an image by its place, so a page using it hears why, not that it is missing.
      if (siteFileKind(relative) === 'image') images.push(`/${relative}`);
      continue;
    }
    // Each file's own work (parse, schema, Markdown) is remembered while its bytes stay the same.
    const facts = siteFileKind(relative) === 'image' ? compileFile(relative, bytes) : memo.facts(relative, bytes);
    if (facts.kind === 'image') images.push(`/${relative}`);
    errors.push(...facts.readErrors);
    compiled.push(facts);
    relatives.set(facts, relative);
  }
  const entries = compiled.flatMap((facts) => (facts.entry ? [facts.entry] : []));
  const unparsed = compiled.flatMap((facts) => (facts.unparsed ? [facts.unparsed] : []));
  const documentFacts = compiled.flatMap((facts) => (facts.document ? [facts.document] : []));
  const bodies = new Map(compiled.flatMap((facts) => (facts.body ? [[facts.entry!.slug!, facts.body] as const] : [])));

  // Schema validation (done per file); a file that fails it is left out of the cross-reference
  // checks, whose messages would only repeat the same problem in other words.
  const valid = compiled.flatMap((facts) => (facts.entry && facts.valid ? [facts.entry] : []));
  for (const facts of compiled) errors.push(...facts.schemaErrors);
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

  const asOf = options.asOf ?? Date.now();
  const isPublished = (entry: Entry) =>
    options.includeDrafts || (entry.data.draft !== true && (entry.kind !== 'article' || inItsTime(entry.data, asOf)));
  const articleTimes = articleTimesAfter(valid, asOf);
  const published = valid.filter(isPublished);
  // Scaffold copy must be replaced before a page or article goes out (a draft may keep it).
  for (const facts of compiled) errors.push(...facts.placeholderErrors);
  const documentEntries = documentFacts.map(({ name, rendered }) => ({ name, ...rendered }));
  // Every form file declares its id, valid or not: a broken form is reported in the form file only.
  const formIds = [...entries, ...unparsed]
    .filter((e) => e.kind === 'form')
    .map((e) => (typeof e.data.id === 'string' ? e.data.id : formIdOf(e.source)));
  const translationFiles = compiled.flatMap((facts) => (facts.translation ? [facts.translation] : []));
  const checked = checkSite({
    entries: published,
    declarations: [...entries.filter(isPublished), ...unparsed],
    images,
    documents: documentEntries,
    forms: formIds,
    drafts: valid.filter((e) => !isPublished(e)),
    outOfTime: valid
      .filter((e) => e.kind === 'article' && e.data.draft !== true && !isPublished(e))
      .map((e) => e.slug!),
    translatedBodies: translationFiles.flatMap(({ file, body }) => (body ? [{ file, ...body }] : [])),
  });
  errors.push(...checked.errors);
  // The settings carry every word of the site's own parts from here on, so the words the site
  // leaves to the schema's defaults are on its pages and among the texts to translate.
  const sources: SourceFile[] = compiled.flatMap((facts) =>
    facts.entry &&
    facts.valid &&
    (facts.kind === 'page' || facts.kind === 'form' || facts.kind === 'settings' || facts.kind === 'article')
      ? [
          {
            relative: relatives.get(facts)!,
            kind: facts.kind,
            data: facts.kind === 'settings' ? withSiteWords(facts.entry.data) : facts.entry.data,
            ...(facts.body && { body: facts.body.text }),
          },
        ]
      : [],
  );
  const settingsData = sources.find((s) => s.kind === 'settings')?.data as unknown as SiteSettings | undefined;
  const languages = settingsData?.languages;
  // Checked against valid settings only: site.yaml with errors of its own is reported there, and
  // its translations would otherwise all name a language it no longer seems to declare.
  const translationChecks = settingsData
    ? translationStatus(
        sources,
        translationFiles,
        (languages ?? []).slice(1).map((language) => language.code),
        new Set(compiled.flatMap((facts) => (facts.translation ? [] : [relatives.get(facts)!]))),
      )
    : { statuses: [], errors: [], warnings: [] };
  const { statuses } = translationChecks;
  errors.push(...translationChecks.errors);
  if (settingsData?.requireCompleteTranslations)
    for (const status of statuses)
      for (const [list, word] of [
        [status.missing, 'missing'],
        [status.outdated, 'outdated'],
      ] as const)
        for (const field of list)
          errors.push({
            file: `site/${translationFileName(status.source, status.language)}`,
            line: 1,
            col: 1,
            path: field.path,
            message: `the translation of "${field.path}" is ${word} (the site asks for complete translations: requireCompleteTranslations).`,
          });
  const imageFiles = await checkImageFiles(root, checked.imageRefs, images, (src) => memo.picture(src));
  errors.push(...imageFiles.errors);
  const warnings = [...checked.warnings, ...imageFiles.warnings, ...translationChecks.warnings];

  const pages = published.filter((e) => e.kind === 'page').map((e) => e.data as unknown as Page);
  const articles = published.filter((e) => e.kind === 'article');
  const stats = { pages: pages.length, articles: articles.length, links: checked.linksChecked, files: files.length };
  errors.sort(byPosition);
  // While a file that holds links or images has errors, its references are unknown, so warnings
  // about unused images and unreachable pages would only follow from those errors: they wait.
  if (errors.length)
    return {
      errors,
      warnings: errors.every((e) => e.file.startsWith('site/forms/')) ? warnings : [],
      stats,
      articleTimes,
      translations: statuses,
    };

  const settings = settingsData!;
  const sourceArticles = articles
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
    .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  const model: SiteModel = {
    settings,
    pages: pages.sort((a, b) => a.path.localeCompare(b.path)),
    articles: sourceArticles,
    documents: Object.fromEntries(
      documentFacts.map((document) => [document.name, sizedHtml(document, imageFiles.sizes)]),
    ),
    forms: valid.filter((e) => e.kind === 'form').map((e) => e.data as unknown as FormDefinition),
    redirects: (valid.find((e) => e.kind === 'redirects')?.data as unknown as Redirects).redirects,
    images,
    translations: translatedSites({
      languages: languages ?? [],
      sources,
      translations: translationFiles,
      published: new Set<unknown>([...pages, ...formData(valid), ...articles.map((entry) => entry.data)]),
      articles: sourceArticles,
      html: (body) => sizedHtml(body, imageFiles.sizes),
    }),
  };
  return { model, errors, warnings, stats, articleTimes, translations: statuses };
}

const formData = (valid: Entry[]) => valid.filter((e) => e.kind === 'form').map((e) => e.data);

/** For the build and the server: the model, or an exception listing every problem. */
export async function compileSite(options: LoadOptions = {}): Promise<SiteModel> {
  const result = await loadSite(options);
  if (!result.model) throw new ContentErrors(result.errors);
  return result.model;
}
