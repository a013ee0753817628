// The server's island splice (src/islands/splice.ts, through entry-server's render): a page with two
// form islands, one of whose texts tries to end its <script>, is rendered as the prerenderer renders
// it and read back with parse5 (the WHATWG tokenizer browsers follow). Each island is a root of its
// own (React's generated ids in it carry its own prefix), and each island's props parse
// back to exactly its section, the hostile text included, with no script opened by it.
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site.ts';
import { routeData, siteShell } from '../../scripts/site-build/model-to-routes.ts';
import type { PageRoute, SiteShell } from '../../shared/route-data.ts';
import { prepare, render } from '../../src/entry-server.tsx';
import { islandPrefix } from '../../src/islands/prefix.ts';
import { spliceIslands } from '../../src/islands/splice.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const hostile = '</script><script>alert(1)</script><!--<script>x</script>--> & </SCRIPT >\u2028';

function elements(node: Node, into: Element[] = []): Element[] {
  if ('tagName' in node) into.push(node);
  if ('childNodes' in node) for (const child of node.childNodes) elements(child, into);
  return into;
}
const attribute = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const text = (element: Element) =>
  element.childNodes.map((child) => (child as DefaultTreeAdapterMap['textNode']).value ?? '').join('');

let shell: SiteShell;
let page: PageRoute;

beforeAll(async () => {
  const { model } = await loadSite({ root: fixtureSiteRoot });
  shell = siteShell(model!);
  const contact = routeData(model!, () => undefined).get('/contact');
  if (contact?.kind !== 'page') throw new Error('the fixture has no /contact page');
  const form = contact.sections.find((s) => s.type === 'form')!;
  if (form.type !== 'form') throw new Error('no form on /contact');
  // Two islands on one page: the second's card title and subtitle are hostile.
  const second = { ...form, id: 'second', subtitle: hostile, aside: [{ title: hostile }] };
  page = { ...contact, sections: [...contact.sections, second] };
  await prepare();
});

describe('islands in the prerendered page', () => {
  it('each island is its own root with its own id prefix and its props beside it, intact', () => {
    const { html } = render(page, shell);
    const all = elements(parse(html));
    const islands = all.filter((e) => attribute(e, 'data-island') !== undefined);
    const indexes = page.sections.flatMap((s, index) => (s.type === 'form' ? [index] : []));
    expect(islands.map((e) => Number(attribute(e, 'data-island')))).toEqual(indexes);

    // Inside an island every id React generates (useId) carries that island's own prefix.
    for (const island of islands) {
      const prefix = islandPrefix(Number(attribute(island, 'data-island')));
      // React's useId ids start with "_" (or « and : in older versions); the content's own never do.
      const generated = elements(island)
        .flatMap((e) => [attribute(e, 'id'), attribute(e, 'for'), attribute(e, 'aria-describedby')])
        .filter((id): id is string => id !== undefined && /^[_«:]/.test(id));
      for (const id of generated) expect(id).toContain(prefix);
    }

    // The props: one JSON script per island, parsing back to the section and the context it sat in.
    const scripts = all.filter((e) => e.tagName === 'script');
    expect(scripts.map((s) => attribute(s, 'type'))).toEqual(indexes.map(() => 'application/json'));
    for (const [n, script] of scripts.entries()) {
      expect(attribute(script, 'data-island-props')).toBe(String(indexes[n]));
      expect(JSON.parse(text(script))).toEqual({ section: page.sections[indexes[n]], onDark: false });
    }
    // The hostile text is shown as text (the card's title), and opened no script or comment.
    expect(all.filter((e) => e.tagName === 'h3').map(text)).toContain(hostile);
    expect(html).not.toContain('<script>alert');
  });

  it('refuses an island without its placeholder, and a placeholder twice', () => {
    const props = { section: page.sections[0], onDark: false };
    expect(() => spliceIslands('<main></main>', [{ id: 1, props, html: '' }])).toThrow(/No placeholder for island 1/);
    const twice = '<div data-island="1"></div><div data-island="1"></div>';
    expect(() => spliceIslands(twice, [{ id: 1, props, html: '' }])).toThrow(/not rendered exactly once/);
    expect(spliceIslands('<div data-island="1" class="x"></div>', [{ id: 1, props, html: '<p>x</p>' }])).toMatch(
      /^<div data-island="1" class="x"><p>x<\/p><\/div><script type="application\/json" data-island-props="1">/,
    );
  });
});
