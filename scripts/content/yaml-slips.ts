// The slips people make in YAML, each explained in plain words with the line to type instead.
// The parser only tells us *that* a file cannot be read and roughly where; this module looks at
// the lines themselves to name the one slip behind it. Nothing from the parser's own vocabulary
// reaches a person: a case the catalogue does not know gets a plain sentence and the lines around it.
// Pure functions (text in, message out), so the CLI, the dev error screen and the studio agree.
import type { YAMLError } from 'yaml';

export interface Slip {
  line: number;
  col: number;
  message: string;
}

interface Line {
  number: number;
  text: string;
  indent: number;
  /** Where the content starts after any `- ` markers: the indentation of the item's fields. */
  content: number;
  dash: boolean;
  key?: string;
  /** The value after `key: `, without a trailing comment. */
  value?: string;
  blank: boolean;
}

const keyPattern = /^([A-Za-z0-9_$][\w$.-]*|"[^"]*"|'[^']*'):(?:[ \t]+(.*))?$/;

function readLine(text: string, number: number): Line {
  const indent = /^ */.exec(text)![0].length;
  const dashes = /^(?:-(?: +|$))*/.exec(text.slice(indent))![0];
  const rest = text.slice(indent + dashes.length).trimEnd();
  const blank = rest === '' && dashes === '' ? true : rest.startsWith('#') && dashes === '';
  const match = keyPattern.exec(rest);
  const value = match?.[2]?.replace(/\s+#.*$/, '').trim();
  return {
    number,
    text,
    indent,
    content: indent + dashes.length,
    dash: dashes !== '',
    key: match?.[1],
    value: match ? (value ?? '') : undefined,
    blank,
  };
}

const readLines = (text: string): Line[] =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line, i) => readLine(line, i + 1));
const spaces = (n: number) => ' '.repeat(n);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const shown = (line: string) => `\`${line.trimEnd()}\``;
/** How to write a fixed line: in backticks, and how far it is indented when that matters. */
const typeLine = (line: string) => {
  const indent = /^ */.exec(line)![0].length;
  return `${shown(line)}${indent ? ` (${plural(indent, 'space')} before it)` : ''}`;
};

/** Quotes a text value for YAML: double quotes, or single quotes when it holds a double quote. */
export function quoted(value: string): string {
  if (!value.includes('"')) return `"${value.replace(/\\/g, '\\\\')}"`;
  return `'${value.replace(/'/g, "''")}'`;
}

/** The indentations a line could have after the lines before it, and the line that opens each. */
function allowedIndents(lines: Line[], index: number): Map<number, Line | undefined> {
  const allowed = new Map<number, Line | undefined>([[0, undefined]]);
  let previous: Line | undefined;
  for (let i = index - 1; i >= 0; i--)
    if (!lines[i].blank) {
      previous = lines[i];
      break;
    }
  if (!previous) return allowed;
  // Walk up: every line less indented than all below it is an ancestor whose level is still open.
  let floor = Infinity;
  const ancestors: Line[] = [];
  for (let i = previous.number - 1; i >= 0; i--) {
    const line = lines[i];
    if (line.blank || line.indent >= floor) continue;
    floor = line.indent;
    ancestors.push(line);
    if (floor === 0) break;
  }
  for (const line of ancestors.reverse()) {
    allowed.set(line.indent, parentOf(lines, line));
    if (line.dash) allowed.set(line.content, line);
  }
  return allowed;
}

/** The nearest line above `line` that is less indented: the field or item it belongs to. */
function parentOf(lines: Line[], line: Line): Line | undefined {
  for (let i = line.number - 2; i >= 0; i--) if (!lines[i].blank && lines[i].indent < line.indent) return lines[i];
  return undefined;
}

function opensBlock(line: Line): boolean {
  return line.key !== undefined && (line.value === '' || /^[|>][-+]?\d*$/.test(line.value ?? ''));
}

const describeParent = (parent: Line | undefined) =>
  !parent
    ? 'the top of the file'
    : parent.dash
      ? `the list item that starts on line ${parent.number} (${shown(parent.text.trim())})`
      : parent.key
        ? `"${parent.key.replace(/^["']|["']$/g, '')}"`
        : `line ${parent.number}`;

// Characters that mean something to YAML at the start of a value.
const reserved: Record<string, string> = {
  '@': 'is reserved',
  '`': 'is reserved',
  '%': 'has a meaning of its own',
  '*': 'refers to another value',
  '&': 'names a value',
  '!': 'marks a type',
  '|': 'starts a block of text',
  '>': 'starts a block of text',
  '[': 'starts a list',
  '{': 'starts a group',
  '#': 'starts a comment',
};

function valueStart(line: Line): number {
  return line.text.indexOf(line.value ?? '', line.content + (line.key?.length ?? 0) + 1);
}

function withValue(line: Line, value: string): string {
  return `${line.text.slice(0, line.content)}${line.key}: ${value}`;
}

function unclosedQuote(line: Line): boolean {
  const value = line.value ?? (line.dash ? line.text.slice(line.content).trim() : '');
  const quote = value[0];
  if (quote === '"') return !/^"(?:[^"\\]|\\.)*"/.test(value);
  if (quote === "'") return !/^'(?:[^']|'')*'/.test(value);
  return false;
}

/** Each detector looks at the lines up to where the parser gave up and names the slip, or passes. */
type Detector = (lines: Line[], stop: number, codes: Set<string>) => Slip | undefined;

const tab: Detector = (lines, stop) => {
  const line = lines.slice(0, stop + 1).find((l) => /^ *\t/.test(l.text));
  if (!line) return undefined;
  const fixed = readLine(line.text.replace(/^[ \t]+/, ''), line.number);
  const index = line.number - 1;
  const allowed = allowedIndents(lines, index);
  const above = lines
    .slice(0, index)
    .reverse()
    .find((l) => !l.blank);
  const indent = above
    ? opensBlock(above)
      ? above.content + 2
      : above.dash && !fixed.dash
        ? above.content
        : above.indent
    : 0;
  const target = allowed.has(indent) || (above && opensBlock(above)) ? indent : 0;
  return {
    line: line.number,
    col: line.text.indexOf('\t') + 1,
    message: `this line is indented with a tab. YAML only accepts spaces before a line. Write it as ${typeLine(spaces(target) + fixed.text.trim())}.`,
  };
};

const quote: Detector = (lines, stop) => {
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

const bracket: Detector = (lines, stop) => {
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

const reservedStart: Detector = (lines, stop, codes) => {
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

const colonInText: Detector = (lines, stop) => {
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

const duplicate: Detector = (lines, _stop, codes) => {
  if (!codes.has('DUPLICATE_KEY')) return undefined;
  for (const line of lines) {
    if (!line.key) continue;
    for (let i = line.number; i < lines.length; i++) {
      const other = lines[i];
      if (other.blank) continue;
      if (other.content < line.content || (other.dash && other.indent <= line.indent && other.content <= line.content))
        break;
      if (other.content === line.content && !other.dash && other.key === line.key) {
        return {
          line: other.number,
          col: other.content + 1,
          message: `"${line.key}" is written twice in the same group, on line ${line.number} and on line ${other.number}. Keep the one you want and delete the other.`,
        };
      }
    }
  }
  return undefined;
};

const lostColon: Detector = (lines, stop) => {
  for (const line of lines.slice(Math.max(0, stop - 1), stop + 2)) {
    if (line.blank || line.key !== undefined) continue;
    const words = /^([A-Za-z_][\w-]*)(?: +(.*))?$/.exec(line.text.slice(line.content).trimEnd());
    if (!words) continue;
    const index = line.number - 1;
    const neighbours = [...lines.slice(0, index).reverse(), ...lines.slice(index + 1)].filter(
      (l) => !l.blank && l.content === line.content && l.key !== undefined,
    );
    if (
      !neighbours.length &&
      !(
        index > 0 &&
        lines
          .slice(0, index)
          .reverse()
          .find((l) => !l.blank && opensBlock(l))
      )
    )
      continue;
    const fixed = `${line.text.slice(0, line.content)}${words[1]}:${words[2] ? ` ${words[2]}` : ''}`;
    return {
      line: line.number,
      col: line.content + words[1].length + 1,
      message: `a colon is missing after the field name "${words[1]}". Write it as ${typeLine(fixed)}.`,
    };
  }
  return undefined;
};

/** The nearest line above at the same or a lower indentation (skipping deeper lines). */
function siblingAbove(lines: Line[], line: Line): Line | undefined {
  for (let i = line.number - 2; i >= 0; i--) {
    const other = lines[i];
    if (other.blank || other.indent > line.indent) continue;
    return other.indent === line.indent ? other : undefined;
  }
  return undefined;
}

const listOrField: Detector = (lines, stop) => {
  for (const line of lines.slice(Math.max(0, stop - 1), stop + 1)) {
    if (line.blank) continue;
    const sibling = siblingAbove(lines, line);
    if (!sibling) continue;
    if (line.dash && !sibling.dash && sibling.key !== undefined) {
      const fixed = `${spaces(line.indent)}${line.text.slice(line.content)}`;
      return {
        line: line.number,
        col: line.indent + 1,
        message: `this line starts a list item with "- ", but the lines around it are fields, not a list. Remove the dash: ${typeLine(fixed)}.`,
      };
    }
    if (!line.dash && sibling.dash && line.key !== undefined) {
      const item = lines
        .slice(sibling.number - 1, line.number - 1)
        .filter((l) => l.content === sibling.content && l.key)
        .map((l) => l.key);
      const message = item.includes(line.key)
        ? `this line is a field, but the lines around it are list items, each starting with "- ". If it starts a new item, write it as ${typeLine(`${spaces(line.indent)}- ${line.text.trim()}`)}.`
        : `this line is a field, but the lines around it are list items, each starting with "- ". If it belongs to the item above, indent it like that item's fields: ${typeLine(`${spaces(sibling.content)}${line.text.trim()}`)}.`;
      return { line: line.number, col: line.indent + 1, message };
    }
  }
  return undefined;
};

const indentation: Detector = (lines, stop) => {
  for (const line of lines.slice(stop, stop + 2)) {
    if (!line || line.blank) continue;
    const index = line.number - 1;
    const above = lines
      .slice(0, index)
      .reverse()
      .find((l) => !l.blank);
    if (!above || (opensBlock(above) && line.indent > above.content)) continue;
    const allowed = allowedIndents(lines, index);
    if (allowed.has(line.indent)) continue;
    // The level of the line above (or its fields), else the nearest open level.
    const levels = [...allowed.keys()];
    const preferred = [above.dash && !line.dash ? above.content : above.indent].filter((n) => allowed.has(n));
    const target = preferred[0] ?? levels.sort((a, b) => Math.abs(a - line.indent) - Math.abs(b - line.indent))[0];
    const owner = allowed.get(target);
    const more = line.indent > target ? 'more' : 'less';
    return {
      line: line.number,
      col: 1,
      message: `this line is indented ${plural(line.indent, 'space')}, ${more} than the lines it goes with, which use ${target}. It probably belongs to ${describeParent(owner)}. Write it as ${typeLine(spaces(target) + line.text.trim())}.`,
    };
  }
  return undefined;
};

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
