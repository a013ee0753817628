// The one shape every content problem takes: the compiler reports it, `npm run validate` prints
// it, and the studio shows it at its field.
export interface ContentError {
  file: string;
  line: number;
  col: number;
  /** Where in the data, for people: `section 4 (cards) › button 1 (Contact) › to` (see positions.ts); empty for syntax errors. */
  path: string;
  message: string;
  /**
   * Where in the data, as keys and indexes: the field that must change (for a missing field, the
   * field itself). Absent when the problem is not in a field (syntax, a Markdown body, a whole file).
   */
  at?: (string | number)[];
}

/** How a missing field is said, here so that the studio can tell it from any other problem. */
export const missingFieldMessage = (name: string): string => `missing required field "${name}".`;

/** The field a missingFieldMessage names, if the message is one. */
export const missingFieldOf = (message: string): string | undefined =>
  /^missing required field "([^"]+)"\.$/.exec(message)?.[1];
