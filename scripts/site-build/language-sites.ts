// Each language a site is translated into, as a site of its own that the build renders like the
// source: the same pages and articles at /<code>/…, with the language's texts, its links (in
// fields and in articles' Markdown) kept inside the language, and its redirects.
import { decodeHTML, escapeAttribute } from 'entities';
import type { Page } from '../../shared/generated/content.ts';
import { languagePath, siteLanguage } from '../../shared/languages.ts';
import type { SiteModel, TranslatedSite } from '../content/model.ts';
import { internalPaths } from '../content/translatable.ts';
import { articleFile } from '../content/translated-sites.ts';
import { extraListingPaths } from './listing-pages.ts';
import { routeData, siteShell } from './model-to-routes.ts';
import type { InlineImage } from './inline-image.ts';
import { shellDataUrl, type RouteData, type SiteShell } from '../../shared/route-data.ts';

/** A copy of `data` whose strings at `paths` (dotted, as translatable.ts names them) are replaced. */
function withStrings<T>(data: T, paths: { path: string; text: string }[], change: (text: string) => string): T {
  const copy = structuredClone(data);
  for (const { path, text } of paths) {
    const keys = path.split('.');
    let node = copy as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[keys[keys.length - 1]] = change(text);
  }
  return copy;
}

/**
 * Rendered Markdown (markdown.ts) with each link to an address of this site changed by `change`:
 * markdown-it writes every link as `<a href="…"` and shows any other `<a` as text, so only its
 * links match. The address's query or fragment stays as it was.
 */
function withLinks(html: string, change: (path: string) => string): string {
  return html.replace(/<a href="([^"]*)"/g, (whole, href: string) => {
    const [, path, rest] = /^([^?#]*)(.*)$/s.exec(decodeHTML(href))!;
    const to = path.startsWith('/') ? change(path) : path;
    return to === path ? whole : `<a href="${escapeAttribute(to + rest)}"`;
  });
}

function languageSite(model: SiteModel, translation: TranslatedSite): SiteModel {
  const { code } = translation.language;
  // Pages, their further listing pages, articles and redirects exist in every language.
  const inLanguage = new Set([
    ...model.pages.map((page) => page.path),
    ...extraListingPaths(model),
    ...model.articles.map((article) => article.path),
    ...model.redirects.map((redirect) => redirect.from),
  ]);
  const local = (path: string) => (inLanguage.has(path) ? languagePath(code, path) : path);
  const localLinks = <T>(kind: string, data: T): T => withStrings(data, internalPaths(kind, data), local);
  return {
    ...model,
    language: translation.language,
    settings: localLinks('settings', translation.settings),
    pages: translation.pages.map(
      (page) => ({ ...localLinks('page', page), path: languagePath(code, page.path) }) as Page,
    ),
    forms: translation.forms.map((form) => localLinks('form', form)),
    articles: translation.articles.map((article) => ({
      ...article,
      path: languagePath(code, article.path),
      html: withLinks(article.html, local),
    })),
    redirects: model.redirects.map(({ from, to }) => ({ from: languagePath(code, from), to: local(to) })),
    translations: [],
  };
}

/** Whether the model is a translation's site, not the source's. */
export const isTranslation = (model: SiteModel) =>
  model.language !== undefined && model.language.code !== siteLanguage(model.settings).code;

/** The source site and a site for each language it is translated into, in site.yaml's order. */
export function languageSites(model: SiteModel): SiteModel[] {
  return [
    { ...model, language: siteLanguage(model.settings) },
    ...model.translations.map((translation) => languageSite(model, translation)),
  ];
}

/** The social cards of a language's pages and articles: a translated one shows its source's card. */
export function cardsIn<T>(site: SiteModel, cards: Map<string, T>): Map<string, T> {
  if (!isTranslation(site)) return cards;
  const code = site.language!.code;
  return new Map([...cards].map(([path, card]) => [languagePath(code, path), card]));
}

/**
 * The texts every page of a translation may show in the source language because they are not
 * translated yet: its pages', forms' and settings'. An article's are carried by the routes that
 * show it (its `sourceTexts`), so an article's edit changes only those routes.
 */
export function untranslatedTexts(model: SiteModel, site: SiteModel): Set<string> {
  const translation = model.translations.find((t) => t.language.code === site.language?.code);
  const articles = new Set(model.articles.map((article) => articleFile(article.slug)));
  return new Set(
    translation
      ? Object.entries(translation.fallbacks).flatMap(([file, texts]) => (articles.has(file) ? [] : texts))
      : [],
  );
}

/**
 * The site in every language as a preview serves it (`npm run dev`, the studio's): every route of
 * every language, and each language's shell by the address the preview's page reads it from.
 */
export function everyLanguage(
  model: SiteModel,
  inlineImage: InlineImage,
): { routes: RouteData[]; shells: Map<string, SiteShell> } {
  const sites = languageSites(model);
  return {
    routes: sites.flatMap((site) => [...routeData(site, inlineImage).values()]),
    shells: new Map(
      sites.map((site) => [shellDataUrl(isTranslation(site) ? site.language?.code : undefined), siteShell(site)]),
    ),
  };
}
