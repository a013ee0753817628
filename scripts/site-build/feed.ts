// The blog's feeds, RSS 2.0 (feed.xml) and Atom (atom.xml), written by the `feed` package (which
// gets the two formats' XML escaping, dates and required elements right): the newest articles with their
// excerpt, absolute links, and its cover image as the enclosure. The package writes an item's
// title and description as HTML (Atom's type="html"; what RSS readers render), so our plain text
// is HTML-escaped first: a title "<script>" is shown as those characters, never run.
import { Feed } from 'feed';
import { mediaType } from '../../server/media-types.ts';
import { feedPaths } from '../../server/public-files.ts';
import type { SiteModel } from '../content/model.ts';
import { escapeHtml } from './escape.ts';
import { openFile, siteFiles } from '../../shared/confined-files.ts';
import { languagePath } from '../../shared/languages.ts';
import { isTranslation } from './language-sites.ts';

/** A site image's byte length, measured as a real file inside site/images (shared/confined-files.ts). */
async function sizeOf(root: string, src: string): Promise<number> {
  const { handle, stats } = await openFile(siteFiles(root), src.slice(1));
  await handle.close();
  return stats.size;
}

/** Where the feeds are served: one table with the server's other public files. */
export const FEEDS = feedPaths;

/** Where a site's feeds are: the source's at the site's root, a translation's under /<code>. */
export const feedPathsIn = (site: SiteModel): { rss: string; atom: string } =>
  isTranslation(site)
    ? { rss: languagePath(site.language!.code, FEEDS.rss), atom: languagePath(site.language!.code, FEEDS.atom) }
    : FEEDS;

/** The feeds' title, for their <link rel="alternate"> too. */
export const feedTitle = (model: SiteModel) => `${model.settings.name}: blog`;

/** The page that lists the blog (the first with an `articles` section), or the home page. */
export const blogPage = (model: SiteModel) =>
  model.pages.find((page) => page.sections.some((s) => s.type === 'articles'))?.path ?? '/';

/** How many articles the feeds hold: the newest, as readers only look for what is new. */
export const FEED_ARTICLES = 20;

/** A photo published as its resized copy instead of itself (images.ts): its address and byte length. */
export type PublishedCopies = Map<string, { url: string; bytes: number }>;

export async function writeFeeds(
  model: SiteModel,
  root: string,
  copies: PublishedCopies = new Map(),
): Promise<{ rss: string; atom: string }> {
  const { settings } = model;
  const absolute = (address: string) => (address.startsWith('/') ? `${settings.url}${address}` : address);
  const feed = new Feed({
    title: feedTitle(model),
    description: settings.description,
    id: absolute(blogPage(model)),
    link: absolute(blogPage(model)),
    language: isTranslation(model) ? model.language!.code : (settings.locale ?? 'en_IN').replace('_', '-'),
    ...(settings.favicon && { favicon: absolute(settings.favicon) }),
    ...(settings.theme?.logo && { image: absolute(settings.theme.logo) }),
    copyright: settings.footer.copyright,
    updated: model.articles[0] ? new Date(model.articles[0].date) : undefined,
    feedLinks: { rss: absolute(feedPathsIn(model).rss), atom: absolute(feedPathsIn(model).atom) },
    author: { name: settings.name, email: settings.contact.email, link: settings.url },
    generator: false,
  });
  for (const article of model.articles.slice(0, FEED_ARTICLES)) {
    // A photo is enclosed as its largest copy: the source itself is not published.
    const copy = copies.get(article.image.src);
    const src = copy?.url ?? article.image.src;
    // A site image's byte length is known; an enclosure on another host is listed without it.
    const length = copy ? copy.bytes : src.startsWith('/images/') ? await sizeOf(root, src) : 0;
    feed.addItem({
      title: escapeHtml(article.title),
      id: absolute(article.path),
      link: absolute(article.path),
      description: escapeHtml(article.excerpt),
      date: new Date(article.date),
      published: new Date(article.date),
      author: [{ name: article.author }],
      category: [{ name: article.category }],
      enclosure: { url: absolute(src), type: mediaType(src) ?? 'image/jpeg', length },
    });
  }
  return { rss: feed.rss2(), atom: feed.atom1() };
}
