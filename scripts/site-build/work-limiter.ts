// Runs encodes side by side on the machine's cores without exceeding a memory bound: a job is
// started when a slot is free and its cost (the pixels it holds decoded) fits in what the running
// jobs leave of the budget. Jobs start in the order they were asked for, so a large photo is not
// passed over forever by small ones; a job larger than the whole budget runs alone.
import { availableParallelism } from 'node:os';

interface Waiting {
  cost: number;
  start: () => void;
}

export class WorkLimiter {
  private running = 0;
  private used = 0;
  private readonly waiting: Waiting[] = [];
  /** The most jobs and the most cost that ran at once, for the build's report and the tests. */
  readonly peak = { jobs: 0, cost: 0 };

  readonly slots: number;
  readonly budget: number;
  constructor(slots: number, budget: number) {
    this.slots = slots;
    this.budget = budget;
  }

  run<T>(cost: number, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        cost,
        start: () => {
          this.running++;
          this.used += cost;
          this.peak.jobs = Math.max(this.peak.jobs, this.running);
          this.peak.cost = Math.max(this.peak.cost, this.used);
          job()
            .then(resolve, reject)
            .finally(() => {
              this.running--;
              this.used -= cost;
              this.pump();
            });
        },
      });
      this.pump();
    });
  }

  private pump() {
    while (this.waiting.length && this.running < this.slots) {
      const next = this.waiting[0];
      if (this.running > 0 && this.used + next.cost > this.budget) return;
      this.waiting.shift()!.start();
    }
  }
}

/**
 * Bytes held per pixel counted (images.ts heldPixels): decoded frames and the encoders' buffers.
 * Measured: encoding a 3000×2000 photo to AVIF 1600 wide raises the process's memory by ~120 MB.
 */
export const BYTES_PER_PIXEL = 16;

/**
 * The build's limiter: one job per core (MEDIA_JOBS), and at most MEDIA_MEMORY_MB of decoded
 * pixels at once (512 MB unless set; a 3000×2000 photo made 1600 wide counts as 123 MB).
 */
export function mediaLimiter(): WorkLimiter {
  const number = (name: string, fallback: number) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`${name} must be a whole number above 0, not "${process.env[name]}".`);
    return value;
  };
  const jobs = number('MEDIA_JOBS', availableParallelism());
  return new WorkLimiter(jobs, (number('MEDIA_MEMORY_MB', 512) * 1024 * 1024) / BYTES_PER_PIXEL);
}
