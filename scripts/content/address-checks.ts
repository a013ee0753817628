// The site's addresses: every page, article and further listing page has its own, article ids are
// unique, redirects never hide a page, chain or loop, and neither is at an address the server or the
// build answers itself (shared/reserved-addresses.ts, a form's endpoint, or a translation's /<code>/…). What it finds is what
// links resolve against.
import { belongsToSite, reservedRefusal } from '../../shared/reserved-addresses.ts';
import type { Entry } from './checks.ts';
import { extraListingAddresses } from './listing.ts';
import { blogPath } from './model.ts';
import { didYouMean } from './suggest.ts';
import type { DataPath } from './yaml-source.ts';

/** An error at `path` of `entry`. */
export type Report = (entry: Entry, path: DataPath, message: string) => void;

export interface Addresses {
  /** Each address of the site, with the file that gives it. */
  targets: Map<string, Entry>;
  /** Each redirect's address, with where it leads. */
  redirects: Map<string, string>;
  /** False while a page's address cannot be read: links then wait rather than fail. */
  addressesKnown: boolean;
}

/** The languages a translation of the site is in (site.yaml's after the first), each owning /<code>/…. */
function translationLanguages(entries: Entry[]): { code: string; name: string }[] {
  const languages = entries.find((e) => e.kind === 'settings')?.data.languages;
  return Array.isArray(languages) ? (languages.slice(1) as { code: string; name: string }[]) : [];
}

/** Why no page or redirect can be at `address` (the server or the build answers there), else undefined. */
function ownedBySite(address: string, entries: Entry[], as: 'page' | 'redirect'): string | undefined {
  const language = translationLanguages(entries).find(
    ({ code }) => address === `/${code}` || address.startsWith(`/${code}/`),
  );
  if (language) return belongsToSite(address, `its pages in ${language.name}`, as);
  const form = entries.find((e) => e.kind === 'form' && e.data.endpoint === address);
  if (!form) return reservedRefusal(address, as);
  const title = typeof form.data.title === 'string' ? form.data.title : String(form.data.id);
  return belongsToSite(address, `where the form "${title}" is sent`, as);
}

export function checkAddresses(entries: Entry[], declarations: Entry[], error: Report): Addresses {
  const targets = new Map<string, Entry>();
  /** A listing's further pages, by address: which page of the list each is. */
  const listingAddresses = new Map<string, number>();
  const declare = (address: string, entry: Entry, path: DataPath) => {
    const previous = targets.get(address);
    const owned = ownedBySite(address, entries, 'page');
    // Still declared: links to it are not told it is missing, the one cause has one error.
    if (owned) error(entry, path, owned);
    if (previous && listingAddresses.has(address))
      error(
        entry,
        path,
        `"${address}" is page ${listingAddresses.get(address)} of the article list on ${previous.source.file}. Give this page another address.`,
      );
    else if (previous)
      error(
        entry,
        path,
        `"${address}" is already used by ${previous.source.file}. Each page and article needs its own address.`,
      );
    else targets.set(address, entry);
  };
  const articles = entries.filter((e) => e.kind === 'article');
  const declaredPages = declarations.filter((e) => e.kind === 'page' && typeof e.data.path === 'string');
  // A listing's further pages (/…/page/2) are addresses too: taken first, so a page file that
  // claims one is told, and links to them resolve.
  for (const page of declaredPages)
    for (const [index, address] of extraListingAddresses(
      String(page.data.path),
      Array.isArray(page.data.sections) ? page.data.sections : [],
      articles.length,
    ).entries()) {
      targets.set(address, page);
      listingAddresses.set(address, index + 2);
    }
  for (const page of declaredPages) declare(String(page.data.path), page, ['path']);
  for (const article of declarations.filter((e) => e.kind === 'article')) declare(blogPath(article.slug!), article, []);
  const articleIds = new Map<number, Entry>();
  for (const article of articles) {
    const other = articleIds.get(article.data.id as number);
    if (other) error(article, ['id'], `id ${article.data.id} is already used by ${other.source.file}.`);
    else articleIds.set(article.data.id as number, article);
  }

  // A page whose address cannot be read (its file is broken) may be what a link points at: such
  // links wait until that file is fixed rather than add errors to files nobody touched.
  const addressesKnown = declarations.every((e) => e.kind !== 'page' || typeof e.data.path === 'string');

  // 2. Redirects: never shadow a page, never chain, never loop.
  const redirects = new Map<string, string>();
  const redirectEntry = entries.find((e) => e.kind === 'redirects');
  const redirectList = (redirectEntry?.data.redirects ?? []) as { from: string; to: string }[];
  redirectList.forEach((redirect, index) => {
    const owned = ownedBySite(redirect.from, entries, 'redirect');
    if (owned) error(redirectEntry!, ['redirects', index, 'from'], owned);
    else if (targets.has(redirect.from))
      error(
        redirectEntry!,
        ['redirects', index, 'from'],
        `"${redirect.from}" is a page; a redirect there would hide it. Remove the redirect or the page.`,
      );
    else if (redirects.has(redirect.from))
      error(redirectEntry!, ['redirects', index, 'from'], `"${redirect.from}" already redirects elsewhere.`);
    else redirects.set(redirect.from, redirect.to);
  });
  redirectList.forEach((redirect, index) => {
    if (!redirects.has(redirect.to)) {
      if (!targets.has(redirect.to) && addressesKnown)
        error(
          redirectEntry!,
          ['redirects', index, 'to'],
          `"${redirect.to}" is not a page.${didYouMean(redirect.to, targets.keys())}`,
        );
      return;
    }
    const chain = [redirect.from, redirect.to];
    while (redirects.has(chain[chain.length - 1]) && !chain.slice(0, -1).includes(chain[chain.length - 1]))
      chain.push(redirects.get(chain[chain.length - 1])!);
    const looped = chain.slice(0, -1).includes(chain[chain.length - 1]);
    error(
      redirectEntry!,
      ['redirects', index, 'to'],
      looped
        ? `redirect loop: ${chain.join(' → ')}. Point "${redirect.from}" at a page.`
        : `redirect chain: ${chain.join(' → ')}. Point "${redirect.from}" straight at "${chain[chain.length - 1]}".`,
    );
  });

  return { targets, redirects, addressesKnown };
}
