// What the browser receives: a small site shell (settings and forms) in the main bundle, and one
// JSON document per route, so a page never downloads another page's content.
import type {
  ArticleMeta,
  ArticlesSection,
  DocumentSection,
  FormDefinition,
  IconName,
  Language,
  Section,
} from './generated/content.ts';
import type { SiteSettings } from './site-words.ts';
import type { ListingPager } from './listing-pages.ts';
import type { Alternate } from './languages.ts';

export interface SiteShell {
  /** With every word of the site's own parts (shared/site-words.ts). */
  settings: SiteSettings;
  forms: FormDefinition[];
  /** The language the pages are in: the site's own, or one it is translated into. */
  language: Language;
}

export interface ArticleSummary {
  slug: string;
  path: string;
  title: string;
  excerpt: string;
  date: string;
  category: ArticleMeta['category'];
  readTime: number;
  image: ArticleMeta['image'];
  /** Its texts shown in the site's own language on a translated page, not translated yet. */
  sourceTexts?: string[];
}

export interface ArticleLink {
  path: string;
  title: string;
  category: ArticleMeta['category'];
  icon?: IconName;
  /** The title, when it is shown in the site's own language on a translated page. */
  sourceTexts?: string[];
}

/** A section as the browser renders it: the blog listing (one page of its cards) and long documents arrive resolved. */
type Resolved<S> = S extends ArticlesSection
  ? S & { articles: ArticleSummary[]; pager: ListingPager }
  : S extends DocumentSection
    ? S & { html: string }
    : S;
export type RenderedSection = Resolved<Section>;
export type SectionType = RenderedSection['type'];
export type SectionOf<K extends SectionType> = Extract<RenderedSection, { type: K }>;

export interface PageRoute {
  kind: 'page';
  path: string;
  title: string;
  description: string;
  sections: RenderedSection[];
  /** The page in each of the site's languages (none when it has one), for the switcher and search engines. */
  alternates: Alternate[];
}

export interface ArticleRoute {
  kind: 'article';
  path: string;
  title: string;
  description: string;
  /**
   * `cover` is where the page loads the image from: a data: address when the file is small.
   * `bodyLanguage`: the language `html` is written in when it is not the page's (a body not translated yet).
   */
  article: ArticleSummary & { author: string; html: string; cover: string; bodyLanguage?: string };
  recommended: ArticleLink[];
  sidebar: ArticleLink[];
  /** The article in each of the site's languages (none when it has one), for the switcher and search engines. */
  alternates: Alternate[];
}

export interface RedirectRoute {
  kind: 'redirect';
  path: string;
  to: string;
}

export interface NotFoundRoute {
  kind: 'not-found';
  path: string;
}

export type RouteData = PageRoute | ArticleRoute | RedirectRoute | NotFoundRoute;

/**
 * The studio page's message to its own preview frame (postMessage, same origin) that what /_data/
 * answers may have changed, so the page there re-renders in place (src/dev/route-updates.ts): sent
 * after each check of the edit and each change of a saved file (src/studio/preview-updates.ts).
 */
export const routeDataEvent = 'site:route-data';

/** Where the studio's preview reads the site shell of the edit it previews (settings and forms), never in a visitors' page. */
/**
 * The dev server's message that site/ compiled to new data: a page that does not follow the data
 * in place (any page but the studio's preview) loads again (src/dev/error-screen.ts).
 */
export const siteChangedEvent = 'site:changed';

/** Where the preview reads the shell of the site in a language: the site's own at _shell.json, a translation's at _shell.<code>.json. */
export const shellDataUrl = (translation?: string) =>
  translation ? `/_data/_shell.${translation}.json` : '/_data/_shell.json';

/** Where a route's data lives: /_data/index.json for /, /_data/services.json for /services. */
export const routeDataUrl = (path: string) => `/_data${path === '/' ? '/index' : path}.json`;
