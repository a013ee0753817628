// Prerender entry, bundled by Vite for Node: renders one route to an HTML string. The page is
// rendered in two passes: the whole App with a placeholder for each island, then each island as a
// root of its own (its own useId prefix, so the browser can hydrate it alone), spliced in.
import './styles.ts';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { MantineProvider } from '@mantine/core';
import { App } from './App.tsx';
import { cssVariablesResolver, siteTheme } from './theme.ts';
import type { RouteData, SiteShell } from '../shared/route-data.ts';
import { pageTitle } from './routing/RouteView.tsx';
import { loadSections, sectionTypeNames } from './sections/registry.ts';
import { IslandCollectorContext, type IslandCollector } from './islands/Island.tsx';
import { IslandRoot } from './islands/IslandRoot.tsx';
import { islandPrefix } from './islands/prefix.ts';
import { spliceIslands } from './islands/splice.ts';

/** Loads every section component once, so each render below is synchronous. */
export async function prepare(): Promise<void> {
  await loadSections(sectionTypeNames.map((type) => ({ type })));
}

export function render(route: RouteData, shell: SiteShell): { html: string; title: string } {
  const islands: IslandCollector = new Map();
  const page = renderToString(
    <IslandCollectorContext.Provider value={islands}>
      <Router ssrPath={route.path} ssrSearch="">
        <App shell={shell} initial={route} stylesInHead />
      </Router>
    </IslandCollectorContext.Provider>,
  );
  const rendered = [...islands].map(([id, props]) => ({
    id,
    props,
    html: renderToString(
      <Router ssrPath={route.path} ssrSearch="">
        <IslandRoot shell={shell} island={props} />
      </Router>,
      { identifierPrefix: islandPrefix(id) },
    ),
  }));
  return { html: spliceIslands(page, rendered), title: pageTitle(route, shell.settings.name) };
}

/** Mantine's CSS variables and global classes for the theme, as <style> elements for the <head>. */
export function themeStyles(shell: SiteShell): string {
  return renderToString(
    <MantineProvider
      theme={siteTheme(shell.settings.theme)}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
    />,
  );
}
