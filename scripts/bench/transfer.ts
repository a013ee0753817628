// What a first visit to a route downloads, in brotli bytes, read from the build itself: the HTML
// (with the route's data inside), every script and stylesheet it references, and every module
// those scripts import statically. Lazy chunks (dialogs) are not counted until used.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export interface Transfer {
  html: number;
  js: number;
  css: number;
}

const brSize = (file: string) =>
  stat(`${file}.br`).then(
    (s) => s.size,
    () => stat(file).then((s) => s.size),
  );

export async function firstLoad(distDir: string, route: string): Promise<Transfer> {
  const htmlFile = path.join(distDir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
  const html = await readFile(htmlFile, 'utf8');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    if (/\bdisabled\b/.test(tag)) continue; // the marker of an inlined stylesheet, never fetched
    const src = /(?:src|href)="(\/assets\/[^"]+)"/.exec(tag)?.[1];
    if (src?.endsWith('.css')) styles.add(src);
    else if (src?.endsWith('.js')) scripts.add(src);
    // The boot script's modules, fetched once the page has loaded.
    for (const module of /data-modules="([^"]+)"/.exec(tag)?.[1].split(' ') ?? []) scripts.add(module);
  }
  // Follow static imports: `from"./Box-abc.js"` and `import"./x.js"`.
  const queue = [...scripts];
  while (queue.length) {
    const file = queue.pop()!;
    const code = await readFile(path.join(distDir, file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      const dep = `/assets/${match[1]}`;
      if (!scripts.has(dep)) {
        scripts.add(dep);
        queue.push(dep);
      }
    }
  }
  const sum = async (files: Iterable<string>) =>
    (await Promise.all([...files].map((f) => brSize(path.join(distDir, f))))).reduce((a, b) => a + b, 0);
  return { html: await brSize(htmlFile), js: await sum(scripts), css: await sum(styles) };
}
