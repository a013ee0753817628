// Where in a section's data the thing clicked in the preview is held, found from what the page
// shows, for any element of any section type: no tag lists, no knowledge of components.
import type { DataPath } from './api.ts';

/** What a click in the preview hit: the texts from the word clicked out to the section, and an image. */
export interface Clue {
  /** Innermost first: the text under the pointer, then the clicked element's and its ancestors' texts. */
  texts: string[];
  image?: { src: string; alt: string };
}

type Leaf = [DataPath, string];

function leaves(data: unknown, base: DataPath): Leaf[] {
  const found: Leaf[] = [];
  const walk = (node: unknown, at: DataPath) => {
    if (typeof node === 'string') found.push([at, node.trim()]);
    else if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...at, i]));
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) walk(value, [...at, key]);
  };
  walk(data, base);
  return found;
}

/** The path of the object holding an image with this address or, failing that, this alt text. */
function pathOfImage(all: Leaf[], { src, alt }: { src: string; alt: string }): DataPath | undefined {
  const named = (key: string, wanted: string) =>
    all.find(([path, value]) => path.at(-1) === key && value !== '' && value === wanted.trim());
  return (named('src', src) ?? named('alt', alt))?.[0].slice(0, -1);
}

/**
 * The field holding what was clicked. The outermost element whose whole text is a value wins (a
 * headline rather than its highlighted words, which are a value of their own); else the innermost
 * text found inside a longer value (a sentence of Markdown, a word in bold).
 */
export function pathOfClue(data: unknown, clue: Clue, base: DataPath = []): DataPath | undefined {
  const all = leaves(data, base);
  const image = clue.image && pathOfImage(all, clue.image);
  if (image) return image;
  const texts = clue.texts.map((text) => text.trim()).filter(Boolean);
  for (const text of [...texts].reverse()) {
    const exact = all.find(([, value]) => value === text);
    if (exact) return exact[0];
  }
  for (const text of texts.filter((t) => t.length >= 3)) {
    const holding = all.find(([, value]) => value.includes(text.slice(0, 60)));
    if (holding) return holding[0];
  }
  return undefined;
}
