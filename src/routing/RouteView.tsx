// Shows the page for the current address: its data comes from the prerendered HTML on first load
// and from /_data/… after each client-side navigation.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ArticlePage } from '../pages/ArticlePage.tsx';
import { NotFound } from '../pages/NotFound.tsx';
import { SectionPage } from '../pages/SectionPage.tsx';
import type { RouteData } from '../../shared/route-data.ts';
import type { SiteSettings } from '../../shared/site-words.ts';
import { useSite } from '../site-context.tsx';
import { useRouteUpdates } from '../dev/route-updates.ts';
import { loadRoute, normalizePath } from './load-route.ts';

export function pageTitle(route: RouteData, settings: Pick<SiteSettings, 'name' | 'siteWords'>): string {
  const title = route.kind === 'page' || route.kind === 'article' ? route.title : settings.siteWords.pageNotFound;
  return `${title} | ${settings.name}`;
}

/** Focuses the page's h1 (focusable by script only), or the main region when a page has none. */
function focusHeading() {
  const target = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

export function RouteView({ initial, onRoute }: { initial: RouteData; onRoute?: (route: RouteData) => void }) {
  const [location, navigate] = useLocation();
  const path = normalizePath(location);
  const { settings } = useSite();
  const [state, setState] = useState<{ route: RouteData; error?: Error }>({ route: initial });

  // The data is fetched when the address changes, unless the page shown is already that address's.
  const isShown = useEffectEvent((address: string) => state.route.path === address && !state.error);
  useEffect(() => {
    if (isShown(path)) return;
    let current = true;
    loadRoute(path).then(
      (route) => current && setState({ route }),
      (error: Error) => current && setState((previous) => ({ route: previous.route, error })),
    );
    return () => {
      current = false;
    };
  }, [path]);
  // In the preview, fresh data re-renders the page in place. The condition is fixed at build time
  // (so the hook's order never changes), and a build drops the call and the module.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- both flags are constants of the build
  if (import.meta.env.DEV || import.meta.env.STUDIO_PREVIEW) useRouteUpdates(path, (route) => setState({ route }));

  const { route, error } = state;
  // Runs once per route shown, with the latest callbacks and site name.
  const show = useEffectEvent((route: RouteData) => {
    if (route.kind === 'redirect') return navigate(route.to, { replace: true });
    onRoute?.(route);
    document.title = pageTitle(route, settings);
    if (route.kind === 'page' || route.kind === 'article')
      document.querySelector('meta[name="description"]')?.setAttribute('content', route.description);
  });
  useEffect(() => show(route), [route]);

  // Every change of page starts at the top, as a full page load would, and moves focus to the new
  // page's h1: a screen reader announces the new page, and Tab continues from its start.
  const shownPath = useRef(route.path);
  useEffect(() => {
    if (shownPath.current === route.path) return;
    shownPath.current = route.path;
    window.scrollTo(0, 0);
    focusHeading();
  }, [route.path]);

  if (error) throw error;
  switch (route.kind) {
    case 'page':
      return <SectionPage route={route} />;
    case 'article':
      return <ArticlePage route={route} />;
    case 'not-found':
      return <NotFound path={route.path} />;
    case 'redirect':
      return null;
  }
}
