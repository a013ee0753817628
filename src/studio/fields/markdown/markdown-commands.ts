// What the Markdown toolbar does to the text, as pure functions: each takes the text and the
// selection and returns the new text and selection, so each can be tested without an editor.
// The editor (MarkdownField) applies the result as the smallest change.

/** The text and the selection in it (`from` ≤ `to`; equal for a caret). */
export interface Edit {
  text: string;
  from: number;
  to: number;
}

const BULLET = /^([-*+])[ \t]+/;
const NUMBERED = /^(\d{1,9})[.)][ \t]+/;
const HEADING = /^#{1,6}[ \t]+/;
/** A list item with nothing after its marker (the marker's space may be gone too). */
const EMPTY_ITEM = /^(?:[-*+]|\d{1,9}[.)])[ \t]*$/;

/** The start and end offsets of the line holding `at`. */
function lineAround(text: string, at: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const newline = text.indexOf('\n', at);
  return { start, end: newline < 0 ? text.length : newline };
}

/** The lines the selection touches: a selection ending at a line's very start leaves that line out. */
function selectedLines(edit: Edit): { start: number; end: number } {
  const last = edit.to > edit.from && edit.text[edit.to - 1] === '\n' ? edit.to - 1 : edit.to;
  return { start: lineAround(edit.text, edit.from).start, end: lineAround(edit.text, last).end };
}

/** Characters Markdown would read as formatting, made literal: what a person types in a dialog is meant as words. */
export function escapeText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>]|&(?=#?\w+;)/g, (c) => `\\${c}`);
}

/** An address as a link destination: spaces and angle brackets percent-encoded, parentheses escaped. */
export function escapeDestination(address: string): string {
  return address
    .trim()
    .replace(/\s/g, (c) => encodeURIComponent(c))
    .replace(/[<>]/g, (c) => encodeURIComponent(c))
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

function runAt(text: string, at: number, direction: 1 | -1, char: string): number {
  let count = 0;
  for (let i = direction === 1 ? at : at - 1; i >= 0 && i < text.length && text[i] === char; i += direction) count++;
  return count;
}

const WORD = /[\p{L}\p{N}_'’-]/u;

/** The word the caret is in or touches, or the caret itself when there is none. */
function wordAt(text: string, at: number): { from: number; to: number } {
  let from = at;
  let to = at;
  while (from > 0 && WORD.test(text[from - 1])) from--;
  while (to < text.length && WORD.test(text[to])) to++;
  return { from, to };
}

/**
 * Bold (`**`) or italic (`_`) on the selection, or off when it already has it. A caret inside a
 * word formats the word; a caret elsewhere inserts the placeholder, selected, to type over.
 */
export function toggleInline(edit: Edit, style: 'bold' | 'italic', placeholder: string): Edit {
  const { text } = edit;
  const marks = style === 'bold' ? ['**', '__'] : ['_', '*'];
  const size = style === 'bold' ? 2 : 1;
  let { from, to } = edit.from === edit.to ? wordAt(text, edit.from) : edit;
  // Spaces at the selection's edges stay outside the marks (`** bold**` is not bold).
  while (from < to && /\s/.test(text[from])) from++;
  while (to > from && /\s/.test(text[to - 1])) to--;
  if (from === to) {
    const mark = marks[0];
    const next = text.slice(0, from) + mark + placeholder + mark + text.slice(to);
    return { text: next, from: from + mark.length, to: from + mark.length + placeholder.length };
  }
  // Already formatted: the marks sit just outside the selection, or are its own first and last characters.
  for (const mark of marks) {
    const char = mark[0];
    const outside = Math.min(runAt(text, from, -1, char), runAt(text, to, 1, char));
    if (outside >= size && (style === 'bold' || outside % 2 === 1)) {
      const next = text.slice(0, from - size) + text.slice(from, to) + text.slice(to + size);
      return { text: next, from: from - size, to: to - size };
    }
    const inside = text.slice(from, to);
    if (inside.length > 2 * size && inside.startsWith(mark) && inside.endsWith(mark)) {
      const unwrapped = inside.slice(size, -size);
      if (style === 'bold' || !unwrapped.startsWith(char)) {
        return { text: text.slice(0, from) + unwrapped + text.slice(to), from, to: from + unwrapped.length };
      }
    }
  }
  // Each line on its own: a mark never spans a paragraph break.
  const mark = marks[0];
  const wrapped = text
    .slice(from, to)
    .split('\n')
    .map((line) => {
      const core = line.trim();
      if (!core) return line;
      const lead = line.slice(0, line.indexOf(core));
      return lead + mark + core + mark + line.slice(lead.length + core.length);
    })
    .join('\n');
  return {
    text: text.slice(0, from) + wrapped + text.slice(to),
    from: from + mark.length,
    to: from + wrapped.length - mark.length,
  };
}

/**
 * The selected lines as a heading of `level` (2 or 3), or back to plain text when they already are.
 * A caret on an empty line starts a heading there, so what is typed next is the heading.
 */
export function toggleHeading(edit: Edit, level: number): Edit {
  const { start, end } = selectedLines(edit);
  const lines = edit.text.slice(start, end).split('\n');
  const mark = `${'#'.repeat(level)} `;
  if (edit.from === edit.to && lines.length === 1 && !lines[0].trim()) {
    const text = edit.text.slice(0, start) + mark + edit.text.slice(end);
    return { text, from: start + mark.length, to: start + mark.length };
  }
  const all = lines.every((line) => !line.trim() || line.startsWith(mark));
  const next = lines
    .map((line) => {
      if (!line.trim()) return line;
      const plain = line.replace(HEADING, '').replace(BULLET, '').replace(NUMBERED, '');
      return all ? plain : mark + plain;
    })
    .join('\n');
  const text = edit.text.slice(0, start) + next + edit.text.slice(end);
  return edit.from === edit.to && lines.length === 1
    ? { text, from: start + next.length, to: start + next.length }
    : { text, from: start, to: start + next.length };
}

const isListLine = (line: string) => BULLET.test(line) || NUMBERED.test(line);

/**
 * The selected lines as a bulleted or numbered list, or back to paragraphs when they already are
 * one. A blank line is kept between the list and plain text next to it, so neither runs into the other.
 */
export function toggleList(edit: Edit, kind: 'bullet' | 'numbered'): Edit {
  const { start, end } = selectedLines(edit);
  const lines = edit.text.slice(start, end).split('\n');
  const own = kind === 'bullet' ? BULLET : NUMBERED;
  const filled = lines.filter((line) => line.trim());
  const all = filled.length > 0 && filled.every((line) => own.test(line));
  let number = 0;
  const next = lines
    .map((line) => {
      if (!line.trim() && lines.length > 1) return line;
      const plain = line.replace(BULLET, '').replace(NUMBERED, '').replace(HEADING, '');
      if (all) return plain;
      number++;
      return (kind === 'bullet' ? '- ' : `${number}. `) + plain;
    })
    .join('\n');
  let before = edit.text.slice(0, start);
  let after = edit.text.slice(end);
  if (!all) {
    const previous = before.slice(0, -1).split('\n').pop() ?? '';
    if (before && previous.trim() && !isListLine(previous)) before += '\n';
    const following = after.slice(1).split('\n')[0];
    if (after && following.trim() && !isListLine(following)) after = '\n' + after;
  }
  const text = before + next + after;
  return edit.from === edit.to && lines.length === 1
    ? { text, from: before.length + next.length, to: before.length + next.length }
    : { text, from: before.length, to: before.length + next.length };
}

const QUOTE = /^ {0,3}>[ \t]?/;

/**
 * The selected lines as a quotation, or back to plain text when they already are one. A blank line
 * is kept between the quotation and plain text after it, which would otherwise run on into it.
 */
export function toggleQuote(edit: Edit): Edit {
  const { start, end } = selectedLines(edit);
  const lines = edit.text.slice(start, end).split('\n');
  const filled = lines.filter((line) => line.trim());
  const all = filled.length > 0 && filled.every((line) => QUOTE.test(line));
  const quoted = (line: string) => (line.trim() ? `> ${line}` : lines.length === 1 ? '> ' : '>');
  const next = lines.map((line) => (all ? line.replace(QUOTE, '') : quoted(line))).join('\n');
  let after = edit.text.slice(end);
  if (!all && after.slice(1).split('\n')[0].trim()) after = '\n' + after;
  const text = edit.text.slice(0, start) + next + after;
  return edit.from === edit.to && lines.length === 1
    ? { text, from: start + next.length, to: start + next.length }
    : { text, from: start, to: start + next.length };
}

/** A link in place of the selection: `[words](address)`, the caret after it. */
export function insertLink(edit: Edit, words: string, address: string): Edit {
  const link = `[${escapeText(words)}](${escapeDestination(address)})`;
  const text = edit.text.slice(0, edit.from) + link + edit.text.slice(edit.to);
  return { text, from: edit.from + link.length, to: edit.from + link.length };
}

/** A picture in place of the selection, as a paragraph of its own: `![alt text](address)`. */
export function insertImage(edit: Edit, alt: string, address: string): Edit {
  if (!alt.trim()) throw new Error('A picture needs its alt text.');
  const image = `![${escapeText(alt)}](${escapeDestination(address)})`;
  let before = edit.text.slice(0, edit.from);
  let after = edit.text.slice(edit.to);
  if (before && !before.endsWith('\n\n')) before = before.replace(/[ \t]*\n?$/, '\n\n');
  // Text after it is set apart by a blank line; the file's own final newline stays as it is.
  if (after.trim() && !after.startsWith('\n\n')) after = after.replace(/^[ \t]*\n?/, '\n\n');
  const text = before + image + after;
  return { text, from: before.length + image.length, to: before.length + image.length };
}

/** The words to start the link dialog with: the selection, when it is on one line. */
export function selectedWords(edit: Edit): string {
  const selected = edit.text.slice(edit.from, edit.to);
  return selected.includes('\n') ? '' : selected.trim();
}

/**
 * Enter (or Backspace) on a list item with nothing in it ends the list: the marker goes, and a
 * blank line separates the list from what is typed next, so it becomes a paragraph of its own
 * instead of running on into the last item. Undefined where this does not apply (the caret is not
 * after the marker of an empty, unindented item), so the editor's own handling runs.
 */
export function endEmptyListItem(edit: Edit): Edit | undefined {
  if (edit.from !== edit.to) return undefined;
  const { text, from: at } = edit;
  const { start, end } = lineAround(text, at);
  const line = text.slice(start, end);
  if (!EMPTY_ITEM.test(line) || at - start < line.trimEnd().length) return undefined;
  let before = text.slice(0, start);
  let after = text.slice(end);
  if (before && !before.endsWith('\n\n')) before += '\n';
  if (after.startsWith('\n') && after.slice(1).split('\n')[0].trim()) after = '\n' + after;
  return { text: before + after, from: before.length, to: before.length };
}
