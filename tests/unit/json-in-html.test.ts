// JSON embedded in prerendered HTML (the structured data, JSON-LD, and the speculation rules; the
// islands' props in island-splice.test.ts) cannot end its <script> element or open a comment,
// whatever a title holds: a copy of the fixture site with
// hostile titles is built for real, and its article page is read with an HTML parser (parse5,
// the WHATWG tokenizer browsers follow). Every script element parses back to exactly the titles
// written, and no script or comment came out of them.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { expect, it } from 'vitest';
import { buildContent } from '../fixtures/build-content.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const title = `</script><script>alert(1)</script><!--<script>x</script>--> & </SCRIPT >`;
const name = 'Works</script><!--<script>';
// Running text may hold U+2028, which ends a line in older JavaScript.
const excerpt = 'An excerpt long enough to show in the listing </script><script>alert(2)</script>\u2028<!-- end.';

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  if ('childNodes' in node) for (const child of node.childNodes) walk(child, visit);
  if ('content' in node && node.content) walk(node.content, visit);
}

it('a hostile article title and site name stay inside the JSON they are written into', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'json-in-html-'));
  await cp(fixtureSiteRoot, root, { recursive: true });
  const article = path.join(root, 'site', 'blog', 'first-note.md');
  const text = (await readFile(article, 'utf8'))
    .replace('title: "First Fixture Note"', `title: ${JSON.stringify(title)}`)
    .replace(/^excerpt: .*$/m, `excerpt: ${JSON.stringify(excerpt)}`);
  await writeFile(article, text);
  const settings = path.join(root, 'site', 'site.yaml');
  await writeFile(settings, (await readFile(settings, 'utf8')).replace(/^name: .*$/m, `name: ${JSON.stringify(name)}`));
  const outDir = path.join(root, 'dist');
  await buildContent(root, outDir, 'production');

  const html = await readFile(path.join(outDir, 'resources', 'blogs', 'first-note', 'index.html'), 'utf8');
  const scripts: Element[] = [];
  const comments: string[] = [];
  walk(parse(html), (node) => {
    if (node.nodeName === 'script') scripts.push(node as Element);
    if (node.nodeName === '#comment') comments.push((node as DefaultTreeAdapterMap['commentNode']).data);
  });
  const typeOf = (script: Element) => script.attrs.find((a) => a.name === 'type')?.value;
  const textOf = (script: Element) =>
    script.childNodes.map((child) => (child as DefaultTreeAdapterMap['textNode']).value ?? '').join('');

  // The page's own scripts (its entry, structured data and speculation rules), and nothing the titles opened.
  expect(scripts.map(typeOf).sort()).toEqual(['application/ld+json', 'module', 'speculationrules']);
  expect(comments.join('')).not.toContain('script');
  for (const script of scripts.filter((s) => typeOf(s) === 'module')) expect(textOf(script)).toBe('');
  expect(JSON.parse(textOf(scripts.find((s) => typeOf(s) === 'speculationrules')!))).toHaveProperty('prerender');

  const ldJson = JSON.parse(textOf(scripts.find((s) => typeOf(s) === 'application/ld+json')!)) as {
    '@graph': { '@type': string; headline?: string; description?: string; publisher?: { name: string } }[];
  };
  const posting = ldJson['@graph'].find((node) => node['@type'] === 'BlogPosting')!;
  expect(posting.headline).toBe(title);
  expect(posting.description).toBe(excerpt);
  expect(posting.publisher?.name).toBe(name);
}, 240_000);
