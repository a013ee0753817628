// Each language's site as the compiler hands it over (TranslatedSite): the published pages, forms,
// settings and articles with the language's texts in place (translations.ts), their structure and
// shared values the source's. An article's body not translated yet is the source's, marked with
// the source's language.
import type { FormDefinition, Language, Page } from '../../shared/generated/content.ts';
import type { SiteSettings } from '../../shared/site-words.ts';
import type { Article, TranslatedSite } from './model.ts';
import { translated, type SourceFile, type TranslationFile } from './translations.ts';

/** The source file of an article under site/. */
export const articleFile = (slug: string) => `blog/${slug}.md`;

export interface TranslatedSitesInput {
  /** site.yaml's languages, the source's first. */
  languages: Language[];
  /** Every valid translatable file. */
  sources: SourceFile[];
  translations: TranslationFile[];
  /** The published pages', forms' and articles' data, as the source's model holds them. */
  published: ReadonlySet<unknown>;
  /** The source's published articles, in the site's order. */
  articles: Article[];
  /** A translated body as HTML, its pictures sized as the source's are. */
  html: (body: NonNullable<TranslationFile['body']>) => string;
}

export function translatedSites(input: TranslatedSitesInput): TranslatedSite[] {
  const { languages, sources, published } = input;
  return languages.slice(1).map((language) => {
    const fallbacks: Record<string, string[]> = {};
    const files = input.translations.filter((t) => t.language === language.code);
    const inLanguage = (source: SourceFile) => {
      const merged = translated(
        source,
        files.find((t) => t.source === source.relative),
      );
      if (merged.fallbacks.length) fallbacks[source.relative] = merged.fallbacks;
      return merged;
    };
    const of = (kind: SourceFile['kind']) =>
      sources.filter((s) => s.kind === kind && (kind === 'settings' || published.has(s.data)));
    const articles = input.articles.map((article): Article => {
      const relative = articleFile(article.slug);
      const source = sources.find((s) => s.relative === relative);
      if (!source)
        return { ...article, bodyLanguage: languages[0].code, sourceTexts: [article.title, article.excerpt] };
      const merged = inLanguage(source);
      const data = merged.data as Partial<Article>;
      const body = files.find((t) => t.source === relative)?.body;
      return {
        ...article,
        ...data,
        ...(merged.fallbacks.length && { sourceTexts: merged.fallbacks }),
        // The author label's default ("<site name> Team") is the source article's.
        author: data.author ?? article.author,
        ...(merged.body !== undefined && body
          ? { html: input.html(body) }
          : { html: article.html, bodyLanguage: languages[0].code }),
      };
    });
    return {
      language,
      settings: inLanguage(of('settings')[0]).data as unknown as SiteSettings,
      pages: of('page')
        .map((source) => inLanguage(source).data as unknown as Page)
        .sort((a, b) => a.path.localeCompare(b.path)),
      forms: of('form').map((source) => inLanguage(source).data as unknown as FormDefinition),
      articles,
      fallbacks,
    };
  });
}
