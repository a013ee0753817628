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
import { markSourceLanguage } from './lib/source-language.ts';
import { siteLanguage } from '../shared/languages.ts';
import { escapeJson } from '../shared/json-in-html.ts';

/** Loads every section component once, so each render below is synchronous. */
export async function prepare(): Promise<void> {
  await loadSections(sectionTypeNames.map((type) => ({ type })));
}

/** The site's own language, and the texts a translation's pages show in it, not translated yet. */
export interface SourceLanguage {
  code: string;
  untranslated: ReadonlySet<string>;
}

/** A translated route's texts in the site's own language: the untranslated, and those of the articles it shows. */
function sourceTexts(route: RouteData, { untranslated }: SourceLanguage): ReadonlySet<string> {
  const articles =
    route.kind === 'page'
      ? route.sections.flatMap((section) => (section.type === 'articles' ? section.articles : []))
      : route.kind === 'article'
        ? [route.article, ...route.recommended, ...route.sidebar]
        : [];
  const shown = articles.flatMap((article) => article.sourceTexts ?? []);
  return shown.length ? new Set([...untranslated, ...shown]) : untranslated;
}

export function render(route: RouteData, shell: SiteShell, source?: SourceLanguage): { html: string; title: string } {
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
  // An article's body not translated yet is marked by ArticlePage itself.
  const marked = source ? markSourceLanguage(page, sourceTexts(route, source), source.code) : page;
  // A translation's islands hydrate with its own shell: the bundle holds only the source's.
  const translatedShell =
    rendered.length && shell.language.code !== siteLanguage(shell.settings).code
      ? `<script type="application/json" data-site-shell>${escapeJson(JSON.stringify(shell))}</script>`
      : '';
  return { html: spliceIslands(marked, rendered) + translatedShell, title: pageTitle(route, shell.settings) };
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
