// Pasted text, from Word, Google Docs or a web page, keeps only what an article can hold: the
// schema's parse rules already drop fonts, colours, classes and unknown elements. On top of that,
// Word's list bullets typed as text are dropped, headings become the article's two levels, a link
// keeps only an address people can follow (a site page or a web, mail or phone address), and an
// image only when it is one of the site's own pictures: a pasted picture of a document on someone's
// computer could never show on the site.
import { DOMParser as SchemaParser, type TagParseRule } from 'prosemirror-model';
import { schema } from './markdown-schema.ts';

const followable = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;

const headingRules: TagParseRule[] = [1, 2, 3, 4, 5, 6].map((level) => ({
  tag: `h${level}`,
  node: 'heading',
  attrs: { level: level <= 2 ? 2 : 3 },
}));

const baseRules = SchemaParser.fromSchema(schema).rules;

/** The parser for pasted HTML: the schema's own rules, with the refusals above first. */
export const pasteParser = new SchemaParser(schema, [
  ...headingRules,
  { tag: 'img', ignore: true, getAttrs: (dom) => (isSitePicture(dom.getAttribute('src')) ? false : null) },
  // A link people cannot follow keeps its words, without the link.
  { tag: 'a[href]', skip: true, getAttrs: (dom) => (followable.test(dom.getAttribute('href') ?? '') ? false : null) },
  ...baseRules.filter((rule) => !('tag' in rule && rule.tag && /^h[1-6]$/.test(rule.tag))),
]);

function isSitePicture(src: string | null): boolean {
  return !!src && src.startsWith('/') && !src.startsWith('//');
}

/** Word's list markers (a bullet or a number in a span Word marks to be ignored) and its comments go. */
export function cleanPastedHtml(html: string): string {
  return html
    .replace(/<!--\[if !supportLists\]-->[\s\S]*?<!--\[endif\]-->/g, '')
    .replace(/<span[^>]*mso-list:\s*Ignore[^>]*>[\s\S]*?<\/span>/gi, '');
}
