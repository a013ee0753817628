// The visual editor reads and writes the same Markdown: opened and written back with no edit, a
// text comes back byte for byte (the fixture site's articles and documents, and a corpus of
// Markdown written every way CommonMark allows); one paragraph edited changes that paragraph's
// lines and no other.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { EditorState, TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { readMarkdown, writeMarkdown } from '../../src/studio/fields/visual/markdown-blocks.ts';
import { fixtureSite } from '../fixtures/studio.ts';

const roundTrip = (markdown: string) => {
  const { doc, layout } = readMarkdown(markdown);
  return writeMarkdown(doc, layout).markdown;
};

const tricky: Record<string, string> = {
  empty: '',
  'only blank lines': '\n\n\n',
  'no final newline': '# Title\n\nLast words',
  'blank lines before, between and after': '\n\n## One\n\n\n\nTwo\n\n\n',
  'Windows line ends': '## One\r\n\r\nA paragraph\r\non two lines.\r\n\r\n- a\r\n- b\r\n',
  'setext and closed ATX headings': 'Title\n=====\n\nPart\n---\n\n### Closed ###\n',
  'every bullet and a loose list': '* star\n* list\n\n+ plus\n+ list\n\n- loose\n\n- list\n',
  'nested and numbered from three with parentheses':
    '3) three\n4) four\n   - nested\n   - more\n\n10. ten\n11. eleven\n',
  'fences and indented code': '~~~js\nconst a = 1;\n~~~\n\n```\n# not a heading\n```\n\n    indented code\n',
  'a table and struck words': '| a | b |\n|---|---|\n| 1 | 2 |\n\nSome ~~struck~~ words.\n',
  'link definitions': 'See [the offer][offer] and [home].\n\n[offer]: /offer "Offer"\n[home]: /\n\nAfter.\n',
  'raw HTML, escaped on the site': '<div class="x">\n  *hi*\n</div>\n\nInline <b>bold</b> tag.\n',
  'hard breaks and trailing spaces': 'Line one  \nline two\\\nline three   \n\nEnd.   \n',
  'escapes, entities and emphasis with stars': '\\*not emphasis\\* &amp; *em* __strong__ `code`\n',
  'quotes with lazy continuation': '> quoted\nlazy line\n> > nested\n\n---\n\n***\n',
  'images with titles': '![A photo](/images/a.png "Title")\n\n![](/images/b.png)\n',
  'indented paragraph start': '   Three spaces in.\n\n\tTab code.\n',
};

async function fixtureTexts(): Promise<[string, string][]> {
  const texts: [string, string][] = [];
  for (const folder of ['blog', 'documents']) {
    const dir = path.join(fixtureSite, folder);
    for (const name of (await readdir(dir)).filter((file) => file.endsWith('.md'))) {
      const file = await readFile(path.join(dir, name), 'utf8');
      texts.push([`${folder}/${name}`, file]);
      texts.push([`${folder}/${name} without its front matter`, file.replace(/^---\n[\s\S]*?\n---\n/, '')]);
    }
  }
  return texts;
}

describe('no edit, no change', () => {
  it('the fixture site’s articles and documents come back byte for byte', async () => {
    const texts = await fixtureTexts();
    expect(texts.length).toBeGreaterThanOrEqual(8);
    for (const [name, text] of texts) expect(roundTrip(text), name).toBe(text);
  });

  it.each(Object.entries(tricky))('%s comes back byte for byte', (_name, text) => {
    expect(roundTrip(text)).toBe(text);
  });

  it('a table and struck words are kept as written, where the editor has no form for them', () => {
    const { doc } = readMarkdown(tricky['a table and struck words']);
    expect(doc.child(0).type.name).toBe('kept_markdown');
    expect(doc.child(1).type.name).toBe('kept_markdown');
  });
});

/** Types `words` at the end of the paragraph whose text starts with `start`. */
function typeAtEndOf(markdown: string, start: string, words: string): string {
  const { doc, layout } = readMarkdown(markdown);
  let end = -1;
  doc.descendants((node, pos) => {
    if (end < 0 && node.type.name === 'paragraph' && node.textContent.startsWith(start)) end = pos + node.nodeSize - 1;
    return end < 0;
  });
  expect(end).toBeGreaterThan(0);
  const state = EditorState.create({ doc });
  const tr = state.tr.setSelection(TextSelection.create(doc, end)).insertText(words);
  return writeMarkdown(tr.doc, layout).markdown;
}

/** The lines of `before` that `after` changed: [first changed line, lines changed in before, in after]. */
function changedLines(before: string, after: string): [number, number, number] {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return [head, a.length - head - tail, b.length - head - tail];
}

describe('one paragraph edited', () => {
  it('changes only that paragraph’s lines, in each fixture text', async () => {
    const file = await readFile(path.join(fixtureSite, 'documents/paper.md'), 'utf8');
    const edited = typeAtEndOf(file, 'The fixture paper exists', ' Edited.');
    expect(edited).toBe(
      file
        .replace(
          'It has [a link to the offer](/offer) and a list:',
          'It has [a link to the offer](/offer) and a list: Edited.',
        )
        .replace('have\nsomething', 'have something'),
    );
    const firstLine = file
      .split('\n')
      .indexOf('The fixture paper exists so the document section, the reading dialog and the print view have');
    expect(changedLines(file, edited)).toEqual([firstLine, 2, 1]);
  });

  it('keeps the corpus around it as written: stars, link definitions, a table, Windows line ends', () => {
    const text = Object.values(tricky).join('\n');
    const edited = typeAtEndOf(text, 'After.', ' More.');
    expect(edited).toBe(text.replace('\nAfter.\n', '\nAfter. More.\n'));
  });

  it('a block edited and then put back as it was is written as it was read', () => {
    const text = '* star\n* list\n\nAfter.\n';
    const { doc, layout } = readMarkdown(text);
    const list = doc.child(0);
    const end = list.nodeSize - 3;
    const state = EditorState.create({ doc });
    const added = state.tr.insertText('s', end);
    const once = writeMarkdown(added.doc, layout);
    expect(once.markdown).toBe('* star\n* lists\n\nAfter.\n');
    const removed = EditorState.create({ doc: added.doc }).tr.delete(end, end + 1);
    expect(writeMarkdown(removed.doc, once.layout).markdown).toBe(text);
  });

  it('a new paragraph after the last adds its lines and nothing else', () => {
    const text = tricky['link definitions'];
    const { doc, layout } = readMarkdown(text);
    const state = EditorState.create({ doc });
    const tr = state.tr.insert(doc.content.size, doc.type.schema.node('paragraph', null, doc.type.schema.text('New.')));
    expect(writeMarkdown(tr.doc, layout).markdown).toBe(`${text}\nNew.\n`);
  });
});
