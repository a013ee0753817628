// An article list's pages: how many cards a page shows (the section's own number, else the
// schema's default) and which list of a page numbers its pages (the first). The compiler's checks
// (the addresses a listing takes) and the build (the pages it makes) read this one rule.
import { listingPageCount, listingPagePath } from '../../shared/listing-pages.ts';
import { sectionSchemas } from './schemas.ts';

/** Cards per page: the section's own number, else the schema's default for it. */
export function perPageOf(section: { perPage?: unknown }): number {
  if (typeof section.perPage === 'number') return section.perPage;
  const field = sectionSchemas().sections.articles.properties as Record<string, { default?: unknown }>;
  const fallback = field.perPage?.default;
  if (typeof fallback !== 'number') throw new Error('schema/sections/articles.json: perPage has no default');
  return fallback;
}

/** Where a page's first article list is among its sections (the one that numbers the pages), or -1. */
export const pagedSectionIndex = (sections: readonly unknown[]): number =>
  sections.findIndex((section) => (section as { type?: unknown } | null)?.type === 'articles');

/** The addresses a page's listing adds beyond the page's own (page 2 onwards), for `articles` articles. */
export function extraListingAddresses(path: string, sections: readonly unknown[], articles: number): string[] {
  const index = pagedSectionIndex(sections);
  if (index < 0) return [];
  const pages = listingPageCount(articles, perPageOf(sections[index] as { perPage?: unknown }));
  return Array.from({ length: pages - 1 }, (_, i) => listingPagePath(path, i + 2));
}
