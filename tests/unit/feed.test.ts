// The feeds carry hostile titles and excerpts as text: both are read back with a real XML parser
// (xml-js, over sax in strict mode), and what Atom's type="html" and RSS readers render as HTML
// holds no markup at all, only the escaped text, which decodes to exactly what the editor wrote.
import { describe, expect, it } from 'vitest';
import { xml2js, type Element } from 'xml-js';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { writeFeeds } from '../../scripts/site-build/feed.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

const title = `</title><script>alert("t")</script> & ]]> <!-- Q&A's 'x'`;
const excerpt = `<img src=x onerror=alert(1)> ]]><![CDATA[ & &amp; "quoted" <!-- comment -->`;
const author = `Mallory <mallory@example.com> & "Co" ]]>`;

/** Text inside an element: its text and CDATA children, joined. */
const textOf = (element: Element | undefined) =>
  (element?.elements ?? []).map((child) => child.text ?? child.cdata ?? '').join('');
const child = (element: Element | undefined, name: string) => element?.elements?.find((e) => e.name === name);

/** What an HTML reader shows for `html`: it must be text only (no tag, comment or CDATA), entities decoded. */
function shownAsHtml(html: string): string {
  expect(html).not.toMatch(/</);
  return html.replace(
    /&(lt|gt|quot|#39|amp);/g,
    (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[entity]!,
  );
}

describe('the feeds, with hostile text in an article', () => {
  it('parse as XML and show exactly the title, excerpt and author as text', async () => {
    const article = files['site/blog/hello-world.md']
      .replace('title: Hello World', `title: ${JSON.stringify(title)}`)
      .replace('excerpt: A first article.', `excerpt: ${JSON.stringify(excerpt)}`)
      .replace('readTime: 6', `readTime: 6\nauthor: ${JSON.stringify(author)}`);
    const root = await writeFixture({ 'site/blog/hello-world.md': article });
    const { model, errors } = await loadSite({ root });
    expect(errors.map(formatError)).toEqual([]);
    const { rss, atom } = await writeFeeds(model!, root);

    const entry = child(child(xml2js(atom) as Element, 'feed'), 'entry');
    expect(child(entry, 'title')?.attributes?.type).toBe('html');
    expect(shownAsHtml(textOf(child(entry, 'title')))).toBe(title);
    expect(child(entry, 'summary')?.attributes?.type).toBe('html');
    expect(shownAsHtml(textOf(child(entry, 'summary')))).toBe(excerpt);
    expect(textOf(child(child(entry, 'author'), 'name'))).toBe(author);

    const item = child(child(child(xml2js(rss) as Element, 'rss'), 'channel'), 'item');
    expect(shownAsHtml(textOf(child(item, 'title')))).toBe(title);
    expect(shownAsHtml(textOf(child(item, 'description')))).toBe(excerpt);
    expect(textOf(child(item, 'author'))).toBe(author);
  });
});
