// The lines around a position, with a caret under the column: what an editor needs to see to
// find the problem in a YAML file at a glance.
export function codeFrame(text: string, line: number, col: number, context = 2): string {
  const lines = text.split('\n');
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1]}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, col - 1))}^`);
  }
  return out.join('\n');
}
