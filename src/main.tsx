// The whole page rendered by React in the browser, for `npm run dev` and the studio's preview
// (entry-visitor.ts imports it there; a build never does): fetches the route's data and renders,
// and follows links client-side. Visitors' pages are prerendered and hydrate islands only.
import './styles.ts';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import shell from 'virtual:site';
import { App } from './App.tsx';
import type { RouteData } from '../shared/route-data.ts';
import { loadRoute, normalizePath, prefetchOnIntent } from './routing/load-route.ts';
import { siteBase, sitePath } from './routing/site-base.ts';
import { fetchShell } from './dev/fetch-shell.ts';
import { translationOf } from '../shared/languages.ts';

async function start() {
  const path = normalizePath(sitePath(location.pathname));
  const initial = await loadRoute(path).catch((): RouteData => ({ kind: 'not-found', path }));
  // A translation's page renders with that language's shell from the start.
  const translation = translationOf(shell.settings.languages, path);
  const pageShell = (translation && (await fetchShell(translation.code))) || shell;
  createRoot(document.getElementById('root')!).render(
    <Router base={siteBase}>
      <App shell={pageShell} initial={initial} />
    </Router>,
  );
  prefetchOnIntent(document);
}

void start();
