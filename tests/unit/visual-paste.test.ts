// Text pasted into the visual editor keeps only what an article can hold: what Word and Google
// Docs put on the clipboard becomes headings, bold, italic, lists and links people can follow,
// without fonts, colours, Word's typed bullets, links to files on someone's computer or pictures
// that are not the site's own.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { schema, serializer } from '../../src/studio/fields/visual/markdown-schema.ts';
import { cleanPastedHtml, pasteParser } from '../../src/studio/fields/visual/paste.ts';

/** The Markdown a paste of `html` writes, parsed as the editor parses a paste. */
function pasted(html: string): string {
  const { document } = new JSDOM(`<body>${cleanPastedHtml(html)}</body>`).window;
  const slice = pasteParser.parseSlice(document.body);
  return serializer.serialize(schema.topNodeType.create(null, slice.content)).trim();
}

describe('pasted text', () => {
  it('from Word: bold and italic kept, fonts and colours dropped, the typed bullet gone', () => {
    const word = [
      "<p class=MsoNormal><b><span style='font-family:Calibri;color:#C00000'>Our results</span></b>",
      "<span style='font-size:14pt'> grew <i>fast</i>.<o:p></o:p></span></p>",
      "<p class=MsoListParagraphCxSpFirst style='text-indent:-18pt;mso-list:l0 level1 lfo1'><![if !supportLists]>",
      "<span style='font-family:Symbol;mso-list:Ignore'>·<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp; </span></span>",
      '<![endif]>First point<o:p></o:p></p>',
    ].join('');
    expect(pasted(word)).toBe('**Our results** grew _fast_.\n\nFirst point');
  });

  it('from Google Docs: its headings become the article’s, its lists stay lists, only followable links and site pictures stay', () => {
    const docs = [
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5e1">',
      '<h1><span style="font-size:20pt;color:#ff0000">Title</span></h1><h4>Detail</h4>',
      '<p><span style="font-weight:700">Bold</span><span style="font-family:Arial"> and </span>',
      '<span style="font-style:italic">slanted</span>, <a href="file:///C:/offer.docx">a file</a>, ',
      '<a href="javascript:alert(1)">a script</a>, <a href="https://example.com/">the web</a>, ',
      '<a href="/offer">the offer</a>.</p>',
      '<ul><li><p>First</p></li><li><p>Second</p></li></ul><ol start="3"><li>Third</li></ol>',
      '<p><img src="file:///C:/photo.png"><img src="data:image/png;base64,AAAA"><img src="/images/a.png" alt="A"></p></b>',
    ].join('');
    expect(pasted(docs)).toBe(
      [
        '## Title',
        '',
        '### Detail',
        '',
        '**Bold** and _slanted_, a file, a script, [the web](https://example.com/), [the offer](/offer).',
        '',
        '- First',
        '- Second',
        '',
        '3. Third',
        '',
        '![A](/images/a.png)',
      ].join('\n'),
    );
  });
});
