// Renders every route into dist/: dist/<path>/index.html with its own title, description,
// canonical URL, social tags, structured data and speculation rules, and the not-found page. The
// route's data is written as JSON beside it (/_data/…), for the dev tools and tests: visitors'
// pages no longer read it (they are complete HTML; only islands hydrate, from their own props).
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import type { RouteData, SiteShell } from '../../shared/route-data.ts';
import { escapeHtml } from './escape.ts';
import { withSiteLanguage } from './html-language.ts';
import { notFoundPath, siteLanguage } from '../../shared/languages.ts';
import type { HeadTags } from './head-tags.ts';
import { preloadLinks, type ViteManifest } from './preload-links.ts';
import { routeDataUrl } from '../../shared/route-data.ts';
import { speculationRulesTag } from './speculation-rules.ts';
import type { SourceLanguage } from '../../src/entry-server.tsx';

type Render = (route: RouteData, shell: SiteShell, source?: SourceLanguage) => { html: string; title: string };

function head(route: RouteData, title: string, shell: SiteShell, assets: string[]): string {
  const { settings } = shell;
  const tags = [`<title>${escapeHtml(title)}</title>`, ...assets, speculationRulesTag];
  if (route.kind === 'page' || route.kind === 'article') {
    const url = `${settings.url}${route.path === '/' ? '/' : route.path}`;
    const meta: [string, string, string][] = [
      ['name', 'description', route.description],
      ['property', 'og:type', route.kind === 'article' ? 'article' : 'website'],
      ['property', 'og:site_name', settings.name],
      ['property', 'og:title', title],
      ['property', 'og:description', route.description],
      ['property', 'og:url', url],
      ['property', 'og:locale', ogLocale(shell)],
      ['name', 'twitter:card', 'summary_large_image'],
    ];
    if (route.kind === 'article') meta.push(['property', 'article:published_time', route.article.date]);
    tags.push(
      ...meta.map(([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeHtml(content)}" />`),
    );
    tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
    if (route.alternates.length) {
      const link = (hreflang: string, path: string) =>
        `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(`${settings.url}${path}`)}" />`;
      tags.push(
        ...route.alternates.map(({ code, path }) => link(code, path)),
        link('x-default', route.alternates[0].path),
      );
    }
  } else {
    tags.push('<meta name="robots" content="noindex" />');
  }
  return tags.join('\n    ');
}

/** og:locale: site.yaml's locale for the site's own language; a translation's language code (de, pt_BR). */
const ogLocale = ({ settings, language }: SiteShell) =>
  language.code === siteLanguage(settings).code ? (settings.locale ?? 'en_IN') : language.code.replace('-', '_');

export type Assets = (route: RouteData) => string[];

/**
 * Shapes the document for a fast first paint: each stylesheet link becomes the stylesheet itself
 * (no request before the first paint). The one module script, the visitors' entry, is small and
 * deferred: it installs the page's behaviours, and hydrates islands only after the first paint
 * (src/islands/start.ts).
 */
export function optimizeDocument(html: string, readCss: (href: string) => string): string {
  // The disabled link is never fetched, but tells Vite's loader the stylesheet is already on
  // the page, so importing an island's code later does not download its CSS a second time. A
  // stylesheet named twice (the entry's, which Vite links too) is inlined at its first place only.
  const inlined = new Set<string>();
  return html.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
    if (inlined.has(href)) return '';
    inlined.add(href);
    return `<style data-href="${href}">${readCss(href)}</style><link rel="stylesheet" href="${href}" disabled>`;
  });
}

export function renderDocument(
  template: string,
  route: RouteData,
  shell: SiteShell,
  render: Render,
  assets: Assets,
  readCss: (href: string) => string,
  source?: SourceLanguage,
): string {
  const { html, title } = render(route, shell, source);
  const document = withSiteLanguage(template, shell.language)
    .replace('<!--app-head-->', head(route, title, shell, assets(route)))
    .replace('<!--app-html-->', html);
  return optimizeDocument(document, readCss);
}

/** What a renderer needs besides the routes: shared by the build process and its workers. */
export interface RenderJob {
  outDir: string;
  template: string;
  shell: SiteShell;
  /** The prerender bundle built by Vite (exports render and prepare). */
  ssrEntry: string;
  viteManifest: ViteManifest;
  /** Social cards, structured data and feed links (see head-tags.ts). */
  headTags: HeadTags;
  /** The texts a translation's pages show in the site's own language, not translated yet (language-sites.ts). */
  untranslatedTexts: ReadonlySet<string>;
}

/** Renders routes into outDir: each route's data as JSON and, for pages and articles, its HTML. */
export async function renderRoutes(job: RenderJob, routes: RouteData[]): Promise<number> {
  const { render, prepare, themeStyles } = (await import(pathToFileURL(job.ssrEntry).href)) as {
    render: Render;
    prepare: () => Promise<void>;
    themeStyles: (shell: SiteShell) => string;
  };
  await prepare();
  const styles = themeStyles(job.shell);
  // Only a translation's pages hold texts of another language than their own.
  const own = siteLanguage(job.shell.settings).code;
  const source = job.shell.language.code === own ? undefined : { code: own, untranslated: job.untranslatedTexts };
  const preload = preloadLinks(job.viteManifest);
  const assets: Assets = (route) => [
    ...preload(route),
    ...job.headTags.shared,
    ...(job.headTags.byPath[route.path] ?? []),
  ];
  const css = new Map<string, string>();
  const readCss = (href: string) => {
    if (!css.has(href)) css.set(href, readFileSync(path.join(job.outDir, href), 'utf8').trim());
    return css.get(href)!;
  };
  // Rendering is synchronous; the writes run alongside it, a bounded number at a time.
  const folders = new Map<string, Promise<unknown>>();
  const pending = new Set<Promise<void>>();
  const write = async (relative: string, content: string) => {
    const file = path.join(job.outDir, relative);
    const folder = path.dirname(file);
    // One mkdir per folder, which every write into that folder waits for.
    if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
    await folders.get(folder);
    await writeFile(file, content);
  };
  const queue = async (relative: string, content: string) => {
    const done: Promise<void> = write(relative, content).finally(() => pending.delete(done));
    pending.add(done);
    if (pending.size >= 32) await Promise.race(pending);
  };
  let pages = 0;
  for (const route of routes) {
    await queue(routeDataUrl(route.path), JSON.stringify(route));
    if (route.kind === 'redirect') continue;
    const file =
      route.kind === 'not-found'
        ? `${route.path}.html`
        : route.path === '/'
          ? 'index.html'
          : `${route.path}/index.html`;
    // The theme's variables come last in <head>, after Mantine's default ones in the inlined CSS.
    await queue(
      file,
      renderDocument(job.template, route, job.shell, render, assets, readCss, source).replace(
        '</head>',
        `${styles}</head>`,
      ),
    );
    if (route.kind !== 'not-found') pages++;
  }
  await Promise.all(pending);
  return pages;
}

/**
 * Prerenders every route. A large site is split across worker threads, one per core: React's
 * renderToString is synchronous, so this is the only way to use the second core. A small site
 * renders in this process, where starting workers would cost more than it saves.
 */
export async function prerender(job: RenderJob, routes: Map<string, RouteData>): Promise<number> {
  const notFound: RouteData = { kind: 'not-found', path: notFoundPath(job.shell.language, job.shell.settings) };
  const all: RouteData[] = [...routes.values(), notFound];
  const threads = all.length < 200 ? 1 : Math.min(availableParallelism(), 4);
  if (threads === 1) return renderRoutes(job, all);
  const slices = Array.from({ length: threads }, (_, i) => all.filter((_, index) => index % threads === i));
  const counts = await Promise.all(
    slices.map(
      (slice) =>
        new Promise<number>((resolve, reject) => {
          const worker = new Worker(new URL('./prerender-worker.ts', import.meta.url), {
            workerData: { job, routes: slice },
          });
          worker
            .once('message', resolve)
            .once('error', reject)
            .once('exit', (code) => code !== 0 && reject(new Error(`prerender worker exited with ${code}`)));
        }),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}
