// Fields whose value is words taken from another field of the same object: the banner's
// highlighted words are a part of its headline. The site's checks refuse words that are not there
// (scripts/content/checks.ts); the studio lets the editor choose them by selecting them in the
// headline, and moves them along when the headline is edited, so they cannot fall out of it.

/** By section type: the field holding the words, and the field they are taken from. */
export const wordsFrom: Readonly<Record<string, readonly { field: string; from: string }[]>> = {
  hero: [{ field: 'highlight', from: 'title' }],
};

/** The changed stretch between two texts: `before[start, beforeEnd)` became `after[start, afterEnd)`. */
function changeBetween(before: string, after: string) {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before.at(-1 - end) === after.at(-1 - end)) end++;
  return { start, beforeEnd: before.length - end, afterEnd: after.length - end };
}

/**
 * The words `words` of `before` once `before` is edited into `after`: the same words while the edit
 * is elsewhere; an edit inside them (or across one of their edges) becomes part of them; undefined
 * when the edit removed them or wrote over them and text beside them. Words not found in `before` are left as they are.
 */
export function followEdit(before: string, after: string, words: string): string | undefined {
  const from = before.indexOf(words);
  if (!words || from < 0 || after.includes(words)) return words;
  const to = from + words.length;
  const { start, beforeEnd, afterEnd } = changeBetween(before, after);
  // Written over whole, along with text beside them: which of the new words they became is anyone's guess.
  if (start <= from && beforeEnd >= to && (start < from || beforeEnd > to)) return undefined;
  const shift = afterEnd - beforeEnd;
  const followed = after.slice(Math.min(from, start), Math.max(to, beforeEnd) + shift).trim();
  return followed || undefined;
}
