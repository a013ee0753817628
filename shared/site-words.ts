// The words the site's own parts show or read out (the skip link, the menu button, the pager's
// links): settings like any other text, so each language translates them. The schema gives every
// one a default, and the content compiler fills in each the site leaves out, so the settings the
// build and the browser receive always hold them all.
import type { Settings } from './generated/content.ts';

export type SiteWords = Required<NonNullable<Settings['siteWords']>>;

/** Settings as the content compiler hands them on: with every word of the site's own parts. */
export type SiteSettings = Settings & { siteWords: SiteWords };

/** `words` with each `{name}` replaced by its value: "page {number} of {pages}" → "page 2 of 5". */
export const withValues = (words: string, values: Record<string, string | number>): string =>
  words.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
