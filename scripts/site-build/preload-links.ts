// For each prerendered route, the stylesheets its HTML needs, as <link> tags the prerenderer
// inlines (optimizeDocument): the page paints with every style it needs (no layout shift) and
// makes no request for CSS. They are the CSS of what the server renders: the page frame (the App
// entry, see vite-config.ts) and the route's sections. No script is preloaded: static sections ship
// no code, and an island's code is fetched by the islands runtime after the first paint.
// Reads Vite's build manifest.
import type { RouteData } from '../../shared/route-data.ts';
import { componentFile } from '../content/schema-check.ts';
import { appEntry } from './vite-config.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** A chunk and every chunk it imports, each once, the imported ones first (the cascade's order). */
function closure(manifest: ViteManifest, key: string, into: Set<string>, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return into;
  seen.add(key);
  for (const child of manifest[key].imports ?? []) closure(manifest, child, into, seen);
  into.add(key);
  return into;
}

export function preloadLinks(manifest: ViteManifest): (route: RouteData) => string[] {
  // The visitors' entry's own CSS is already linked by index.html.
  const alreadyLoaded = closure(manifest, 'index.html', new Set());
  if (!manifest[appEntry]) throw new Error(`No chunk for the page frame: expected ${appEntry} in Vite's manifest`);
  const frame = closure(manifest, appEntry, new Set());
  return (route) => {
    const keys = new Set(frame);
    if (route.kind === 'page')
      for (const type of new Set(route.sections.map((s) => s.type))) {
        const key = componentFile(type);
        if (!manifest[key]) throw new Error(`No chunk for section type "${type}": expected its component in ${key}`);
        closure(manifest, key, keys);
      }
    const chunks = [...keys].filter((key) => !alreadyLoaded.has(key)).map((key) => manifest[key]);
    return [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map(
      (file) => `<link rel="stylesheet" crossorigin href="/${file}">`,
    );
  };
}
