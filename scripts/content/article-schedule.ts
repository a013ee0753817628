// An article's own times: when it goes live and when it expires (its front matter's goLive and
// expires). The compiler leaves out an article not in its time at the build's moment, and lists the
// times still to come, so a release can be built ahead for each (scripts/publish/article-times.ts).
import type { Entry } from './checks.ts';

export interface ArticleTime {
  /** ISO 8601, as the front matter gives it. */
  at: string;
  ms: number;
  title: string;
  change: 'goes-live' | 'expires';
}

/** Whether an article's own times (go-live, expiry) let it be on the site at `asOf`. */
export function inItsTime(data: Record<string, unknown>, asOf: number): boolean {
  const from = typeof data.goLive === 'string' ? Date.parse(data.goLive) : NaN;
  const until = typeof data.expires === 'string' ? Date.parse(data.expires) : NaN;
  return !(from > asOf) && !(until <= asOf);
}

/** The go-live and expiry times after `asOf` of the articles that are not drafts, soonest first. */
export function articleTimesAfter(entries: Entry[], asOf: number): ArticleTime[] {
  const times: ArticleTime[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'article' || entry.data.draft === true) continue;
    const title = String(entry.data.title);
    for (const [field, change] of [
      ['goLive', 'goes-live'],
      ['expires', 'expires'],
    ] as const) {
      const at = entry.data[field];
      const ms = typeof at === 'string' ? Date.parse(at) : NaN;
      if (ms > asOf) times.push({ at: at as string, ms, title, change });
    }
  }
  return times.sort((a, b) => a.ms - b.ms);
}
