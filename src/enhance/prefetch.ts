// For browsers without Speculation Rules: a page of this site the visitor points at, focuses or
// touches is fetched before the click (<link rel="prefetch">), once per address. Browsers with them
// follow the page's rules instead. Skipped like the rules skip them: the addresses that are not
// pages (the studio, the route data, files: shared/reserved-addresses.ts), nofollow and download
// links, other sites, and the page itself.
import { reservedAt } from '../../shared/reserved-addresses.ts';

/** Where a link leads, when it is a page of this site worth fetching ahead. */
export function prefetchTarget(anchor: Element, current: Location): string | undefined {
  const href = anchor.getAttribute('href');
  if (!href || anchor.hasAttribute('download') || /(^|\s)nofollow(\s|$)/i.test(anchor.getAttribute('rel') ?? ''))
    return undefined;
  const target = anchor.getAttribute('target');
  if (target && target !== '_self') return undefined;
  const url = new URL(href, current.href);
  if (url.origin !== current.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  if (reservedAt(url.pathname)) return undefined;
  url.hash = '';
  if (url.pathname === current.pathname && url.search === current.search) return undefined;
  return url.href;
}

export function installPrefetch(doc: Document): void {
  const win = doc.defaultView;
  if (!win || win.HTMLScriptElement.supports?.('speculationrules')) return;
  const fetched = new Set<string>();
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    const address = anchor && prefetchTarget(anchor, win.location);
    if (!address || fetched.has(address)) return;
    fetched.add(address);
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = address;
    doc.head.append(link);
  };
  // pointerenter does not bubble: the capture phase sees it on every element.
  doc.addEventListener('pointerenter', onIntent, { capture: true, passive: true });
  doc.addEventListener('focusin', onIntent, { passive: true });
  doc.addEventListener('touchstart', onIntent, { passive: true });
}
