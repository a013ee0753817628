// How a YAML file is laid out, read from the file itself, so the `yaml` library renders it as its
// author wrote it: the indent step, lists indented under their key or flush with it (the style of
// PyYAML and GitHub workflows), spaces inside flow collections, how text is quoted and how wide
// folded text runs.
// The closer the library's rendering is to the text, the fewer lines an edit has to touch.
import { isMap, isPair, isSeq, Scalar, visit, type Document, type Node, type ToStringOptions } from 'yaml';

/** Of the values seen, the one seen most often (the first on a tie), or the fallback. */
function mostCommon<T>(values: readonly T[], fallback: T): T {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = fallback;
  let most = 0;
  for (const [value, count] of counts)
    if (count > most) {
      best = value;
      most = count;
    }
  return best;
}

const quotes: string[] = [Scalar.PLAIN, Scalar.QUOTE_SINGLE, Scalar.QUOTE_DOUBLE];
type Quote = typeof Scalar.PLAIN | typeof Scalar.QUOTE_SINGLE | typeof Scalar.QUOTE_DOUBLE;

/** Rendering options that follow the file's own layout. */
export function styleOf(doc: Document, text: string): ToStringOptions {
  const column = (offset: number) => offset - (text.lastIndexOf('\n', offset - 1) + 1);
  const steps: number[] = [];
  const seqIndented: boolean[] = [];
  const padded: boolean[] = [];
  const widths: number[] = [];
  const valueTypes: Quote[] = [];
  const keyTypes: Quote[] = [];
  visit(doc, {
    Pair(_, pair) {
      const key = pair.key as Node | null;
      const value = pair.value as Node | null;
      if (!isPair(pair) || !key?.range || !value?.range) return;
      // Only a value that starts on a later line than its key shows the file's indentation.
      if (!text.slice(key.range[1], value.range[0]).includes('\n')) return;
      const step = column(value.range[0]) - column(key.range[0]);
      if (isMap(value) && !value.flow && step > 0) steps.push(step);
      if (isSeq(value) && !value.flow) seqIndented.push(step > 0);
    },
    Map(_, map) {
      if (map.flow && map.range && map.items.length) padded.push(text[map.range[0] + 1] === ' ');
    },
    Seq(_, seq) {
      if (seq.flow && seq.range && seq.items.length) padded.push(text[seq.range[0] + 1] === ' ');
    },
    Scalar(key, scalar) {
      if (!scalar.range) return;
      if (typeof scalar.value === 'string' && quotes.includes(scalar.type!))
        (key === 'key' ? keyTypes : valueTypes).push(scalar.type as Quote);
      if (key === 'key' || scalar.type === Scalar.BLOCK_LITERAL) return;
      // Text folded over several lines shows how wide the file runs: its lines, key included.
      const start = text.lastIndexOf('\n', scalar.range[0] - 1) + 1;
      const lines = text.slice(start, scalar.range[1]).split('\n');
      const content = scalar.type === Scalar.BLOCK_FOLDED ? lines.slice(1).filter((line) => line.trim()) : lines;
      if (content.length > 1) widths.push(Math.max(...content.map((line) => line.trimEnd().length)));
    },
  });
  const indent = mostCommon(steps, 2);
  return {
    indent,
    indentSeq: mostCommon(seqIndented, true),
    flowCollectionPadding: mostCommon(padded, true),
    // New text is quoted as most of the file's text is (plain, 'single' or "double").
    defaultStringType: mostCommon(valueTypes, Scalar.PLAIN),
    defaultKeyType: mostCommon(keyTypes, Scalar.PLAIN),
    // Folded text is wrapped like the file's other folded text (its longest line), else near 100.
    lineWidth: widths.length ? Math.max(...widths) : 100,
    minContentWidth: 40,
  };
}

export const lineEndingOf = (text: string) => (text.includes('\r\n') && !/(^|[^\r])\n/.test(text) ? '\r\n' : '\n');
