// The delivery queue as the server knows it: the names of the lead files in spool/queue, oldest
// first, kept in memory so that neither a new lead nor a health check lists or reads the folder.
// The folder stays the truth: `sync` re-lists it (at start and every LEAD_RESCAN_MS) to pick up
// leads put there by another process, such as `npm run leads -- retry`.
import { receivedAtOf, type Spool } from './spool.ts';

export class QueueIndex {
  /** File names, sorted: lead ids are time-ordered, so this is arrival order. */
  private readonly files: string[] = [];
  /** When each lead's retry period started (its arrival, or its `retry`), once read from its file. */
  private readonly since = new Map<string, number | undefined>();

  /** The destinations each lead is still pending for, once its file has been read (deliveries.ts):
   * a pass skips a lead whose destinations are all waiting without reading it again. */
  private readonly pending = new Map<string, readonly string[]>();

  get size(): number {
    return this.files.length;
  }

  /** The oldest queued lead's file name. */
  first(): string | undefined {
    return this.files[0];
  }

  /** When the oldest queued lead arrived (epoch ms), from its name. */
  oldestReceivedAt(): number | undefined {
    const first = this.files[0];
    return first === undefined ? undefined : receivedAtOf(first);
  }

  all(): readonly string[] {
    return this.files;
  }

  /** Adds a lead file (again is harmless); `since` when the caller knows it. */
  add(file: string, since?: number): void {
    if (this.since.has(file)) {
      if (since !== undefined) this.since.set(file, since);
      return;
    }
    this.since.set(file, since);
    // New leads arrive newest, so this is almost always an append.
    let low = 0;
    let high = this.files.length;
    if (high > 0 && this.files[high - 1] < file) low = high;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.files[middle] < file) low = middle + 1;
      else high = middle;
    }
    this.files.splice(low, 0, file);
  }

  setPending(file: string, destinations: readonly string[]): void {
    if (this.since.has(file)) this.pending.set(file, destinations);
  }

  pendingOf(file: string): readonly string[] | undefined {
    return this.pending.get(file);
  }

  /** How many queued leads are known to wait for each destination. */
  pendingCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const ids of this.pending.values()) for (const id of ids) counts[id] = (counts[id] ?? 0) + 1;
    return counts;
  }

  remove(file: string): void {
    this.pending.delete(file);
    if (!this.since.delete(file)) return;
    this.files.splice(this.files.indexOf(file), 1);
  }

  sinceOf(file: string): number | undefined {
    return this.since.get(file);
  }

  /** Re-lists the folder: adds the files it has and drops the ones gone from it. A file added
   * while the folder was being listed is kept: only what was indexed before the listing began
   * can be judged gone by it. */
  async sync(spool: Spool): Promise<void> {
    const before = new Set(this.files);
    const listed = await spool.list('queue');
    const present = new Set(listed);
    for (const file of before) if (!present.has(file)) this.remove(file);
    for (const file of listed) this.add(file);
  }
}
