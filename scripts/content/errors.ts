// The one way a content problem (shared/content-error.ts) is printed.
import type { ContentError } from '../../shared/content-error.ts';

export type { ContentError };

const invisible = /[\p{Cc}\u2028\u2029]/gu;
export const codePoint = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * `text` with its invisible characters written out (\n, \t, <U+001B>), except those in `keep`: a
 * value from a file quoted in a message can neither break its line nor drive the terminal.
 */
export const visible = (text: string, keep = '') =>
  text.replace(invisible, (c) =>
    keep.includes(c) ? c : c === '\n' ? '\\n' : c === '\t' ? '\\t' : `<${codePoint(c)}>`,
  );

export function formatError(error: ContentError): string {
  const where = `${error.file}:${error.line}:${error.col}`;
  // Messages break their own lines (an example under the message); nothing else may.
  return visible(`${where}  ${error.path ? `${error.path}: ` : ''}${error.message}`, '\n');
}

/** A line formatError wrote, taken apart: its file and the problem in words; nothing for any other line. */
export function splitFormatted(line: string): { file: string; words: string } | undefined {
  const match = /^([^\s:]+):\d+:\d+ {2}([\s\S]*)$/.exec(line);
  return match ? { file: match[1], words: match[2] } : undefined;
}

/** The problem in words, without its file and line: `section 1 (hero) › highlight: …` (the studio shows it so). */
export const inWords = (error: ContentError): string =>
  visible(`${error.path ? `${error.path}: ` : ''}${error.message}`, '\n');

/** GitHub Actions annotation, printed in CI so errors show beside the changed lines. */
export function formatAnnotation(error: ContentError, kind: 'error' | 'warning' = 'error'): string {
  const message = `${error.path ? `${error.path}: ` : ''}${error.message}`
    .replace(/%/g, '%25')
    .replace(/\r/g, '%0D')
    .replace(/\n/g, '%0A');
  return `::${kind} file=${error.file},line=${error.line},col=${error.col}::${message}`;
}

export function byPosition(a: ContentError, b: ContentError): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col;
}

export class ContentErrors extends Error {
  readonly errors: ContentError[];
  constructor(errors: ContentError[]) {
    super(`${errors.length} content error${errors.length === 1 ? '' : 's'}:\n${errors.map(formatError).join('\n')}`);
    this.name = 'ContentErrors';
    this.errors = errors;
  }
}
