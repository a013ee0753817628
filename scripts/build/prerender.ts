// Renders every route into dist/: dist/<path>/index.html with its own title, description,
// canonical URL and social tags, the route's data as JSON beside it, and the not-found page.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RouteData, SiteShell } from '../../src/route-data.ts';
import { bootScript, deferModules } from './boot-script.ts';
import { withoutProse } from '../../src/routing/prose-in-dom.ts';
import { routeDataUrl } from '../../src/route-data.ts';

type Render = (route: RouteData, shell: SiteShell) => { html: string; title: string };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// JSON inside <script> must not be able to close the element or open a comment.
const escapeJson = (json: string) => json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function head(route: RouteData, title: string, shell: SiteShell, assets: string[]): string {
  const { settings } = shell;
  const tags = [`<title>${escapeHtml(title)}</title>`, ...assets];
  if (route.kind === 'page' || route.kind === 'article') {
    const url = `${settings.url}${route.path === '/' ? '/' : route.path}`;
    const meta: [string, string, string][] = [
      ['name', 'description', route.description],
      ['property', 'og:type', route.kind === 'article' ? 'article' : 'website'],
      ['property', 'og:site_name', settings.name],
      ['property', 'og:title', title],
      ['property', 'og:description', route.description],
      ['property', 'og:url', url],
      ['property', 'og:locale', settings.locale ?? 'en_IN'],
      ['name', 'twitter:card', 'summary_large_image'],
    ];
    if (route.kind === 'article') {
      const image = route.article.image.src.startsWith('/') ? `${settings.url}${route.article.image.src}` : route.article.image.src;
      meta.push(['property', 'og:image', image], ['property', 'og:image:alt', route.article.image.alt], ['property', 'article:published_time', route.article.date]);
    }
    tags.push(...meta.map(([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeHtml(content)}" />`));
    tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
  } else {
    tags.push('<meta name="robots" content="noindex" />');
  }
  return tags.join('\n    ');
}

export type Assets = (route: RouteData) => string[];

/**
 * Shapes the document for a fast first paint: each stylesheet link becomes the stylesheet itself
 * (no request before the first paint), and the modules load after the page (see boot-script.ts).
 */
export function optimizeDocument(html: string, readCss: (href: string) => string): string {
  return deferModules(
    // The disabled link is never fetched, but tells Vite's loader the stylesheet is already on
    // the page, so importing a section's code later does not download its CSS a second time.
    html.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_tag, href: string) => `<style data-href="${href}">${readCss(href)}</style><link rel="stylesheet" href="${href}" disabled>`),
  );
}

export function renderDocument(template: string, route: RouteData, shell: SiteShell, render: Render, assets: Assets, readCss: (href: string) => string): string {
  const { html, title } = render(route, shell);
  const document = template
    .replace('<!--app-head-->', head(route, title, shell, assets(route)))
    .replace('<!--app-html-->', html)
    .replace('<!--app-data-->', `<script type="application/json" id="route-data">${escapeJson(JSON.stringify(withoutProse(route)))}</script>`);
  return optimizeDocument(document, readCss);
}

export async function prerender(options: { outDir: string; template: string; routes: Map<string, RouteData>; shell: SiteShell; render: Render; assets: Assets }) {
  const { outDir, template, routes, shell, render, assets } = options;
  const css = new Map<string, string>();
  const readCss = (href: string) => {
    if (!css.has(href)) css.set(href, readFileSync(path.join(outDir, href), 'utf8').trim());
    return css.get(href)!;
  };
  const write = async (relative: string, content: string) => {
    const file = path.join(outDir, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  };
  let pages = 0;
  for (const route of routes.values()) {
    await write(routeDataUrl(route.path), JSON.stringify(route));
    if (route.kind === 'redirect') continue;
    await write(route.path === '/' ? 'index.html' : `${route.path}/index.html`, renderDocument(template, route, shell, render, assets, readCss));
    pages++;
  }
  await write(bootScript.file, bootScript.source);
  await write('404.html', renderDocument(template, { kind: 'not-found', path: '/404' }, shell, render, assets, readCss));
  return pages;
}
