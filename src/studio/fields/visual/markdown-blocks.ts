// Markdown in and out of the visual editor, one block at a time, so that an edit changes only the
// blocks it touched. Reading splits the text into its top-level blocks by the source lines
// markdown-it maps each to, and keeps every block's own text and the text between blocks (blank
// lines, link definitions). Writing compares the editor's blocks with those it last wrote: each
// block that did not change is written back as the text it came from, byte for byte, and only the
// changed ones are written by the serializer. Reading then writing with no edit gives the text back.
import type { Node } from 'prosemirror-model';
import { blockFromMarkdown, blockToMarkdown, schema, tokenizer } from './markdown-schema.ts';

export interface LaidOutBlock {
  /** The block in the editor. */
  node: Node;
  /** Its Markdown, without the blank lines around it; empty for an empty paragraph, which is not written. */
  markdown: string;
  /** The text between the previous block and this one; written as a blank line when empty. */
  before: string;
}

/** The text as the editor's blocks and what surrounds them. */
export interface Layout {
  leading: string;
  blocks: LaidOutBlock[];
  trailing: string;
  /** The blocks as read: a block edited back to what it was is written as it was read. */
  read: LaidOutBlock[];
}

/** Where each line of `text` starts, and the text's end after the last line. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(/\r\n|\r|\n/g)) starts.push(match.index + match[0].length);
  return starts;
}

/** The editor's document for `markdown`, and the layout that writes it back as it was. */
export function readMarkdown(markdown: string): { doc: Node; layout: Layout } {
  const env = {};
  const tokens = tokenizer.parse(markdown, env);
  const starts = lineStarts(markdown);
  const at = (line: number) => (line < starts.length ? starts[line] : markdown.length);
  const blocks: LaidOutBlock[] = [];
  let end = 0;
  let leading = '';
  for (const token of tokens) {
    if (token.level !== 0 || token.nesting < 0 || !token.map) continue;
    const start = Math.max(at(token.map[0]), end);
    const text = markdown.slice(start, at(token.map[1])).replace(/\s+$/, '');
    if (!text) continue;
    if (blocks.length === 0) leading = markdown.slice(0, start);
    blocks.push({
      node: blockFromMarkdown(text, env),
      markdown: text,
      before: blocks.length ? markdown.slice(end, start) : '',
    });
    end = start + text.length;
  }
  const layout = blocks.length
    ? { leading, blocks, trailing: markdown.slice(end), read: blocks }
    : { leading: '', blocks, trailing: markdown, read: blocks };
  const nodes = blocks.map((block) => block.node);
  const doc = schema.topNodeType.createAndFill(null, nodes) ?? schema.topNodeType.createAndFill()!;
  return { doc, layout };
}

const same = (a: Node, b: Node) => a === b || a.eq(b);

/**
 * The Markdown of `doc`, with every block that is as in `layout` written as it was, and the layout
 * to compare the next edit with. The unchanged blocks are those before and after the edited
 * stretch; a stretch that keeps its number of blocks keeps the text between them too.
 */
export function writeMarkdown(doc: Node, layout: Layout): { markdown: string; layout: Layout } {
  const old = layout.blocks;
  const now: Node[] = [];
  doc.forEach((node) => now.push(node));
  let head = 0;
  while (head < old.length && head < now.length && same(old[head].node, now[head])) head++;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < now.length - head &&
    same(old[old.length - 1 - tail].node, now[now.length - 1 - tail])
  )
    tail++;
  const oldMiddle = old.slice(head, old.length - tail);
  const newMiddle = now.slice(head, now.length - tail);
  const edited = newMiddle.map((node, index) => ({
    node,
    markdown: layout.read.find((block) => same(block.node, node))?.markdown ?? blockToMarkdown(node),
    before: oldMiddle.length === newMiddle.length || index === 0 ? (oldMiddle[index]?.before ?? '\n\n') : '\n\n',
  }));
  const blocks = [...old.slice(0, head), ...edited, ...old.slice(old.length - tail)].map((block, index) => ({
    ...block,
    node: now[index],
  }));
  let markdown = layout.leading;
  let first = true;
  for (const block of blocks) {
    if (!block.markdown) continue;
    markdown += (first ? '' : block.before || '\n\n') + block.markdown;
    first = false;
  }
  // A text that had no block yet ends with a newline once it has one, as every file should.
  const trailing =
    old.length === 0 && !first && !layout.trailing.endsWith('\n') ? `${layout.trailing}\n` : layout.trailing;
  return { markdown: markdown + trailing, layout: { ...layout, blocks, trailing } };
}
