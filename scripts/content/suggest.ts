// "Did you mean" for misspelt keys, types, icons and link targets.
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}

/** The closest candidate, if it is close enough to be a plausible typo. */
export function closest(value: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const needle = value.toLowerCase();
  for (const candidate of candidates) {
    const d = distance(needle, candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  const allowed = Math.max(2, Math.ceil(needle.length / 3));
  return bestDistance <= allowed ? best : undefined;
}

export function didYouMean(value: string, candidates: Iterable<string>): string {
  const match = closest(value, candidates);
  return match ? ` Did you mean "${match}"?` : '';
}
