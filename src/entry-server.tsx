// Prerender entry, bundled by Vite for Node: renders one route to an HTML string.
import './styles.ts';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { MantineProvider } from '@mantine/core';
import { App } from './App.tsx';
import { cssVariablesResolver, siteTheme } from './theme.ts';
import type { RouteData, SiteShell } from '../shared/route-data.ts';
import { pageTitle } from './routing/RouteView.tsx';
import { loadSections, sectionTypeNames } from './sections/registry.ts';

/** Loads every section component once, so each render below is synchronous. */
export async function prepare(): Promise<void> {
  await loadSections(sectionTypeNames.map((type) => ({ type })));
}

export function render(route: RouteData, shell: SiteShell): { html: string; title: string } {
  const html = renderToString(
    <Router ssrPath={route.path} ssrSearch="">
      <App shell={shell} initial={route} stylesInHead />
    </Router>,
  );
  return { html, title: pageTitle(route, shell.settings.name) };
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
