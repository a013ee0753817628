// The compiled site: what the content compiler hands to the build, the dev server and the server.
import type { ArticleMeta, FormDefinition, Language, Page, Redirect } from '../../shared/generated/content.ts';
import type { SiteSettings } from '../../shared/site-words.ts';

export interface Article extends ArticleMeta {
  slug: string;
  /** The article's address, /resources/blogs/<slug>. */
  path: string;
  /** The author label: the front matter's, or "<site name> Team". */
  author: string;
  /** The body rendered from Markdown (raw HTML escaped). */
  html: string;
  /** In a translation whose body is not translated yet: the source's language, which `html` is in. */
  bodyLanguage?: string;
  /** In a translation: the article's texts not translated yet, shown in the source's language. */
  sourceTexts?: string[];
}

/** A translated language's site: the source's structure with its texts (see translations.ts). */
export interface TranslatedSite {
  language: Language;
  settings: SiteSettings;
  pages: Page[];
  forms: FormDefinition[];
  /** The published articles with their translated texts, newest first, at the source's addresses. */
  articles: Article[];
  /** Source texts shown untranslated (missing), by the source file's path under site/; an article's body is not among them (see `bodyLanguage`). */
  fallbacks: Record<string, string[]>;
}

export interface SiteModel {
  settings: SiteSettings;
  pages: Page[];
  /** Newest first. */
  articles: Article[];
  /** Rendered Markdown of site/documents, by file name. */
  documents: Record<string, string>;
  forms: FormDefinition[];
  redirects: Redirect[];
  /** Files under site/images, as /images/… addresses. */
  images: string[];
  /** Each language the site is translated into (site.yaml's `languages` after the first), in its order. */
  translations: TranslatedSite[];
  /** The language this model is in, when the build made it for one (scripts/site-build/language-sites.ts). */
  language?: Language;
}

export const blogPath = (slug: string) => `/resources/blogs/${slug}`;
