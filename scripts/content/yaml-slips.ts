// The slips people make in YAML, each explained in plain words with the line to type instead.
// The parser only tells us *that* a file cannot be read and roughly where; this module looks at
// the lines themselves to name the one slip behind it. Nothing from the parser's own vocabulary
// reaches a person: a case the catalogue does not know gets a plain sentence and the lines around it.
// Pure functions (text in, message out), so the CLI, the dev error screen and the studio agree.
import type { YAMLError } from 'yaml';
import { duplicate, indentation, listOrField, lostColon, tab } from './yaml-layout-slips.ts';
import { quoted, readLines, reserved, typeLine, withValue, type Detector, type Slip } from './yaml-line-shape.ts';
import { bracket, colonInText, quote, reservedStart } from './yaml-value-slips.ts';

export type { Slip } from './yaml-line-shape.ts';
export { quoted } from './yaml-line-shape.ts';

/** In the order they are tried: the first that names a slip wins. */
const detectors: Detector[] = [
  tab,
  quote,
  bracket,
  reservedStart,
  duplicate,
  colonInText,
  listOrField,
  lostColon,
  indentation,
];

export const genericMessage =
  'YAML cannot read this line. Check that it is indented like the lines it goes with, that each field name ends with a colon and a space, and that text holding a colon, a # or a quote is in quotes.';

/**
 * The one slip behind a file the parser could not read: its place and a plain message with the
 * line to type instead. `errors` are the parser's (only their codes and positions are used).
 */
export function explainSyntax(text: string, errors: readonly Pick<YAMLError, 'code' | 'linePos'>[]): Slip {
  const lines = readLines(text);
  const first = errors
    .map((e) => e.linePos?.[0])
    .filter((p) => p !== undefined)
    .sort((a, b) => a.line - b.line || a.col - b.col)[0] ?? { line: lines.length, col: 1 };
  const stop = Math.min(first.line, lines.length) - 1;
  const codes = new Set(errors.map((e) => e.code));
  for (const detect of detectors) {
    const slip = detect(lines, stop, codes);
    if (slip) return slip;
  }
  return { line: first.line, col: first.col, message: genericMessage };
}

/**
 * Text YAML reads without complaint as something else, so its field silently has no value: text
 * starting with # is a comment (`title: #1 choice`; a comment after a field has a space after the
 * #, so `#1` is text), and `&word` alone names an empty value for reuse (`type: &cards`).
 */
export function textReadAsSyntax(text: string): Slip | undefined {
  const lines = readLines(text);
  for (const [i, line] of lines.entries()) {
    const written = line.value?.trimEnd();
    if (line.key === undefined || !written) continue;
    const at = { line: line.number, col: line.text.indexOf(written) + 1 };
    const fix = `Put the text in quotes: ${typeLine(withValue(line, quoted(written)))}.`;
    if (/^#\S/.test(written))
      return {
        ...at,
        message: `YAML read "${written}" as a comment, so "${line.key}" has no value: text cannot start with # in YAML. ${fix}`,
      };
    // An anchor may name a group written on the lines below it: only one with nothing below is a slip.
    const below = lines.slice(i + 1).find((next) => next.text.trim() !== '');
    if (/^&\S+$/.test(written) && !(below && below.content > line.content))
      return {
        ...at,
        message: `text cannot start with & in YAML: at the start of a value it ${reserved['&']}, so "${line.key}" has no value. ${fix}`,
      };
  }
  return undefined;
}
