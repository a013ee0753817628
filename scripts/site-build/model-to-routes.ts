// Turns the compiled site model into what the browser gets: the site shell and one RouteData
// per address. The prerenderer writes these out; the dev server serves them from memory.
import type { Article, SiteModel } from '../content/model.ts';
import type { ArticleLink, ArticleSummary, RenderedSection, RouteData, SiteShell } from '../../shared/route-data.ts';
import type { Section } from '../../shared/generated/content.ts';
import type { InlineImage } from './inline-image.ts';
import type { ImageVariants } from '../../src/components/image-variants.ts';
import { perPageOf } from '../content/listing.ts';
import { listingPages, listingTitle, pagedSectionOf, type ListingPage } from './listing-pages.ts';
import { alternatesOf, siteLanguage } from '../../shared/languages.ts';

/** Gives every image object (anything with a `src`) whose photo the build resized its variants. */
function withVariants<T>(value: T, variants: Map<string, ImageVariants>): T {
  if (variants.size === 0 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withVariants(item, variants)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) copy[key] = withVariants(child, variants);
  const found = typeof copy.src === 'string' ? variants.get(copy.src) : undefined;
  return (found ? { ...copy, variants: found } : copy) as T;
}

/** What every visitor's page carries: never the team's block list or a form's reply to the sender,
 * which only the server uses. */
export function siteShell(model: SiteModel): SiteShell {
  const { blockedSenders: _blocked, ...settings } = model.settings;
  return {
    settings,
    forms: model.forms.map(({ autoReply: _reply, ...form }) => form),
    language: model.language ?? siteLanguage(model.settings),
  };
}

const summary = (a: Article): ArticleSummary => ({
  slug: a.slug,
  path: a.path,
  title: a.title,
  excerpt: a.excerpt,
  date: a.date,
  category: a.category,
  readTime: a.readTime,
  image: a.image,
  ...(a.sourceTexts && { sourceTexts: a.sourceTexts }),
});

/** A section as page `listing.number` of its page shows it: an article list holds only that page's cards. */
function resolveSection(section: Section, model: SiteModel, listing: ListingPage): RenderedSection {
  if (section.type === 'articles') {
    const paged = section === pagedSectionOf(listing.page);
    const number = paged ? listing.number : 1;
    const perPage = perPageOf(section);
    const articles = model.articles.slice((number - 1) * perPage, number * perPage).map(summary);
    return {
      ...section,
      articles,
      pager: { page: number, pages: paged ? listing.pages : 1, listing: listing.page.path },
    };
  }
  if (section.type === 'document') return { ...section, html: model.documents[section.source] };
  return section;
}

export function routeData(
  model: SiteModel,
  inlineImage: InlineImage,
  variants = new Map<string, ImageVariants>(),
): Map<string, RouteData> {
  const routes = new Map<string, RouteData>();
  const bySlug = new Map(model.articles.map((a) => [a.slug, a]));
  const link = (slug: string, icon?: ArticleLink['icon']): ArticleLink => {
    const target = bySlug.get(slug)!;
    return {
      path: target.path,
      title: target.title,
      category: target.category,
      ...(icon && { icon }),
      ...(target.sourceTexts?.includes(target.title) && { sourceTexts: [target.title] }),
    };
  };
  const { languages } = model.settings;
  // A translation's pages and articles are the source's with /<code> before their addresses.
  const own = siteLanguage(model.settings).code;
  const code = model.language?.code ?? own;
  const sourcePath = (path: string) => (code === own ? path : path.slice(code.length + 1) || '/');
  for (const listing of listingPages(model)) {
    const { page } = listing;
    routes.set(listing.path, {
      kind: 'page',
      path: listing.path,
      title: listingTitle(page.title, listing.number, listing.pages, model.settings.siteWords),
      description: page.description,
      sections: page.sections.map((section) => resolveSection(section, model, listing)),
      alternates: alternatesOf(languages, sourcePath(listing.path)),
    });
  }
  for (const article of model.articles) {
    routes.set(article.path, {
      kind: 'article',
      path: article.path,
      title: article.title,
      description: article.excerpt,
      article: {
        ...summary(article),
        author: article.author,
        html: article.html,
        cover: inlineImage(article.image.src) ?? article.image.src,
        ...(article.bodyLanguage && { bodyLanguage: article.bodyLanguage }),
      },
      // An article left out for its own time (not live yet, or expired) is not linked meanwhile.
      recommended: (article.recommended ?? []).flatMap((item) =>
        bySlug.has(item.slug) ? [link(item.slug, item.icon)] : [],
      ),
      sidebar: (article.sidebar ?? []).flatMap((slug) => (bySlug.has(slug) ? [link(slug)] : [])),
      alternates: alternatesOf(languages, sourcePath(article.path)),
    });
  }
  for (const [path, route] of routes) routes.set(path, withVariants(route, variants));
  for (const redirect of model.redirects)
    routes.set(redirect.from, { kind: 'redirect', path: redirect.from, to: redirect.to });
  return routes;
}
