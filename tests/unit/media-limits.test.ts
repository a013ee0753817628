// The rules around the media cache: the encoding limiter's bounds, pruning, leftovers of killed
// writes, and which files of site/images dist/ ships.
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheKey, MediaCache } from '../../scripts/site-build/media-cache.ts';
import { heldPixels } from '../../scripts/site-build/images.ts';
import { referencedImages } from '../../scripts/site-build/referenced-images.ts';
import { BYTES_PER_PIXEL, mediaLimiter, WorkLimiter } from '../../scripts/site-build/work-limiter.ts';

/** A job that stays running until the test lets it end. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { release, job: () => done };
}

describe('the encoding limiter', () => {
  it('runs at most one job per slot, and never more cost at once than its budget', async () => {
    const limiter = new WorkLimiter(3, 100);
    const started: number[] = [];
    const jobs = [40, 40, 40, 10].map((cost, i) => {
      const hold = held();
      return { hold, run: limiter.run(cost, () => (started.push(i), hold.job())) };
    });
    // 40 + 40 fit; the third 40 would pass 100, and the 10 behind it waits its turn.
    await expect.poll(() => started).toEqual([0, 1]);
    jobs[0].hold.release();
    await expect.poll(() => started).toEqual([0, 1, 2, 3]);
    for (const { hold } of jobs) hold.release();
    await Promise.all(jobs.map((j) => j.run));
    expect(limiter.peak).toEqual({ jobs: 3, cost: 90 });
  });

  it('runs a job larger than the whole budget alone', async () => {
    const limiter = new WorkLimiter(2, 100);
    const started: string[] = [];
    const big = held();
    const small = held();
    const runs = [
      limiter.run(500, () => (started.push('big'), big.job())),
      limiter.run(1, () => (started.push('small'), small.job())),
    ];
    await expect.poll(() => started).toEqual(['big']);
    big.release();
    await expect.poll(() => started).toEqual(['big', 'small']);
    small.release();
    await Promise.all(runs);
    expect(limiter.peak.jobs).toBe(1);
  });

  it('counts an encode by the pixels it holds: a JPEG decoded at the smallest size that still covers the copy', () => {
    const photo = { width: 3000, height: 2000 };
    const camera = { width: 6000, height: 4000 };
    expect(heldPixels('jpg', photo, 1600)).toBe(3000 * 2000 + 1600 * 1067);
    // 6000 to 1600: decoded at half size; to 480: at an eighth, the most libvips shrinks on load.
    expect(heldPixels('jpg', camera, 1600)).toBe(3000 * 2000 + 1600 * 1067);
    expect(heldPixels('jpg', camera, 480)).toBe(750 * 500 + 480 * 320);
    // A PNG is decoded whole.
    expect(heldPixels('png', camera, 1600)).toBe(6000 * 4000 + 1600 * 1067);
  });

  it('takes its slots and memory from MEDIA_JOBS and MEDIA_MEMORY_MB, and refuses a value that is not a whole number above 0', () => {
    for (const [name, value] of [
      ['MEDIA_JOBS', '0'],
      ['MEDIA_JOBS', '1.5'],
      ['MEDIA_MEMORY_MB', 'lots'],
      ['MEDIA_MEMORY_MB', '-1'],
    ]) {
      process.env[name] = value;
      expect(() => mediaLimiter(), `${name}=${value}`).toThrow(
        `${name} must be a whole number above 0, not "${value}".`,
      );
      delete process.env[name];
    }
    process.env.MEDIA_JOBS = '3';
    process.env.MEDIA_MEMORY_MB = '64';
    const limiter = mediaLimiter();
    delete process.env.MEDIA_JOBS;
    delete process.env.MEDIA_MEMORY_MB;
    expect(limiter.slots).toBe(3);
    expect(limiter.budget * BYTES_PER_PIXEL).toBe(64 * 1024 * 1024);
  });

  it('passes a failure to its caller and goes on with the next job', async () => {
    const limiter = new WorkLimiter(1, 10);
    const failed = limiter.run(1, () => Promise.reject(new Error('broken photo')));
    await expect(failed).rejects.toThrow('broken photo');
    await expect(limiter.run(1, () => Promise.resolve('next'))).resolves.toBe('next');
  });
});

describe('the cache folder', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is pruned to its size by removing the least recently used entries, never one this build used', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-prune-'));
    const cache = await MediaCache.open(dir);
    const keys = ['old', 'older', 'recent'].map((name) => cacheKey(name));
    for (const key of keys) await cache.put(key, 'avif', Buffer.alloc(1000, key));
    const names = await readdir(dir);
    const at = (name: string, seconds: number) => utimes(path.join(dir, name), seconds, seconds);
    await at(
      names.find((n) => n.startsWith(keys[0]))!,
      2000,
    );
    await at(
      names.find((n) => n.startsWith(keys[1]))!,
      1000,
    );
    // Used by this build (after it started): kept even beyond the size.
    expect(await cache.prune(500, 3000_000)).toEqual({ removed: 2, bytes: 1000 });
    expect(await readdir(dir)).toEqual([names.find((n) => n.startsWith(keys[2]))]);
    // Under the size nothing goes.
    expect(await cache.prune(5000, Date.now() + 1000)).toEqual({ removed: 0, bytes: 1000 });
  });

  it('removes the temporary file of a write that was killed, and keeps one a running build is writing', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-leftover-'));
    const key = cacheKey('photo');
    // Process 2^22+1 is above Linux's default pid_max: no running process has it.
    const killed = `.${key}.4194305-0a1b2c3d4e5f.tmp`;
    const running = `.${key}.${process.pid}-0a1b2c3d4e5f.tmp`;
    await writeFile(path.join(dir, killed), 'half');
    await writeFile(path.join(dir, running), 'half');
    const cache = await MediaCache.open(dir);
    expect(await readdir(dir)).toEqual([running]);
    // A leftover is never read as an entry.
    expect(await cache.get(key, 'avif')).toBeUndefined();
  });

  it('refuses a size or place that is not one', async () => {
    const { mediaCacheLimit } = await import('../../scripts/site-build/media-cache.ts');
    dir = await mkdtemp(path.join(tmpdir(), 'media-env-'));
    for (const value of ['0', '-5', 'lots']) {
      process.env.MEDIA_CACHE_MAX_MB = value;
      expect(() => mediaCacheLimit(), value).toThrow(
        `MEDIA_CACHE_MAX_MB must be a number of megabytes above 0, not "${value}".`,
      );
    }
    process.env.MEDIA_CACHE_MAX_MB = '1';
    expect(mediaCacheLimit()).toBe(1024 * 1024);
    delete process.env.MEDIA_CACHE_MAX_MB;
  });
});

describe('the images dist/ ships', () => {
  const images = [
    '/images/a.jpg',
    '/images/b.jpg',
    '/images/c.svg',
    '/images/d.png',
    '/images/logo.png',
    '/images/e f.jpg',
  ];
  const copies = { key: 'x', widths: [480], fallback: 'jpg' };

  it('are the files used as they are: not a photo shown through its copies, nor one nothing uses', () => {
    const shell = { settings: { theme: { logo: '/images/logo.png' } } };
    const route = {
      sections: [{ type: 'hero', image: { src: '/images/a.jpg', alt: '', variants: copies } }],
      article: {
        image: { src: '/images/b.jpg', variants: copies },
        // The cover repeats the photo's address beside its copies: shown through them.
        cover: '/images/b.jpg',
        html: '<p><img src="/images/e%20f.jpg" alt=""></p>',
      },
      card: { image: { src: '/images/c.svg' } },
    };
    expect([...referencedImages([shell, [route]], images)].sort()).toEqual([
      '/images/c.svg',
      '/images/e f.jpg',
      '/images/logo.png',
    ]);
  });
});
