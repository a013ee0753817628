// Long Markdown bodies (articles, the white paper) are already in the prerendered HTML. The copy
// of the route data embedded in the page leaves them out, and the browser takes them back from the
// DOM before hydrating: a 25-minute read is sent once, not twice.
import type { RouteData } from '../../shared/route-data.ts';

/** The marker of a prose body: the article's, or a document section's by its source file. */
export const proseKey = (source: 'article' | string) => (source === 'article' ? 'article' : `document:${source}`);

/** For the embedded copy: the same route with its prose bodies emptied. */
export function withoutProse(route: RouteData): RouteData {
  if (route.kind === 'article') return { ...route, article: { ...route.article, html: '' } };
  if (route.kind === 'page')
    return { ...route, sections: route.sections.map((s) => (s.type === 'document' ? { ...s, html: '' } : s)) };
  return route;
}

/** In the browser, before hydrating: refills the prose bodies from the prerendered markup. */
export function restoreProse(route: RouteData, root: ParentNode): RouteData {
  const html = (key: string) => root.querySelector(`[data-prose="${key}"]`)?.innerHTML ?? '';
  if (route.kind === 'article') return { ...route, article: { ...route.article, html: html(proseKey('article')) } };
  if (route.kind === 'page')
    return {
      ...route,
      sections: route.sections.map((s) => (s.type === 'document' ? { ...s, html: html(proseKey(s.source)) } : s)),
    };
  return route;
}
