// The site's languages as addresses: the site's own language at its pages' paths, each other at
// /<code>/… . The build, the server, the language switcher and the head's alternates all place a
// page in a language through here.
import type { Language, Settings } from './generated/content.ts';

/** The language the site's files are written in: site.yaml's first, or English when it lists none. */
export const siteLanguage = ({ languages }: Pick<Settings, 'languages'>): Language =>
  languages?.[0] ?? { code: 'en', name: 'English' };

/** Where a page of the site's own language (at `path`) is in the language `code`: /de, /de/contact. */
export const languagePath = (code: string, path: string) => (path === '/' ? `/${code}` : `/${code}${path}`);

/** The same page in each of the site's languages, the site's own first. */
export interface Alternate {
  code: string;
  path: string;
}

/** Where `path` of the site's own language is in every language: none when the site has one. */
export function alternatesOf(languages: Language[] | undefined, path: string): Alternate[] {
  if (!languages || languages.length < 2) return [];
  return languages.map(({ code }, index) => ({ code, path: index === 0 ? path : languagePath(code, path) }));
}

/** The translation whose pages `path` is among (/de, /de/…), or undefined for the site's own pages. */
export function translationOf(languages: Language[] | undefined, path: string): Language | undefined {
  return languages?.slice(1).find(({ code }) => path === languagePath(code, '/') || path.startsWith(`/${code}/`));
}

/** The address of the not-found page's route in a language (the build writes it as <path>.html). */
export const notFoundPath = (language: Language, settings: Pick<Settings, 'languages'>) =>
  language.code === siteLanguage(settings).code ? '/404' : languagePath(language.code, '/404');
