// The one shape every content problem takes: the compiler reports it, `npm run validate` prints
// it, and the studio shows it at its field.
export interface ContentError {
  file: string;
  line: number;
  col: number;
  /** Where in the data, for people: `section 4 (cards) › button 1 (Contact) › to` (see positions.ts); empty for syntax errors. */
  path: string;
  message: string;
}
