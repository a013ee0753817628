// The not-found page tells the console which address was asked for (decisions.md 9). On a visitor's
// page the prerendered element is found when the page is enhanced; where React renders it (dev, the
// studio's preview) the component reports it. Each element reports each address once.

import { sitePath } from '../routing/site-base.ts';

const reported = new WeakMap<Element, string>();

export function reportNotFound(element: Element, path: string): void {
  if (reported.get(element) === path) return;
  reported.set(element, path);
  console.error('404 Error: User attempted to access non-existent route:', path);
}

/** The address as the site names it: one not-found page serves every unknown address. */
const notFoundPath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) || '/';

export function reportNotFoundPage(doc: Document): void {
  const element = doc.querySelector('[data-not-found]');
  if (element && doc.defaultView) reportNotFound(element, notFoundPath(sitePath(doc.defaultView.location.pathname)));
}
