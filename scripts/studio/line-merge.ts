// Puts an edit into the original text without touching anything else. The `yaml` library renders a
// whole document, and its rendering of untouched parts may differ from what a person wrote (a line
// folded elsewhere, other spacing). So the edit is taken as the difference between two renderings
// (before and after the change) and only those lines are replaced in the original, located through
// the lines the original and the "before" rendering share.

import { matchLines } from '../../shared/match-lines.ts';

interface Hunk {
  /** Lines [from, to) of the "before" rendering are replaced by `lines`. */
  from: number;
  to: number;
  lines: string[];
}

function hunks(before: readonly string[], after: readonly string[]): Hunk[] {
  const pairs = [...matchLines(before, after), [before.length, after.length] as [number, number]];
  const result: Hunk[] = [];
  let i = 0;
  let j = 0;
  for (const [pi, pj] of pairs) {
    if (pi > i || pj > j) result.push({ from: i, to: pi, lines: after.slice(j, pj) });
    i = pi + 1;
    j = pj + 1;
  }
  return result;
}

/**
 * The original text with the change from `before` to `after` applied to it. `before` is the
 * library's rendering of the original, `after` its rendering of the edited document.
 */
export function mergeEdit(original: string, before: string, after: string): string {
  if (before === after) return original;
  const o = original.split('\n');
  const b = before.split('\n');
  const a = after.split('\n');
  // Where each line of the "before" rendering sits in the original, when it is the same line.
  const inOriginal = new Map<number, number>();
  for (const [oi, bi] of matchLines(o, b)) inOriginal.set(bi, oi);
  // Each hunk widens to the nearest lines shared with the original; hunks whose widened spans
  // overlap are replaced together.
  const spans: { from: number; to: number; parts: Hunk[] }[] = [];
  for (const hunk of hunks(b, a)) {
    let from = hunk.from - 1;
    while (from >= 0 && !inOriginal.has(from)) from--;
    let to = hunk.to;
    while (to < b.length && !inOriginal.has(to)) to++;
    const last = spans.at(-1);
    if (last && from < last.to) {
      last.to = Math.max(last.to, to);
      last.parts.push(hunk);
    } else spans.push({ from, to, parts: [hunk] });
  }
  const result: string[] = [];
  let copied = 0;
  for (const span of spans) {
    const oFrom = span.from >= 0 ? inOriginal.get(span.from)! + 1 : 0;
    const oTo = span.to < b.length ? inOriginal.get(span.to)! : o.length;
    result.push(...o.slice(copied, oFrom));
    // Between the anchors: the "before" rendering with each hunk's new lines in place.
    let at = span.from + 1;
    for (const part of span.parts) {
      result.push(...b.slice(at, part.from), ...asWritten(part.lines, o, b, inOriginal));
      at = part.to;
    }
    result.push(...b.slice(at, span.to));
    copied = oTo;
  }
  result.push(...o.slice(copied));
  return result.join('\n');
}

/**
 * New lines as the person wrote them where they can be: a run of new lines that the "before"
 * rendering holds elsewhere (a moved or duplicated section) is taken from the original text it
 * renders, so a folded text or a comment in it keeps the lines it had. A run qualifies when both
 * its ends sit next to lines shared with the original, so its original lines are known exactly.
 */
function asWritten(
  lines: readonly string[],
  o: readonly string[],
  b: readonly string[],
  inOriginal: ReadonlyMap<number, number>,
): string[] {
  const originalOf = (from: number, to: number) => {
    const start = from === 0 ? 0 : inOriginal.has(from - 1) ? inOriginal.get(from - 1)! + 1 : undefined;
    const end = to === b.length ? o.length : inOriginal.get(to);
    return start === undefined || end === undefined || end < start ? undefined : o.slice(start, end);
  };
  const out: string[] = [];
  let k = 0;
  while (k < lines.length) {
    let best: string[] | undefined;
    let bestLength = 1;
    for (let x = 0; x < b.length; x++) {
      let length = 0;
      while (k + length < lines.length && x + length < b.length && lines[k + length] === b[x + length]) length++;
      for (let n = length; n > bestLength; n--) {
        const written = originalOf(x, x + n);
        if (written) {
          best = written;
          bestLength = n;
          break;
        }
      }
    }
    if (best) {
      out.push(...best);
      k += bestLength;
    } else out.push(lines[k++]);
  }
  return out;
}

/** How many lines differ between two texts (removed plus added). */
export function changedLines(a: string, b: string): number {
  const x = a.split('\n');
  const y = b.split('\n');
  return x.length + y.length - 2 * matchLines(x, y).length;
}
