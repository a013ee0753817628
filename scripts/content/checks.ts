// Checks that no schema can express: links resolve, addresses are unique, redirects are sound,
// files exist. Each problem points at the exact YAML node that causes it.
import type { ContentError } from './errors.ts';
import type { MarkdownLink } from './markdown.ts';
import type { ImageRef } from './image-files.ts';
import type { ImageSlot } from '../../src/components/image-variants.ts';
import { checkAddresses } from './address-checks.ts';
import { blogPath } from './model.ts';
import { didYouMean } from './suggest.ts';
import { fieldsOfDefinition } from './schemas.ts';
import { describePosition } from './positions.ts';
import { locate, type DataPath, type YamlSource } from './yaml-source.ts';
import { wordsFrom } from '../../shared/words-from.ts';
import { AA_CONTRAST, contrast, nearestPassingShade } from '../../src/lib/colour.ts';
import { isTimeZone } from '../../shared/site-time.ts';

export interface Entry {
  kind: 'settings' | 'page' | 'article' | 'form' | 'redirects';
  source: YamlSource;
  data: Record<string, unknown>;
  /** For Markdown files: links found in the body, with positions inside the whole file. */
  links?: MarkdownLink[];
  /** For Markdown files: images shown in the body (their addresses), positioned the same way. */
  images?: MarkdownLink[];
  slug?: string;
}

export interface CheckInput {
  /** Files that passed the schema: their links and references are checked. */
  entries: Entry[];
  /** Every parsed file, valid or not: their addresses count as declared, so one broken page
   * does not also turn every link to it into an error. */
  declarations: Entry[];
  images: string[];
  /** Long texts in site/documents, with the links found in them. */
  documents: { name: string; links: MarkdownLink[]; images?: MarkdownLink[] }[];
  forms: string[];
  /** Valid drafts: not published, but the images they use are not unused. */
  drafts?: Entry[];
  /** Articles left out for their own time (not live yet, or expired): another may still recommend them, and simply does not show them meanwhile. */
  outOfTime?: string[];
  /** Translated articles' bodies, by translation file: their links and images resolve as the original's must. */
  translatedBodies?: { file: string; links: MarkdownLink[]; images: MarkdownLink[] }[];
}

export interface CheckResult {
  errors: ContentError[];
  warnings: ContentError[];
  linksChecked: number;
  /** Every reference to an existing file in site/images, for the image file checks. */
  imageRefs: ImageRef[];
}

/** Where an image object sits, by its data path: an article's cover, a hero's picture, or elsewhere. */
function slotOf(entry: Entry, path: DataPath): ImageSlot | undefined {
  if (entry.kind === 'article' && path.length === 1 && path[0] === 'image') return 'cover';
  const [sections, index] = path;
  const section =
    sections === 'sections' && typeof index === 'number'
      ? (entry.data.sections as { type: string }[])[index]
      : undefined;
  return section?.type === 'hero' && path.length === 3 && path[2] === 'image' ? 'hero' : undefined;
}

type Visit = (value: Record<string, unknown>, path: DataPath) => void;

function walk(value: unknown, path: DataPath, visit: Visit): void {
  if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index], visit));
  else if (value && typeof value === 'object') {
    visit(value as Record<string, unknown>, path);
    for (const [key, child] of Object.entries(value)) walk(child, [...path, key], visit);
  }
}

export const stripQuery = (href: string) => href.replace(/[?#].*$/, '') || '/';

/** The other articles an article's front matter names by slug (Recommended reading, the sidebar), where each is. */
export function relatedArticles(data: Record<string, unknown>): { slug: string; path: DataPath }[] {
  return [
    ...((data.recommended ?? []) as { slug: string }[]).map((item, index) => ({
      slug: item.slug,
      path: ['recommended', index, 'slug'],
    })),
    ...((data.sidebar ?? []) as string[]).map((slug, index) => ({ slug, path: ['sidebar', index] })),
  ];
}

export function checkSite({
  entries,
  declarations,
  images,
  documents,
  forms,
  drafts = [],
  outOfTime = [],
  translatedBodies = [],
}: CheckInput): CheckResult {
  const errors: ContentError[] = [];
  const warnings: ContentError[] = [];
  const report = (list: ContentError[], entry: Entry, path: DataPath, message: string, key = false) =>
    list.push({
      file: entry.source.file,
      ...locate(entry.source, path, { key }),
      path: describePosition(path, entry.data),
      message,
      at: [...path],
    });

  // 1–2. Addresses and redirects (address-checks.ts).
  const { targets, redirects, addressesKnown } = checkAddresses(entries, declarations, (entry, path, message) =>
    report(errors, entry, path, message),
  );
  const pages = entries.filter((e) => e.kind === 'page');
  const articles = entries.filter((e) => e.kind === 'article');

  // 3. Every internal link, image, document and form reference resolves.
  const linked = new Set<string>();
  let linksChecked = 0;
  /** Resolves one internal link; returns why it is broken, or undefined when it resolves. */
  const resolveLink = (href: string): string | undefined => {
    linksChecked++;
    const address = stripQuery(href);
    linked.add(redirects.get(address) ?? address);
    return targets.has(address) || redirects.has(address) || !addressesKnown
      ? undefined
      : `is not a page.${didYouMean(address, targets.keys())}`;
  };
  const checkLink = (entry: Entry, path: DataPath, href: string) => {
    const problem = resolveLink(href);
    if (problem) report(errors, entry, path, `"${href}" ${problem}`);
  };
  const checkMarkdownLinks = (file: string, links: MarkdownLink[]) => {
    for (const link of links.filter((l) => l.href.startsWith('/'))) {
      const problem = resolveLink(link.href);
      if (problem)
        errors.push({ file, line: link.line, col: link.col, path: '', message: `link "${link.href}" ${problem}` });
    }
  };
  const documentNames = documents.map((d) => d.name);
  for (const document of documents) checkMarkdownLinks(`site/documents/${document.name}`, document.links);
  const usedImages = new Set<string>();
  const imageRefs: ImageRef[] = [];
  // An image in a Markdown body is used like one in the data, and must exist like it.
  const checkMarkdownImages = (file: string, shown: MarkdownLink[]) => {
    for (const { href: src, line, col } of shown.filter((image) => image.href.startsWith('/images/'))) {
      usedImages.add(src);
      if (!images.includes(src))
        errors.push({ file, line, col, path: '', message: `no file site${src}.${didYouMean(src, images)}` });
      else imageRefs.push({ src, file, line, col, path: '', at: [] });
    }
  };
  for (const document of documents) checkMarkdownImages(`site/documents/${document.name}`, document.images ?? []);
  for (const body of translatedBodies) {
    checkMarkdownLinks(body.file, body.links);
    checkMarkdownImages(body.file, body.images);
  }
  const articleSlugs = declarations.filter((e) => e.kind === 'article').map((a) => a.slug!);
  const linkFields = fieldsOfDefinition('internalPath');
  const hasListing = pages.some((page) =>
    (page.data.sections as { type: string }[]).some((s) => s.type === 'articles'),
  );
  for (const entry of entries) {
    if (entry.kind === 'form' || entry.kind === 'redirects') continue;
    walk(entry.data, [], (value, path) => {
      for (const key of linkFields) {
        const href = value[key];
        if (typeof href === 'string') checkLink(entry, [...path, key], href);
      }
      for (const key of ['src', 'favicon', 'logo']) {
        const file = value[key];
        if (typeof file !== 'string' || !file.startsWith('/images/')) continue;
        usedImages.add(file);
        if (!images.includes(file))
          report(errors, entry, [...path, key], `no file site${file}.${didYouMean(file, images)}`);
        else
          imageRefs.push({
            src: file,
            file: entry.source.file,
            ...locate(entry.source, [...path, key]),
            path: describePosition([...path, key], entry.data),
            at: [...path, key],
            slot: slotOf(entry, path),
          });
      }
      if (value.type === 'document' && typeof value.source === 'string' && !documentNames.includes(value.source))
        report(
          errors,
          entry,
          [...path, 'source'],
          `no file site/documents/${value.source}.${didYouMean(value.source, documentNames)}`,
        );
      if (value.type === 'form' && typeof value.form === 'string' && !forms.includes(value.form))
        report(
          errors,
          entry,
          [...path, 'form'],
          `no form "${value.form}" in site/forms.${didYouMean(value.form, forms)}`,
        );
      // Said at the words whichever of the two was edited: the words are what must follow.
      for (const { field, from } of wordsFrom[String(value.type)] ?? [])
        if (typeof value[field] === 'string' && !String(value[from]).includes(value[field]))
          report(
            errors,
            entry,
            [...path, field],
            `the ${field} must be words from the ${from} ("${value[from]}"), and "${value[field]}" is not: change the ${field} too.`,
          );
    });
    checkMarkdownLinks(entry.source.file, entry.links ?? []);
    checkMarkdownImages(entry.source.file, entry.images ?? []);
    if (entry.kind === 'article') {
      for (const { slug, path } of relatedArticles(entry.data)) {
        linksChecked++;
        linked.add(blogPath(slug));
        if (outOfTime.includes(slug)) continue;
        if (!articleSlugs.includes(slug))
          report(errors, entry, path, `"${slug}" is not an article.${didYouMean(slug, articleSlugs)}`);
        else if (slug === entry.slug) report(errors, entry, path, 'an article cannot recommend itself.');
      }
    }
  }

  for (const draft of drafts) {
    for (const image of draft.images ?? []) usedImages.add(image.href);
    walk(draft.data, [], (value) => {
      for (const key of ['src', 'favicon']) if (typeof value[key] === 'string') usedImages.add(value[key]);
    });
  }

  // 4. The brand colour carries white button labels and coloured text on white: both need AA.
  const settings = entries.find((e) => e.kind === 'settings');
  const primary = (settings?.data.theme as { primaryColor?: string } | undefined)?.primaryColor;
  if (settings && primary) {
    const ratio = contrast(primary, '#ffffff');
    if (ratio < AA_CONTRAST)
      report(
        errors,
        settings,
        ['theme', 'primaryColor'],
        `"${primary}" has a contrast of ${ratio.toFixed(2)}:1 with white; WCAG AA needs ${AA_CONTRAST}:1 for white text on buttons and for links on white. The nearest shade that passes is "${nearestPassingShade(primary)}".`,
      );
  }

  // The site's time zone must be one the clocks know: scheduled releases are shown and asked in it.
  const timeZone = settings?.data.timeZone;
  if (settings && typeof timeZone === 'string' && !isTimeZone(timeZone)) {
    const zones = Intl.supportedValuesOf('timeZone');
    report(
      errors,
      settings,
      ['timeZone'],
      `"${timeZone}" is not a time zone.${didYouMean(timeZone, zones)} Give its name in the time zone database, like Asia/Kolkata or Europe/London.`,
    );
  }
  // An article taken down before it goes live would never be seen.
  for (const entry of [...entries, ...drafts]) {
    if (entry.kind !== 'article') continue;
    const { goLive, expires } = entry.data;
    if (typeof goLive === 'string' && typeof expires === 'string' && Date.parse(expires) <= Date.parse(goLive))
      report(errors, entry, ['expires'], `the article is taken down (${expires}) before it goes live (${goLive}).`);
  }

  // 5. Warnings: nothing fails, but an editor probably wants to know.
  for (const image of images)
    if (!usedImages.has(image))
      warnings.push({
        file: `site${image}`,
        line: 1,
        col: 1,
        path: '',
        message: 'image is not used by any page or article.',
      });
  for (const page of pages) {
    const path = String(page.data.path);
    if (path !== '/' && !linked.has(path))
      report(warnings, page, ['path'], `no link leads to "${path}": visitors can only reach it by typing its address.`);
  }
  if (!hasListing)
    for (const article of articles)
      if (!linked.has(blogPath(article.slug!)))
        report(warnings, article, [], 'no link leads to this article and no page lists the blog.');

  return { errors, warnings, linksChecked, imageRefs };
}
