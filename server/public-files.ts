// Which files of dist/ are public besides the pages, and how long each may be cached: one table
// for the Fastify server, the generated nginx config and the static host's _headers. A path ending
// in / is a folder (everything under it); any other is one file. Pages, the not-found page and the
// manifest (_site.json) are not here: pages answer at their route only, the rest never directly.
// Each is an address no page may have (shared/reserved-addresses.ts; a test holds them to it).
export interface PublicPath {
  path: string;
  cacheControl: string;
}

import type { Language } from '../shared/generated/content.ts';
import { languagePath } from '../shared/languages.ts';
import { feedPaths } from '../shared/reserved-addresses.ts';

export { feedPaths };

export const publicPaths: readonly PublicPath[] = [
  // Hashed names: a new build makes new names, so a copy never goes stale.
  { path: '/assets/', cacheControl: 'public, max-age=31536000, immutable' },
  { path: '/images/', cacheControl: 'public, max-age=86400' },
  { path: '/_data/', cacheControl: 'no-cache' },
  { path: '/sitemap.xml', cacheControl: 'no-cache' },
  { path: '/robots.txt', cacheControl: 'no-cache' },
  { path: feedPaths.rss, cacheControl: 'no-cache' },
  { path: feedPaths.atom, cacheControl: 'no-cache' },
];

/** The public paths of a site in `languages`: each translation has its own feeds, under /<code>. */
export function publicPathsIn(languages: readonly Language[] = []): PublicPath[] {
  const feeds = publicPaths.filter(({ path }) => path === feedPaths.rss || path === feedPaths.atom);
  return [
    ...publicPaths,
    ...languages
      .slice(1)
      .flatMap(({ code }) => feeds.map((feed) => ({ ...feed, path: languagePath(code, feed.path) }))),
  ];
}

/** Pages and the not-found page: revalidated on every visit (with an ETag, that is a 304). */
export const pageCacheControl = 'no-cache';
/** A redirect may be remembered for an hour: long enough to spare requests, short enough to change. */
export const redirectCacheControl = 'public, max-age=3600';

export const isFolder = (entry: PublicPath) => entry.path.endsWith('/');

/** The table entry that makes `url` public on a site in `languages`, or undefined. */
export function publicPath(url: string, languages?: readonly Language[]): PublicPath | undefined {
  return publicPathsIn(languages).find((entry) => (isFolder(entry) ? url.startsWith(entry.path) : url === entry.path));
}
