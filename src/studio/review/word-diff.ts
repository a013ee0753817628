// A changed text word by word: the words taken out and put in, with long unchanged stretches cut
// to a few words either side, so a sentence edited in a long paragraph reads as that edit.
export interface Part {
  op: 'same' | 'removed' | 'added';
  text: string;
}

/** Words and the spaces between them, so the parts join back into the texts exactly. */
const words = (text: string) => text.match(/\S+|\s+/g) ?? [];

/** Above this many word pairs, the middle is told as one replacement (no quadratic table). */
const largest = 2_000_000;

export function wordDiff(before: string, after: string): Part[] {
  const a = words(before);
  const b = words(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const x = a.slice(start, a.length - end);
  const y = b.slice(start, b.length - end);
  const middle: Part[] = [];
  if (x.length * y.length > largest) {
    middle.push({ op: 'removed', text: x.join('') }, { op: 'added', text: y.join('') });
  } else {
    // The longest common run of words, by the classic table, read back from the start.
    const table = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
    for (let i = x.length - 1; i >= 0; i--)
      for (let j = y.length - 1; j >= 0; j--)
        table[i][j] = x[i] === y[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    let i = 0;
    let j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) {
        middle.push({ op: 'same', text: x[i++] });
        j++;
      } else if (i < x.length && (j === y.length || table[i + 1][j] >= table[i][j + 1]))
        // Taken out before put in, so a replaced word reads "old new".
        middle.push({ op: 'removed', text: x[i++] });
      else middle.push({ op: 'added', text: y[j++] });
    }
  }
  const parts = [
    { op: 'same' as const, text: a.slice(0, start).join('') },
    ...middle,
    { op: 'same' as const, text: a.slice(a.length - end).join('') },
  ];
  // Neighbours of one kind joined: "two words" rather than "two" and "words".
  const joined: Part[] = [];
  for (const part of readable(parts)) {
    if (!part.text) continue;
    const last = joined.at(-1);
    if (last?.op === part.op) last.text += part.text;
    else joined.push({ ...part });
  }
  return joined;
}

/**
 * An edit read as a person made it: a space or a short word left between two changes goes with
 * them ("an image." → "a brand new image", not "an|a image.|brand new image"), and in each run of
 * changes what was taken out comes first, then what was put in.
 */
function readable(parts: Part[]): Part[] {
  const folded = parts.flatMap((part, i): Part[] => {
    const between = i > 0 && i < parts.length - 1 && parts[i - 1].op !== 'same' && parts[i + 1].op !== 'same';
    if (part.op !== 'same' || !between || !/^\s*\S{0,3}\s*$/.test(part.text)) return [part];
    return [
      { op: 'removed', text: part.text },
      { op: 'added', text: part.text },
    ];
  });
  const result: Part[] = [];
  let run: Part[] = [];
  const flush = () => {
    result.push(...run.filter((p) => p.op === 'removed'), ...run.filter((p) => p.op === 'added'));
    run = [];
  };
  for (const part of folded) {
    if (part.op === 'same') {
      flush();
      result.push(part);
    } else run.push(part);
  }
  flush();
  return result;
}

/** The parts with every unchanged stretch longer than `context` words either side cut to "…". */
export function shortened(parts: Part[], context = 8): Part[] {
  return parts.map((part, index) => {
    if (part.op !== 'same') return part;
    const list = words(part.text);
    // A word and the space after it are two pieces.
    const keepBefore = index > 0 ? 2 * context : 0;
    const keepAfter = index < parts.length - 1 ? 2 * context : 0;
    if (list.length <= keepBefore + keepAfter + 2) return part;
    const head = list.slice(0, keepBefore).join('');
    const tail = list.slice(list.length - keepAfter).join('');
    return { op: 'same', text: `${head}… ${tail}`.replace(/^… /, '…') };
  });
}
