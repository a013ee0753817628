// The shape of a YAML file's lines as a person sees them (indentation, list dashes, field name and
// value), read without the parser, which gives up at the first slip; the ways to write a fixed line
// in a message; and what a detector of slips is. yaml-slips.ts and its detectors read lines only here.
export interface Slip {
  line: number;
  col: number;
  message: string;
}

export interface Line {
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

export function readLine(text: string, number: number): Line {
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

export const readLines = (text: string): Line[] =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line, i) => readLine(line, i + 1));
export const spaces = (n: number) => ' '.repeat(n);
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const shown = (line: string) => `\`${line.trimEnd()}\``;
/** How to write a fixed line: in backticks, and how far it is indented when that matters. */
export const typeLine = (line: string) => {
  const indent = /^ */.exec(line)![0].length;
  return `${shown(line)}${indent ? ` (${plural(indent, 'space')} before it)` : ''}`;
};

/** Quotes a text value for YAML: double quotes, or single quotes when it holds a double quote. */
export function quoted(value: string): string {
  if (!value.includes('"')) return `"${value.replace(/\\/g, '\\\\')}"`;
  return `'${value.replace(/'/g, "''")}'`;
}

/** The indentations a line could have after the lines before it, and the line that opens each. */
export function allowedIndents(lines: Line[], index: number): Map<number, Line | undefined> {
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

export function opensBlock(line: Line): boolean {
  return line.key !== undefined && (line.value === '' || /^[|>][-+]?\d*$/.test(line.value ?? ''));
}

export const describeParent = (parent: Line | undefined) =>
  !parent
    ? 'the top of the file'
    : parent.dash
      ? `the list item that starts on line ${parent.number} (${shown(parent.text.trim())})`
      : parent.key
        ? `"${parent.key.replace(/^["']|["']$/g, '')}"`
        : `line ${parent.number}`;

// Characters that mean something to YAML at the start of a value.
export const reserved: Record<string, string> = {
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

export function valueStart(line: Line): number {
  return line.text.indexOf(line.value ?? '', line.content + (line.key?.length ?? 0) + 1);
}

export function withValue(line: Line, value: string): string {
  return `${line.text.slice(0, line.content)}${line.key}: ${value}`;
}

/** Each detector looks at the lines up to where the parser gave up and names the slip, or passes. */
export type Detector = (lines: Line[], stop: number, codes: Set<string>) => Slip | undefined;
