// Each language a site is translated into, as a site of its own that the build renders like the
// source: the same pages at /<code>/…, with the language's texts, its links kept inside the
// language, and its redirects. Articles are written in the source language only: they keep their
// own addresses, and a translated listing links to them there.
import type { Page } from '../../shared/generated/content.ts';
import { languagePath, siteLanguage } from '../../shared/languages.ts';
import type { SiteModel, TranslatedSite } from '../content/model.ts';
import { internalPaths } from '../content/translatable.ts';
import { extraListingPaths } from './listing-pages.ts';

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

function languageSite(model: SiteModel, translation: TranslatedSite): SiteModel {
  const { code } = translation.language;
  // Pages, their further listing pages and redirects exist in every language; articles do not.
  const inLanguage = new Set([
    ...model.pages.map((page) => page.path),
    ...extraListingPaths(model),
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

/** The social cards of a language's pages: a translated page shows its source page's card. */
export function cardsIn<T>(site: SiteModel, cards: Map<string, T>): Map<string, T> {
  if (!isTranslation(site)) return cards;
  const code = site.language!.code;
  return new Map([...cards].map(([path, card]) => [languagePath(code, path), card]));
}

/** The texts a translation's pages show in the source language because they are not translated yet. */
export function untranslatedTexts(model: SiteModel, site: SiteModel): Set<string> {
  const translation = model.translations.find((t) => t.language.code === site.language?.code);
  return new Set(translation ? Object.values(translation.fallbacks).flat() : []);
}
