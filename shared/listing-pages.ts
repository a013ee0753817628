// The article listing's pages: page 1 is the listing page's own address, each further page that
// address with /page/N after it. The build, the server's route table (through the manifest), the
// sitemap and the pager below the cards all take their addresses from here.

/** Where the listing shows a page of its cards, as the browser renders it. */
export interface ListingPager {
  /** This page's number, from 1. */
  page: number;
  /** How many pages the listing has. */
  pages: number;
  /** The listing page's own address: page 1. */
  listing: string;
}

/** The address of page `page` of the listing at `listing`: /resources/blogs, /resources/blogs/page/2, … */
export function listingPagePath(listing: string, page: number): string {
  if (page <= 1) return listing;
  return `${listing === '/' ? '' : listing}/page/${page}`;
}

/** How many pages `articles` cards fill at `perPage` a page: always at least one, the listing itself. */
export const listingPageCount = (articles: number, perPage: number) => Math.max(1, Math.ceil(articles / perPage));

/**
 * The page numbers the pager links to: the first, the last, and the current page with its
 * neighbours; `null` where numbers are left out. Short listings show every number.
 */
export function pagerNumbers(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  // A gap of one number is shown as that number: "1 … 3" says less than "1 2 3".
  for (const n of [2, pages - 1]) if (shown.has(n - 1) && shown.has(n + 1)) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1] > 1 ? [null, n] : [n]));
}
