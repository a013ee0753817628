// The one shape every content problem takes, and the one way it is printed.
export interface ContentError {
  file: string;
  line: number;
  col: number;
  /** Where in the data, for people: `section 4 (cards) › button 1 (Contact) › to` (see positions.ts); empty for syntax errors. */
  path: string;
  message: string;
}

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
