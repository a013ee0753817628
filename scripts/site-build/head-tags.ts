// The head tags the build adds beside each page's own: its social card (og:image and
// twitter:image), its structured data, a listing page's links to its previous and next pages, and
// on every page the links to the blog's feeds.
import type { Graph } from 'schema-dts';
import type { SiteModel } from '../content/model.ts';
import { escapeHtml, escapeJson } from './escape.ts';
import { feedPathsIn, feedTitle } from './feed.ts';
import { CARD, type SocialCard } from './social-cards.ts';
import { listingPages } from './listing-pages.ts';
import { listingPagePath } from '../../shared/listing-pages.ts';

export interface HeadTags {
  /** On every page, the not-found page included. */
  shared: string[];
  /** By route path. */
  byPath: Record<string, string[]>;
}

export function headTags(model: SiteModel, cards: Map<string, SocialCard>, data: Map<string, Graph>): HeadTags {
  const { url } = model.settings;
  const title = escapeHtml(feedTitle(model));
  const feeds = feedPathsIn(model);
  const shared = model.articles.length
    ? [
        `<link rel="alternate" type="application/rss+xml" title="${title}" href="${feeds.rss}" />`,
        `<link rel="alternate" type="application/atom+xml" title="${title}" href="${feeds.atom}" />`,
      ]
    : [];
  const byPath: Record<string, string[]> = {};
  for (const [path, card] of cards) {
    const meta: [string, string, string][] = [
      ['property', 'og:image', `${url}${card.url}`],
      ['property', 'og:image:type', card.type],
      ['property', 'og:image:width', String(CARD.width)],
      ['property', 'og:image:height', String(CARD.height)],
      ['property', 'og:image:alt', card.alt],
      ['name', 'twitter:image', `${url}${card.url}`],
      ['name', 'twitter:image:alt', card.alt],
    ];
    byPath[path] = meta.map(
      ([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeHtml(content)}" />`,
    );
  }
  for (const [path, graph] of data)
    (byPath[path] ??= []).push(`<script type="application/ld+json">${escapeJson(JSON.stringify(graph))}</script>`);
  // A listing's further pages share its social card and crumbs; each page links its neighbours.
  const listings = listingPages(model).filter((listing) => listing.pages > 1);
  for (const listing of listings.filter(({ number }) => number > 1))
    byPath[listing.path] = [...(byPath[listing.page.path] ?? [])];
  for (const { page, number, pages, path } of listings) {
    const link = (rel: string, to: number) =>
      `<link rel="${rel}" href="${escapeHtml(`${url}${listingPagePath(page.path, to)}`)}" />`;
    (byPath[path] ??= []).push(
      ...(number > 1 ? [link('prev', number - 1)] : []),
      ...(number < pages ? [link('next', number + 1)] : []),
    );
  }
  return { shared, byPath };
}
