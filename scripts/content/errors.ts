// The one way a content problem (shared/content-error.ts) is printed.
import type { ContentError } from '../../shared/content-error.ts';

export type { ContentError };

export function formatError(error: ContentError): string {
  const where = `${error.file}:${error.line}:${error.col}`;
  return `${where}  ${error.path ? `${error.path}: ` : ''}${error.message}`;
}

/** GitHub Actions annotation, printed in CI so errors show beside the changed lines. */
export function formatAnnotation(error: ContentError, kind: 'error' | 'warning' = 'error'): string {
  const message = `${error.path ? `${error.path}: ` : ''}${error.message}`.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
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
