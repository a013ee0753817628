// The addresses the server and the build answer themselves, never a page of the site: the studio
// and the route data (everything starting /_), the built scripts, the pictures, the form
// endpoints, the health check, the files for search engines and feed readers. One list for
// everyone who must know them: validation refuses a page or a redirect there (with these words),
// the studio's rename and new page and `npm run new` refuse them, the visitors' prefetch and the
// Speculation Rules skip them. The server's routes and public files are proved to be on it
// (tests/server/reserved-addresses.test.ts), so a new one cannot go unlisted.

/** The blog's feeds (written by scripts/site-build/feed.ts, served as public files). */
export const feedPaths = { rss: '/feed.xml', atom: '/atom.xml' } as const;

/** The server's health check (server/plugins/health.ts). */
export const healthPath = '/healthz';

/**
 * How much an entry takes: `exact` the address alone; `folder` the address and everything under
 * it (`/images`, `/images/…`); `prefix` every address that starts with it (`/_studio`, `/_data/…`).
 */
export type Reach = 'exact' | 'folder' | 'prefix';

export interface ReservedAddress {
  path: string;
  reach: Reach;
  /** What answers there, in an editor's words. */
  what: string;
}

export const reservedAddresses: readonly ReservedAddress[] = [
  { path: '/_', reach: 'prefix', what: "the studio and the site's own data" },
  { path: '/assets', reach: 'folder', what: "the site's scripts and styles" },
  { path: '/images', reach: 'folder', what: "the site's pictures" },
  { path: '/email', reach: 'folder', what: "where the site's forms are sent" },
  { path: healthPath, reach: 'exact', what: "the server's own check" },
  { path: '/sitemap.xml', reach: 'exact', what: 'the list of pages for search engines' },
  { path: '/robots.txt', reach: 'exact', what: 'the note for search engines' },
  { path: feedPaths.rss, reach: 'exact', what: "the blog's feed" },
  { path: feedPaths.atom, reach: 'exact', what: "the blog's feed" },
  { path: '/404.html', reach: 'exact', what: 'the page shown for an address that does not exist' },
];

/** The entry that reserves `address` (a path, without query), or undefined when a page may be there. */
export function reservedAt(address: string): ReservedAddress | undefined {
  return reservedAddresses.find(({ path, reach }) =>
    reach === 'exact'
      ? address === path
      : reach === 'folder'
        ? address === path || address.startsWith(`${path}/`)
        : address.startsWith(path),
  );
}

/** Every reserved address as URL patterns (Speculation Rules' `href_matches`). */
export const reservedPatterns = (): string[] =>
  reservedAddresses.flatMap(({ path, reach }) =>
    reach === 'exact' ? [path] : reach === 'folder' ? [path, `${path}/*`] : [`${path}*`],
  );

/** Why no page (or redirect) can be at `address`, which `what` answers, in words. */
export function belongsToSite(address: string, what: string, as: 'page' | 'redirect'): string {
  const belongs = `"${address}" belongs to the site itself (${what})`;
  return as === 'page'
    ? `${belongs}, so no page can be shown there. Choose another address.`
    : `${belongs}, so it cannot send visitors elsewhere. Remove this redirect or choose another old address.`;
}

/** Why no page (or redirect) can be at `address`, in words; undefined when one can. */
export function reservedRefusal(address: string, as: 'page' | 'redirect' = 'page'): string | undefined {
  const reserved = reservedAt(address);
  return reserved && belongsToSite(address, reserved.what, as);
}
