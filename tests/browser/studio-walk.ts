// What a person reads on a studio screen, and the developer words it must never hold. The text read
// is what shows or is spoken: the page's visible text, and every aria-label, title and placeholder
// (the preview's frame is the site itself and is left out). The forbidden words are data: a file
// path, a YAML key as a label, a build command, git's words, a stack trace, an id or a hash.
import type { Page } from 'playwright-core';
import { composedSchemas } from '../../scripts/content/schemas.ts';

/** Patterns no editor may read, each with why. */
export const developerWords: [RegExp, string][] = [
  [/\bsite\//, 'a path under site/'],
  [/\.(ya?ml|md|json)\b/i, 'a file name'],
  [/\b(pages|blog|forms|documents)\/[\w-]/, 'a content path'],
  [/\bnpm\b/, 'a build command'],
  [/\bcommit/i, "git's word"],
  [/\bon disk\b/i, 'a developer phrase'],
  [/Failed to fetch|studio's key|\[object Object\]|\bundefined\b|\bnull\b/, 'a message meant for a program'],
  [/\bat \S+ \(.*:\d+:\d+\)|\w+\.(ts|tsx|js):\d+/, 'a stack trace'],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/, 'a hash or an id'],
  [/\b\d{8}T?\d{4,6}\b|\brelease-\d/i, 'a release id'],
];

/** Every property name the site's schemas define: a label equal to one is a YAML key shown as is. */
export function schemaKeys(): Set<string> {
  const keys = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object')
        for (const name of Object.keys(value)) keys.add(name);
      walk(value);
    }
  };
  for (const [, schema] of composedSchemas()) walk(schema);
  return keys;
}

/** The studio's screen as a person reads it: [text, labels], outside the preview's frame. */
export async function readScreen(page: Page): Promise<{ text: string; labels: string[] }> {
  return page.evaluate(() => {
    const said: string[] = [document.body.innerText];
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]'))
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value && !(element instanceof HTMLIFrameElement)) said.push(value);
      }
    const visible = (element: Element) => (element as HTMLElement).offsetParent !== null;
    const labels = [...document.querySelectorAll('label, legend, button, [role=tab], a')]
      .filter(visible)
      .map((element) => (element.textContent ?? '').replace(/\s*\*$/, '').trim())
      .filter(Boolean);
    return { text: said.join('\n'), labels };
  });
}

/** What on the screen a person should not read, each as "why: the words around it". */
export async function developerWordsOn(page: Page, keys: Set<string>): Promise<string[]> {
  const { text, labels } = await readScreen(page);
  const found: string[] = [];
  for (const [pattern, why] of developerWords) {
    const match = pattern.exec(text);
    if (match) found.push(`${why}: …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`);
  }
  for (const label of labels) if (keys.has(label)) found.push(`a YAML key as a label: ${label}`);
  return found;
}
