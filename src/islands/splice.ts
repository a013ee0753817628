// The server's second pass: each island's placeholder in the page's HTML receives the island's
// own rendered HTML, and its props follow it as JSON (never executed) for the browser to hydrate
// from. Text inside a section can never look like a placeholder: React escapes every `<` of text.
import { escapeJson } from '../../shared/json-in-html.ts';
import type { IslandProps } from './Island.tsx';

export interface RenderedIsland {
  id: number;
  props: IslandProps;
  /** The island rendered as its own root (with its own identifierPrefix). */
  html: string;
}

const placeholder = /<div data-island="(\d+)"([^>]*)><\/div>/g;

export function spliceIslands(page: string, islands: RenderedIsland[]): string {
  const byId = new Map(islands.map((island) => [island.id, island]));
  const spliced = new Set<number>();
  const html = page.replace(placeholder, (_tag, id: string, rest: string) => {
    const island = byId.get(Number(id));
    if (!island || spliced.has(island.id)) throw new Error(`Island ${id} is not rendered exactly once`);
    spliced.add(island.id);
    const props = escapeJson(JSON.stringify(island.props));
    return `<div data-island="${id}"${rest}>${island.html}</div><script type="application/json" data-island-props="${id}">${props}</script>`;
  });
  const missing = islands.filter((island) => !spliced.has(island.id));
  if (missing.length) throw new Error(`No placeholder for island ${missing.map((i) => i.id).join(', ')}`);
  return html;
}
