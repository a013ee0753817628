// For each prerendered route, the <link> tags that fetch its sections' code and CSS in parallel
// with the main bundle: the page paints with every style it needs (no layout shift) and hydrates
// without waiting for a second round trip. Reads Vite's build manifest.
import type { RouteData } from '../../shared/route-data.ts';
import { componentFile } from '../content/schema-check.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

function closure(manifest: ViteManifest, key: string, into: Set<string>): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const child of manifest[key].imports ?? []) closure(manifest, child, into);
  return into;
}

export function preloadLinks(manifest: ViteManifest): (route: RouteData) => string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const alreadyLoaded = entry ? closure(manifest, entry, new Set()) : new Set<string>();
  return (route) => {
    if (route.kind !== 'page') return [];
    const keys = new Set<string>();
    for (const type of new Set(route.sections.map((s) => s.type))) {
      const key = componentFile(type);
      if (!manifest[key]) throw new Error(`No chunk for section type "${type}": expected its component in ${key}`);
      closure(manifest, key, keys);
    }
    const chunks = [...keys].filter((key) => !alreadyLoaded.has(key)).map((key) => manifest[key]);
    const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map(
      (file) => `<link rel="stylesheet" crossorigin href="/${file}">`,
    );
    const js = chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
    return [...css, ...js];
  };
}
