// A plain-text table for the operator's commands (`npm run leads`, `npm run editors`): each column
// as wide as its widest cell, two spaces between columns, no trailing spaces.
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
