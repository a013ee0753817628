// What the visual editor can hold, and how it reads and writes Markdown. The schema is
// prosemirror-markdown's CommonMark one with these changes: a bulleted list remembers its marker
// (`-`, `*` or `+`), and a `kept_markdown` block holds, as written, a part of the text the editor
// has no form for (a table, struck-through words), so nothing is lost by opening a file visually.
// The tokenizer is markdown-it with the site's own settings (scripts/content/markdown.ts), without
// the typographer, whose curly quotes would otherwise be written back into an edited paragraph.
import MarkdownIt from 'markdown-it';
import {
  defaultMarkdownParser,
  defaultMarkdownSerializer,
  MarkdownParser,
  MarkdownSerializer,
  schema as commonMark,
} from 'prosemirror-markdown';
import { Schema, type Node } from 'prosemirror-model';

// A list made in the editor (by a button, a shortcut or a paste) is tight, one item a line, as
// the studio's Markdown buttons write it; a list read from the file keeps its own spacing.
export const schema = new Schema({
  nodes: commonMark.spec.nodes
    .update('bullet_list', {
      ...commonMark.spec.nodes.get('bullet_list'),
      attrs: { tight: { default: true }, bullet: { default: '-' } },
      parseDOM: [{ tag: 'ul' }],
    })
    .update('ordered_list', {
      ...commonMark.spec.nodes.get('ordered_list'),
      attrs: { order: { default: 1 }, tight: { default: true } },
      parseDOM: [{ tag: 'ol', getAttrs: (dom) => ({ order: Number(dom.getAttribute('start') ?? 1) || 1 }) }],
    })
    .addToEnd('kept_markdown', {
      group: 'block',
      atom: true,
      selectable: true,
      attrs: { markdown: { default: '' } },
      // Never produced from pasted HTML: only a file's own Markdown becomes one.
      toDOM: (node) => [
        'pre',
        { class: 'kept-markdown', title: 'Kept as written: switch to Markdown to change it' },
        String(node.attrs.markdown),
      ],
    }),
  marks: commonMark.spec.marks,
});

export const tokenizer = new MarkdownIt({ html: false, linkify: false });

export const parser = new MarkdownParser(schema, tokenizer, {
  ...defaultMarkdownParser.tokens,
  bullet_list: {
    block: 'bullet_list',
    getAttrs: (token, tokens, index) => ({
      tight: tokens.slice(index + 1).find((next) => next.type !== 'list_item_open')?.hidden ?? false,
      bullet: token.markup || '-',
    }),
  },
});

export const serializer = new MarkdownSerializer(
  {
    ...defaultMarkdownSerializer.nodes,
    bullet_list(state, node) {
      state.renderList(node, '  ', () => `${String(node.attrs.bullet || '-')} `);
    },
    kept_markdown(state, node) {
      state.write(String(node.attrs.markdown));
      state.closeBlock(node);
    },
  },
  {
    ...defaultMarkdownSerializer.marks,
    // The studio's Markdown buttons write italic with underscores; an edited paragraph does too.
    em: { open: '_', close: '_', mixable: true, expelEnclosingWhitespace: true },
  },
);

/** One block of the document as Markdown, without a trailing newline. */
export function blockToMarkdown(block: Node): string {
  return serializer.serialize(schema.topNodeType.create(null, block)).replace(/\s+$/, '');
}

/** A block written in Markdown as editor content: one node, or a kept block when the editor has no form for it. */
export function blockFromMarkdown(markdown: string, env: object): Node {
  try {
    const doc = parser.parse(markdown, env);
    if (doc.childCount === 1) return doc.child(0);
  } catch {
    // A token the schema has no node for (a table, struck-through words): kept as written below.
  }
  return schema.nodes.kept_markdown.create({ markdown });
}
