// The lines a block collection's items stand on, for edits made by moving whole lines: an item
// (a list entry from its dash, or a key with its value) owns the comment lines just above it and
// every line down to the next item, less the blank lines before that one. Blank lines between
// items are the collection's layout and stay with their place.

export class Lines {
  readonly starts: number[] = [0];
  readonly text: string;
  constructor(text: string) {
    this.text = text;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  get count() {
    return this.starts.length;
  }
  /** The line an offset falls on. */
  lineOf(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }
  columnOf(offset: number): number {
    return offset - this.starts[this.lineOf(offset)];
  }
  /** Where a line starts; the text's length past the last line. */
  startOf(line: number): number {
    return line < this.starts.length ? this.starts[line] : this.text.length;
  }
  line(index: number): string {
    return this.text.slice(
      this.starts[index],
      index + 1 < this.starts.length ? this.starts[index + 1] - 1 : this.text.length,
    );
  }
  /** Whether only spaces stand before the offset on its line. */
  startsLine(offset: number): boolean {
    return this.text.slice(this.starts[this.lineOf(offset)], offset).trim() === '';
  }
  isBlank(index: number): boolean {
    return this.line(index).trim() === '';
  }
  isComment(index: number): boolean {
    return this.line(index).trimStart().startsWith('#');
  }
}

export interface Block {
  first: number;
  last: number;
}

/**
 * The lines of each item, given the offset where each item starts (its dash or its key) and the
 * offset where the last one ends; undefined when an item does not begin its own line (the first
 * may follow list dashes when `afterDash`: the first key of a list item).
 */
export function blocksOf(lines: Lines, starts: number[], end: number, afterDash = false): Block[] | undefined {
  const heads: number[] = [];
  for (const [i, start] of starts.entries()) {
    const line = lines.lineOf(start);
    const before = lines.text.slice(lines.startOf(line), start);
    if (before.trim() !== '' && !(i === 0 && afterDash && /^\s*(-\s+)+$/.test(before))) return undefined;
    // Each item on lines of its own, below the one before.
    if (heads.length && line <= heads[heads.length - 1]) return undefined;
    heads.push(line);
  }
  if (lines.lineOf(Math.max(starts[starts.length - 1], end - 1)) < heads[heads.length - 1]) return undefined;
  const firsts = heads.map((head, i) => {
    let first = head;
    const floor = i === 0 ? 0 : heads[i - 1] + 1;
    while (first > floor && lines.isComment(first - 1)) first--;
    return first;
  });
  // The collection's first item keeps the comments above it where they are: they may be the
  // key's or the file's, not the item's.
  firsts[0] = heads[0];
  return firsts.map((first, i) => {
    let last = i + 1 < firsts.length ? firsts[i + 1] - 1 : lines.lineOf(Math.max(starts[i], end - 1));
    while (i + 1 < firsts.length && last > first && lines.isBlank(last)) last--;
    return { first, last };
  });
}

/** The text of lines [first, last], each with its line end. */
export function textOf(lines: Lines, { first, last }: Block): string {
  const text = lines.text.slice(lines.startOf(first), lines.startOf(last + 1));
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** The blank lines between two items (before item `i`), with their line ends. */
export function gapBefore(lines: Lines, blocks: Block[], i: number): string {
  return i <= 0 || i >= blocks.length
    ? ''
    : lines.text.slice(lines.startOf(blocks[i - 1].last + 1), lines.startOf(blocks[i].first));
}
