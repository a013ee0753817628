// Browser entry: hydrates the prerendered page with the data embedded in it, or (under
// `npm run dev`, where nothing is prerendered) fetches that data and renders from scratch.
import './styles.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import shell from 'virtual:site';
import { App } from './App.tsx';
import type { RouteData } from '../shared/route-data.ts';
import { restoreProse } from './routing/prose-in-dom.ts';
import { loadRoute, normalizePath, prefetchOnIntent, prepareRoute, seedRoute } from './routing/load-route.ts';
import { siteBase, sitePath } from './routing/site-base.ts';

async function start() {
  const container = document.getElementById('root')!;
  const embedded = document.getElementById('route-data')?.textContent;
  const path = normalizePath(sitePath(location.pathname));
  if (embedded) {
    const parsed = JSON.parse(embedded) as RouteData;
    // The one not-found page serves every unknown address: it learns which one from the URL.
    const complete = restoreProse(parsed, container);
    const initial = await prepareRoute(complete.kind === 'not-found' ? { ...complete, path } : complete);
    seedRoute(initial);
    // Hydrating inside a transition lets React yield to the browser between units of work, so
    // a slow phone never sees one long blocking task (the page is already painted and readable).
    startTransition(() => {
      hydrateRoot(
        container,
        <Router base={siteBase}>
          <App shell={shell} initial={initial} stylesInHead />
        </Router>,
      );
    });
  } else {
    const initial = await loadRoute(path).catch((): RouteData => ({ kind: 'not-found', path }));
    createRoot(container).render(
      <Router base={siteBase}>
        <App shell={shell} initial={initial} />
      </Router>,
    );
  }
  prefetchOnIntent(document);
}

void start();
