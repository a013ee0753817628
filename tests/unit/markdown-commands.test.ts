// The Markdown toolbar's commands (src/studio/fields/markdown/markdown-commands.ts) on text and
// selection, written with the selection marked: «…» a selection, ‸ a caret. Where it matters,
// the result is also rendered with the site's Markdown rules, to see what a visitor gets.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../scripts/content/markdown.ts';
import {
  endEmptyListItem,
  escapeDestination,
  escapeText,
  insertImage,
  insertLink,
  selectedWords,
  toggleHeading,
  toggleInline,
  toggleList,
  toggleQuote,
  type Edit,
} from '../../src/studio/fields/markdown/markdown-commands.ts';

/** "a «b» c" → the text with its selection; "a‸b" → a caret. */
function edit(marked: string): Edit {
  const caret = marked.indexOf('‸');
  if (caret >= 0) return { text: marked.replace('‸', ''), from: caret, to: caret };
  const from = marked.indexOf('«');
  const to = marked.indexOf('»') - 1;
  return { text: marked.replace('«', '').replace('»', ''), from, to };
}

/** The edit written back with its marks. */
function marked({ text, from, to }: Edit): string {
  if (from === to) return text.slice(0, from) + '‸' + text.slice(from);
  return text.slice(0, from) + '«' + text.slice(from, to) + '»' + text.slice(to);
}

const html = (text: string) => renderMarkdown(text).html;

describe('bold and italic', () => {
  it('wrap the selection, and unwrap it when it already has them', () => {
    expect(marked(toggleInline(edit('We «grow» fast.'), 'bold', 'bold text'))).toBe('We **«grow»** fast.');
    expect(marked(toggleInline(edit('We **«grow»** fast.'), 'bold', 'bold text'))).toBe('We «grow» fast.');
    expect(marked(toggleInline(edit('We «**grow**» fast.'), 'bold', 'bold text'))).toBe('We «grow» fast.');
    expect(marked(toggleInline(edit('We «grow» fast.'), 'italic', 'italic text'))).toBe('We _«grow»_ fast.');
    expect(marked(toggleInline(edit('We _«grow»_ fast.'), 'italic', 'italic text'))).toBe('We «grow» fast.');
    expect(marked(toggleInline(edit('We *«grow»* fast.'), 'italic', 'italic text'))).toBe('We «grow» fast.');
  });

  it('italic inside bold adds italic rather than taking the bold apart; bold inside bold-italic takes the bold', () => {
    expect(marked(toggleInline(edit('We **«grow»** fast.'), 'italic', 'x'))).toBe('We **_«grow»_** fast.');
    expect(marked(toggleInline(edit('We ***«grow»*** fast.'), 'bold', 'x'))).toBe('We *«grow»* fast.');
  });

  it('keep the spaces at the edges of the selection outside the marks, so the text is really bold', () => {
    const result = toggleInline(edit('We« grow »fast.'), 'bold', 'bold text');
    expect(result.text).toBe('We **grow** fast.');
    expect(html(result.text)).toContain('<strong>grow</strong>');
  });

  it('a caret in a word formats the word; a caret between words inserts the placeholder, selected', () => {
    expect(marked(toggleInline(edit('We gr‸ow fast.'), 'bold', 'bold text'))).toBe('We **«grow»** fast.');
    expect(marked(toggleInline(edit('We grow ‸'), 'bold', 'bold text'))).toBe('We grow **«bold text»**');
    expect(marked(toggleInline(edit('‸'), 'italic', 'italic text'))).toBe('_«italic text»_');
  });

  it('a selection over two paragraphs marks each line, never across the break', () => {
    const result = toggleInline(edit('«One.\n\nTwo.»'), 'bold', 'x');
    expect(result.text).toBe('**One.**\n\n**Two.**');
    expect(html(result.text)).toBe('<p><strong>One.</strong></p>\n<p><strong>Two.</strong></p>\n');
  });
});

describe('headings', () => {
  it('make the line a heading or subheading, switch between them, and back to text', () => {
    expect(marked(toggleHeading(edit('Intro\n\nOur ‸story'), 2))).toBe('Intro\n\n## Our story‸');
    expect(marked(toggleHeading(edit('## Our ‸story'), 3))).toBe('### Our story‸');
    expect(marked(toggleHeading(edit('### Our ‸story'), 3))).toBe('Our story‸');
    expect(html(toggleHeading(edit('Our ‸story'), 2).text)).toBe('<h2>Our story</h2>\n');
  });

  it('a caret on an empty line starts a heading there, so what is typed next is the heading', () => {
    expect(marked(toggleHeading(edit('Intro\n\n‸'), 2))).toBe('Intro\n\n## ‸');
    expect(marked(toggleHeading(edit('Intro\n‸\nOutro'), 3))).toBe('Intro\n### ‸\nOutro');
    expect(marked(toggleHeading(edit('  ‸'), 2))).toBe('## ‸');
  });

  it('a list item made a heading loses its bullet', () => {
    expect(toggleHeading(edit('- Our ‸story'), 2).text).toBe('## Our story');
  });
});

describe('quotes', () => {
  it('make the selected lines a quotation, set apart from the text after it, and back', () => {
    expect(marked(toggleQuote(edit('Intro\n\nWise ‸words\nNext')))).toBe('Intro\n\n> Wise words‸\n\nNext');
    expect(toggleQuote(edit('«> Alpha\n>\n> Beta»')).text).toBe('Alpha\n\nBeta');
    expect(toggleQuote(edit('«Alpha\n\nBeta»')).text).toBe('> Alpha\n>\n> Beta');
    expect(marked(toggleQuote(edit('‸')))).toBe('> ‸');
  });
});

describe('lists', () => {
  it('make the selected lines a bulleted or numbered list, switch between them, and back to paragraphs', () => {
    expect(toggleList(edit('«Alpha\nBeta»'), 'bullet').text).toBe('- Alpha\n- Beta');
    expect(toggleList(edit('«- Alpha\n- Beta»'), 'numbered').text).toBe('1. Alpha\n2. Beta');
    expect(toggleList(edit('«1. Alpha\n2. Beta»'), 'numbered').text).toBe('Alpha\nBeta');
    expect(marked(toggleList(edit('‸'), 'bullet'))).toBe('- ‸');
  });

  it('a line of a paragraph made a list item is set apart by blank lines, so the paragraph does not run into it', () => {
    const result = toggleList(edit('Before.\nAl‸pha\nAfter.'), 'bullet');
    expect(marked(result)).toBe('Before.\n\n- Alpha‸\n\nAfter.');
    expect(html(result.text)).toBe('<p>Before.</p>\n<ul>\n<li>Alpha</li>\n</ul>\n<p>After.</p>\n');
  });

  it('a new item next to an existing list joins it without a blank line', () => {
    expect(toggleList(edit('- Alpha\nBe‸ta'), 'bullet').text).toBe('- Alpha\n- Beta');
  });
});

describe('links', () => {
  it('replace the selection with [words](address), the caret after it', () => {
    expect(marked(insertLink(edit('See «our offer» now.'), 'our offer', '/offer'))).toBe(
      'See [our offer](/offer)‸ now.',
    );
    expect(selectedWords(edit('See «our offer» now.'))).toBe('our offer');
    expect(selectedWords(edit('«One\nTwo»'))).toBe('');
  });

  it('words and addresses that look like Markdown are written so they render as typed', () => {
    const words = 'Q&A: [*all*] \\ <answers> &amp;';
    const address = '/offer?x=(1) 2<3>';
    const { text } = insertLink(edit('‸'), words, address);
    const rendered = html(text);
    expect(rendered).toBe(
      `<p><a href="/offer?x=(1)%202%3C3%3E">Q&amp;A: [*all*] \\ &lt;answers&gt; &amp;amp;</a></p>\n`,
    );
    expect(escapeText('Plain words, 50% off')).toBe('Plain words, 50% off');
    expect(escapeDestination('/resources/blogs/first-note#top')).toBe('/resources/blogs/first-note#top');
  });
});

describe('pictures', () => {
  it('go in as a paragraph of their own, with their alt text', () => {
    const result = insertImage(edit('First paragraph.‸\nSecond line.'), 'Our team at work', '/images/team.jpg');
    expect(marked(result)).toBe('First paragraph.\n\n![Our team at work](/images/team.jpg)‸\n\nSecond line.');
    expect(html(result.text)).toContain('<p><img src="/images/team.jpg" alt="Our team at work"></p>');
    expect(insertImage(edit('‸'), 'A', '/images/a.png').text).toBe('![A](/images/a.png)');
    expect(marked(insertImage(edit('- Last item‸\n'), 'A', '/images/a.png'))).toBe(
      '- Last item\n\n![A](/images/a.png)‸\n',
    );
  });

  it('cannot go in without alt text', () => {
    expect(() => insertImage(edit('‸'), '  ', '/images/a.png')).toThrow('alt text');
  });
});

describe('ending a list', () => {
  it('Enter on an empty last item ends the list with a blank line: the next sentence is a paragraph, not part of the last item', () => {
    const ended = endEmptyListItem(edit('Intro.\n\n- Alpha\n- Beta\n- ‸'))!;
    expect(marked(ended)).toBe('Intro.\n\n- Alpha\n- Beta\n\n‸');
    const typed = ended.text + 'Next sentence.';
    expect(html(typed)).toBe('<p>Intro.</p>\n<ul>\n<li>Alpha</li>\n<li>Beta</li>\n</ul>\n<p>Next sentence.</p>\n');
  });

  it('works for a numbered list, for the first item, and in the middle of a list', () => {
    expect(marked(endEmptyListItem(edit('1. Alpha\n2. ‸'))!)).toBe('1. Alpha\n\n‸');
    expect(marked(endEmptyListItem(edit('- ‸'))!)).toBe('‸');
    expect(marked(endEmptyListItem(edit('- Alpha\n- ‸\n- Beta'))!)).toBe('- Alpha\n\n‸\n\n- Beta');
    expect(marked(endEmptyListItem(edit('- Alpha\n\n- ‸'))!)).toBe('- Alpha\n\n‸');
  });

  it('leaves every other line to the editor', () => {
    expect(endEmptyListItem(edit('- Alpha‸'))).toBeUndefined();
    expect(endEmptyListItem(edit('  - ‸'))).toBeUndefined();
    expect(endEmptyListItem(edit('> - ‸'))).toBeUndefined();
    expect(endEmptyListItem(edit('‸- '))).toBeUndefined();
    expect(endEmptyListItem(edit('Plain‸'))).toBeUndefined();
    expect(endEmptyListItem(edit('«- »'))).toBeUndefined();
  });
});
