// Prerendering with the build cache: a route whose HTML was made before from the same inputs is
// written from the cache, and only the others go to prerender.ts. A route's key is a hash of
// everything that reaches its HTML: the bundles (their inputs and their bytes: the render code,
// the template, the CSS and the manifest), the shell, the head tags shared by every page and the
// route's own, and the route's data. So a changed title re-renders its article, the listing pages
// and the articles that show it (their data holds its title), and nothing else.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { routeDataUrl, type RouteData } from '../../shared/route-data.ts';
import { cacheKey, type MediaCache } from './media-cache.ts';
import { prerender, type RenderJob } from './prerender.ts';

/** Where prerender.ts writes a route's HTML, relative to the output folder. */
export const htmlFile = (route: RouteData) => (route.path === '/' ? 'index.html' : `${route.path.slice(1)}/index.html`);

/** A bounded number at a time, in order of the items. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface PrerenderCounts {
  /** Pages and articles rendered by this build. */
  rendered: string[];
  /** Pages and articles written from the cache. */
  reused: number;
}

/**
 * Prerenders the routes into job.outDir as prerender.ts does, taking from `cache` each page whose
 * key (`base`: the bundles, shell and shared head tags; then the route) is stored.
 */
export async function cachedPrerender(
  job: RenderJob,
  routes: Map<string, RouteData>,
  cache: MediaCache,
  base: string,
): Promise<PrerenderCounts> {
  const keyOf = (route: RouteData) =>
    cacheKey(base, JSON.stringify(route), JSON.stringify(job.headTags.byPath[route.path] ?? []));
  const pages = [...routes.values()].filter((route) => route.kind === 'page' || route.kind === 'article');
  const stored = new Map<RouteData, Buffer>();
  await eachLimited(pages, 16, async (route) => {
    const html = await cache.get(keyOf(route), 'html');
    if (html) stored.set(route, html);
  });
  // Redirects, the not-found page and what the render writes once are left to prerender.ts.
  const toRender = new Map([...routes].filter(([, route]) => !stored.has(route)));
  await prerender(job, toRender);

  const folders = new Map<string, Promise<unknown>>();
  const write = async (relative: string, content: string | Buffer) => {
    const file = path.join(job.outDir, relative);
    const folder = path.dirname(file);
    if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
    await folders.get(folder);
    await writeFile(file, content);
  };
  await eachLimited([...stored], 16, async ([route, html]) => {
    await write(routeDataUrl(route.path), JSON.stringify(route));
    await write(htmlFile(route), html);
  });
  const rendered = pages.filter((route) => !stored.has(route));
  await eachLimited(rendered, 16, async (route) =>
    cache.put(keyOf(route), 'html', await readFile(path.join(job.outDir, htmlFile(route)))),
  );
  return { rendered: rendered.map((route) => route.path), reused: stored.size };
}
