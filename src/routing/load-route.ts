// The page React renders in the browser (npm run dev, the studio's preview; never visitors' pages,
// which are prerendered): fetches each route's JSON once and keeps it, so navigating back is
// instant, and a link the visitor points at is fetched before the click.
import { HttpError } from '../pages/ErrorBoundary.tsx';
import { routeDataUrl, type RouteData } from '../../shared/route-data.ts';
import { loadSections } from '../sections/registry.ts';
import { sitePath, siteUrl } from './site-base.ts';
import { previewWindowHeaders } from '../dev/preview-window.ts';

/** A route is ready to render once its data and its sections' code are both here. */
async function prepareRoute(route: RouteData): Promise<RouteData> {
  if (route.kind === 'page') await loadSections(route.sections);
  return route;
}

const cache = new Map<string, Promise<RouteData>>();

/** "/services/" and "/services" are one route. */
export const normalizePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path) || '/';

/** Drops every fetched route, so the next load asks the server again (the preview, after an edit). */
export function forgetRoutes(): void {
  cache.clear();
}

export function loadRoute(path: string): Promise<RouteData> {
  const key = normalizePath(path);
  let pending = cache.get(key);
  if (!pending) {
    pending = fetch(siteUrl(routeDataUrl(key)), {
      headers: { Accept: 'application/json', ...previewWindowHeaders() },
    }).then(async (response) => {
      if (response.status === 404) return { kind: 'not-found', path: key } as const;
      if (!response.ok) throw new HttpError(response.status, response.statusText || 'Error');
      return prepareRoute((await response.json()) as RouteData);
    });
    // A failure is not remembered: the next visit tries again.
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** Prefetch a route's data when the pointer or keyboard focus reaches a link to it. */
export function prefetchOnIntent(root: Document): () => void {
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href^="/"]');
    const href = anchor?.getAttribute('href');
    if (href && !href.startsWith('//'))
      loadRoute(sitePath(new URL(href, location.origin).pathname)).catch(() => undefined);
  };
  const events = ['mouseover', 'focusin', 'touchstart'] as const;
  for (const name of events) root.addEventListener(name, onIntent, { passive: true });
  return () => events.forEach((name) => root.removeEventListener(name, onIntent));
}
