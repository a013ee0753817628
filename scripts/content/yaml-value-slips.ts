// Slips in a field's value: text that YAML reads as its own syntax. A quote never closed, a [ or {
// at the start of text, a reserved character (@, *, &, !, …) at the start of text, and a colon
// inside text that turns the rest into a new field. Each names the slip and gives the quoted line.
import { quoted, reserved, typeLine, valueStart, withValue, type Detector, type Line } from './yaml-line-shape.ts';

function unclosedQuote(line: Line): boolean {
  const value = line.value ?? (line.dash ? line.text.slice(line.content).trim() : '');
  const quote = value[0];
  if (quote === '"') return !/^"(?:[^"\\]|\\.)*"/.test(value);
  if (quote === "'") return !/^'(?:[^']|'')*'/.test(value);
  return false;
}
export const quote: Detector = (lines, stop) => {
  const line = lines.slice(0, stop + 1).find((l) => !l.blank && unclosedQuote(l));
  if (!line) return undefined;
  const start = line.value !== undefined ? valueStart(line) : line.content;
  const mark = line.text[start];
  return {
    line: line.number,
    col: start + 1,
    message: `the quote ${mark} opened here is never closed, so YAML reads everything after it as one text. Close it at the end of the text: ${typeLine(`${line.text.trimEnd()}${mark}`)}.`,
  };
};

/** After a value's opening bracket: whether it closes, and whether text follows the close. */
function bracketShape(value: string): 'open' | 'trailing' | 'fine' {
  let depth = 0;
  const bare = value.replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, '""');
  for (let i = 0; i < bare.length; i++) {
    const c = bare[i];
    if (c === '[' || c === '{') depth++;
    if (c === ']' || c === '}') depth--;
    if (depth === 0) return bare.slice(i + 1).trim() ? 'trailing' : 'fine';
  }
  return 'open';
}

export const bracket: Detector = (lines, stop) => {
  for (const line of lines.slice(0, stop + 1)) {
    if (line.value === undefined || !/^[[{]/.test(line.value)) continue;
    const shape = bracketShape(line.value);
    if (shape === 'fine') continue;
    const open = line.value[0];
    const close = open === '[' ? ']' : '}';
    const fix = typeLine(withValue(line, quoted(line.value)));
    return {
      line: line.number,
      col: valueStart(line) + 1,
      message:
        shape === 'open'
          ? `the ${open} here starts a ${open === '[' ? 'list' : 'group'} written on one line, and it is never closed with ${close}. Close it: ${typeLine(`${line.text.trimEnd()}${close}`)}, or if this is text, put it in quotes: ${fix}.`
          : `text cannot start with ${open} in YAML: at the start of a value it ${reserved[open]}. Put the text in quotes: ${fix}.`,
    };
  }
  return undefined;
};

export const reservedStart: Detector = (lines, stop, codes) => {
  if (
    ![...codes].some((c) =>
      [
        'BAD_SCALAR_START',
        'UNEXPECTED_TOKEN',
        'BAD_ALIAS',
        'TAG_RESOLVE_FAILED',
        'UNRESOLVED_ALIAS',
        'BAD_INDENT',
        'MISSING_CHAR',
        'BLOCK_AS_IMPLICIT_KEY',
        'MULTILINE_IMPLICIT_KEY',
      ].includes(c),
    )
  )
    return undefined;
  const line = lines.slice(0, stop + 1).find((l) => {
    const first = l.value?.[0];
    if (!first || !(first in reserved) || first === '#' || first === '[' || first === '{') return false;
    // `|` and `>` alone start a block of text on the lines below, which is fine.
    return !((first === '|' || first === '>') && /^[|>][-+]?\d*$/.test(l.value!));
  });
  if (!line) return undefined;
  const first = line.value![0];
  return {
    line: line.number,
    col: valueStart(line) + 1,
    message: `text cannot start with ${first} in YAML: at the start of a value it ${reserved[first]}. Put the text in quotes: ${typeLine(withValue(line, quoted(line.value!)))}.`,
  };
};

export const colonInText: Detector = (lines, stop) => {
  const line = lines[stop];
  if (line?.value === undefined || /^["'[{]/.test(line.value)) return undefined;
  const colon = /:(?: |$)/.exec(line.value);
  if (!colon) return undefined;
  const field = line.value.slice(0, colon.index);
  return {
    line: line.number,
    col: valueStart(line) + colon.index + 1,
    message: `the colon after "${field}" made YAML read the rest of the text as a new field. Put the whole text in quotes: ${typeLine(withValue(line, quoted(line.value)))}.`,
  };
};
