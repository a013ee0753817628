// For each prerendered route, the stylesheets its HTML needs, as <link> tags the prerenderer
// inlines (optimizeDocument): the page paints with every style it needs (no layout shift) and
// makes no request for CSS. They are the CSS of what the server renders: the visitors' entry, the
// page frame (the App entry, see vite-config.ts) and the route's sections. No script is preloaded: static sections ship
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
export function closure(manifest: ViteManifest, key: string, into: Set<string>, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return into;
  seen.add(key);
  for (const child of manifest[key].imports ?? []) closure(manifest, child, into, seen);
  into.add(key);
  return into;
}

export function preloadLinks(manifest: ViteManifest): (route: RouteData) => string[] {
  const entry = closure(manifest, 'index.html', new Set());
  if (!manifest[appEntry]) throw new Error(`No chunk for the page frame: expected ${appEntry} in Vite's manifest`);
  const frame = [...closure(manifest, appEntry, new Set())].filter((key) => !entry.has(key));
  const cssOf = (keys: Iterable<string>) => [...keys].flatMap((key) => manifest[key].css ?? []);
  return (route) => {
    const sections = new Set<string>();
    if (route.kind === 'page')
      for (const type of new Set(route.sections.map((s) => s.type))) {
        const key = componentFile(type);
        if (!manifest[key]) throw new Error(`No chunk for section type "${type}": expected its component in ${key}`);
        closure(manifest, key, sections);
      }
    // The cascade's order as it always was: the sections' own CSS, then the entry's (Mantine's and
    // the global styles), then the page frame's, which overrides Mantine where it restyles it.
    const own = [...sections].filter((key) => !entry.has(key) && !frame.includes(key));
    return [...new Set([...cssOf(own), ...cssOf(entry), ...cssOf(frame)])].map(
      (file) => `<link rel="stylesheet" crossorigin href="/${file}">`,
    );
  };
}
