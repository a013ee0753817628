// The one CSV writer for leads, wherever they are exported (`npm run leads -- export`, the studio's
// inbox): RFC 4180 (CRLF, quoted where needed), and a cell that starts with =, +, -, @, a tab or a
// CR is prefixed with ' so a spreadsheet shows it as text and never runs it as a formula (OWASP's
// CSV injection); csv-stringify does both, the quoting of any line break being asked for explicitly.
import { stringify } from 'csv-stringify/sync';

/** The rows (the header first) as CSV text. */
export function csvText(rows: string[][]): string {
  return stringify(rows, { record_delimiter: 'windows', escape_formulas: true, quoted_match: /[\r\n]/ });
}
