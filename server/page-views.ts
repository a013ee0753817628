// Page views counted by the server, per page per day, with no cookie, no visitor script and no
// address kept: only the page's path and how many times it was served today. Counts gather in
// memory and are appended every PAGE_VIEWS_FLUSH_MS (and at close) to DATA_DIR/page-views/<day>.jsonl,
// one line per flush, `{"/path": n, …}`: each line is one O_APPEND write, so instances sharing
// DATA_DIR never overwrite each other's counts, and reading sums the lines. A line cut short by a
// crash is skipped (its counts are lost, never wrong).
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export const pageViewsDir = (dataDir: string) => path.join(dataDir, 'page-views');

/** A day in UTC as YYYY-MM-DD. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const dayFile = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;

export class PageViews {
  private readonly dir: string;
  private pending = new Map<string, Map<string, number>>();
  private writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.dir = pageViewsDir(dataDir);
  }

  count(page: string, at = Date.now()): void {
    const day = dayOf(at);
    let pages = this.pending.get(day);
    if (!pages) this.pending.set(day, (pages = new Map()));
    pages.set(page, (pages.get(page) ?? 0) + 1);
  }

  /** Appends what was counted since the last flush; flushes run one after another. */
  flush(): Promise<void> {
    const counted = this.pending;
    this.pending = new Map();
    this.writing = this.writing.then(() => this.append(counted));
    return this.writing;
  }

  private async append(counted: Map<string, Map<string, number>>): Promise<void> {
    if (!counted.size) return;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    for (const [day, pages] of counted) {
      const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;
      const handle = await open(path.join(this.dir, `${day}.jsonl`), flags, 0o600);
      try {
        await handle.write(`${JSON.stringify(Object.fromEntries(pages))}\n`);
      } finally {
        await handle.close();
      }
    }
  }
}

/** Views per page on the days from `fromDay` to `toDay` (YYYY-MM-DD, both included). */
export async function readPageViews(dataDir: string, fromDay: string, toDay: string): Promise<Map<string, number>> {
  const dir = pageViewsDir(dataDir);
  const totals = new Map<string, number>();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const day = dayFile.exec(name)?.[1];
    if (!day || day < fromDay || day > toDay) continue;
    for (const line of (await readFile(path.join(dir, name), 'utf8')).split('\n')) {
      let counts: unknown;
      try {
        counts = JSON.parse(line);
      } catch {
        continue;
      }
      if (typeof counts !== 'object' || counts === null) continue;
      for (const [page, views] of Object.entries(counts))
        if (typeof views === 'number' && Number.isInteger(views) && views > 0)
          totals.set(page, (totals.get(page) ?? 0) + views);
    }
  }
  return totals;
}
