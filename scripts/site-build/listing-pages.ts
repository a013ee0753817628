// Which addresses the article listings add to the site: a page with an article list shows
// `perPage` cards (the schema's default when the section does not say), and each further page of
// cards gets its own address (shared/listing-pages.ts). Routes, manifest, sitemap and head tags
// all read this one list, so every page that is built is also served, listed and linked.
import type { SiteModel } from '../content/model.ts';
import { pagedSectionIndex, perPageOf } from '../content/listing.ts';
import type { ArticlesSection, Page } from '../../shared/generated/content.ts';
import { listingPageCount, listingPagePath } from '../../shared/listing-pages.ts';
import { withValues, type SiteWords } from '../../shared/site-words.ts';

/** A page's first article list numbers its pages; a later list on the same page shows its first page on each. */
export const pagedSectionOf = (page: Page) =>
  page.sections[pagedSectionIndex(page.sections)] as ArticlesSection | undefined;

export interface ListingPage {
  /** The page the listing's cards sit on (page 1 is its own address). */
  page: Page;
  number: number;
  pages: number;
  path: string;
}

/** Every page of every listing, page 1 included, in the order of the site's pages. */
export function listingPages(model: SiteModel): ListingPage[] {
  return model.pages.flatMap((page) => {
    const section = pagedSectionOf(page);
    const pages = section ? listingPageCount(model.articles.length, perPageOf(section)) : 1;
    return Array.from({ length: pages }, (_, index) => ({
      page,
      number: index + 1,
      pages,
      path: listingPagePath(page.path, index + 1),
    }));
  });
}

/** The addresses the listings add beyond their pages' own: page 2 onwards. */
export const extraListingPaths = (model: SiteModel) =>
  listingPages(model)
    .filter((listing) => listing.number > 1)
    .map((listing) => listing.path);

/** The title of page `number` of a listing, for the browser tab and search results, in the site's words ("page {number} of {pages}"). */
export const listingTitle = (title: string, number: number, pages: number, words: Pick<SiteWords, 'pageOfPages'>) =>
  number === 1 ? title : `${title} (${withValues(words.pageOfPages, { number, pages })})`;
