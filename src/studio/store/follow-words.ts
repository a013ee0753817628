// An edit of a field that other fields take words from (the banner's headline, whose highlighted
// words are a part of it) moves those words along in the same step (shared/words-from.ts): one
// undo takes back both, and the words never fall out of the headline.
import type { DataPath, Json } from '../api.ts';
import { followEdit, wordsFrom } from '../../../shared/words-from.ts';
import { getIn, setIn } from '../data-path.ts';

const recordOf = (value: unknown): Record<string, Json> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, Json>) : undefined;

/** `after` (the data once the value at `path` changed from `before`) with the words taken from that value following it. */
export function withWordsFollowing(before: Json, after: Json, path: DataPath): Json {
  const from = path.at(-1);
  const at = path.slice(0, -1);
  const was = recordOf(getIn(before, at));
  const now = recordOf(getIn(after, at));
  if (typeof from !== 'string' || !was || !now) return after;
  let data = after;
  for (const rule of wordsFrom[String(now.type)] ?? []) {
    const words = now[rule.field];
    if (rule.from !== from || typeof words !== 'string') continue;
    const followed = followEdit(String(was[from] ?? ''), String(now[from] ?? ''), words);
    if (followed !== words) data = setIn(data, [...at, rule.field], followed);
  }
  return data;
}
