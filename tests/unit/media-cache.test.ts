// The media cache as builds use it: photo copies and social cards of a small fixture site made
// into a dist folder with a cache folder of the test's own. What is encoded is counted by the
// cache's files themselves (a rewrite is a new file: a new inode), not only by the build's counts.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site.ts';
import type { SiteModel } from '../../scripts/content/model.ts';
import { processImages, type ImageStats } from '../../scripts/site-build/images.ts';
import { cacheKey, MediaCache } from '../../scripts/site-build/media-cache.ts';
import { CARD, makeSocialCards, type CardStats } from '../../scripts/site-build/social-cards.ts';
import { WorkLimiter } from '../../scripts/site-build/work-limiter.ts';
import { cameraPhoto } from '../fixtures/camera-photo.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

let contentRoot: string;
let cacheDir: string;
let model: SiteModel;
const COVER = 'site/images/blog/cover.jpg';
const OTHER = 'site/images/blog/other.png';

beforeAll(async () => {
  // The article's cover is a photo (copies and a card cut from it); other.png is used by nothing.
  contentRoot = await writeFixture({
    'site/blog/hello-world.md': files['site/blog/hello-world.md']
      .replace('/images/blog/hello-world.svg', '/images/blog/cover.jpg')
      .replace('width: 1200\n  height: 630', 'width: 1000\n  height: 667'),
    'site/images/blog/hello-world.svg': null,
    [COVER]: await cameraPhoto(1000, 667),
    [OTHER]: await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer(),
  });
  cacheDir = await mkdtemp(path.join(tmpdir(), 'media-cache-'));
  model = (await loadSite({ root: contentRoot })).model!;
  expect(model.images).toEqual(['/images/blog/cover.jpg', '/images/blog/other.png']);
});
afterAll(async () => {
  if (contentRoot) await rm(contentRoot, { recursive: true, force: true });
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

/** One build's media step, into a fresh dist folder. */
async function build(limiter = new WorkLimiter(2, 10_000_000)) {
  const outDir = await mkdtemp(path.join(tmpdir(), 'media-dist-'));
  const cache = await MediaCache.open(cacheDir);
  const images: ImageStats = { encoded: 0, cached: 0 };
  const cards: CardStats = { drawn: 0, cached: 0 };
  const dirs = { contentRoot, cache, limiter, outDir };
  const [variants, social] = await Promise.all([
    processImages(dirs, model.images, images),
    makeSocialCards(model, dirs, cards),
  ]);
  return { outDir, cache, images, cards, variants, social };
}

/** The cache's entries by name, with the inode each is stored in. */
async function entries() {
  const names = (await readdir(cacheDir)).filter((name) => !name.startsWith('.'));
  return new Map(
    await Promise.all(names.map(async (name) => [name, (await stat(path.join(cacheDir, name))).ino] as const)),
  );
}

describe('the media cache', () => {
  let first: Awaited<ReturnType<typeof build>>;

  it('a first build encodes every copy and card; a second one encodes nothing and writes no file in the cache', async () => {
    first = await build();
    // 1000 px wide: 480, 800 and 1000, each in AVIF, WebP and JPEG; 600 px: 480 and 600 in PNG's three.
    expect(first.images).toEqual({ encoded: 9 + 6, cached: 0 });
    const cards = model.pages.length + model.articles.length;
    expect(first.cards).toEqual({ drawn: cards, cached: 0 });
    const before = await entries();
    expect(before.size).toBe(15 + cards);

    const second = await build();
    expect(second.images).toEqual({ encoded: 0, cached: 15 });
    expect(second.cards).toEqual({ drawn: 0, cached: cards });
    expect(second.cache.stats).toMatchObject({ writes: 0, damaged: 0 });
    expect(await entries()).toEqual(before);
    // The same files reach dist/ under the same addresses.
    const cover = first.variants.get('/images/blog/cover.jpg')!;
    expect(second.variants.get('/images/blog/cover.jpg')).toEqual(cover);
    const copy = `images/_v/${cover.key}-800.avif`;
    expect(await readFile(path.join(second.outDir, copy))).toEqual(await readFile(path.join(first.outDir, copy)));
  });

  it('a social card is a small image of the right size: a JPEG cut from a photo, a palette PNG drawn', async () => {
    const photo = first.social.get('/resources/blogs/hello-world')!;
    expect(photo.type).toBe('image/jpeg');
    const drawn = first.social.get('/solutions')!;
    expect(drawn.type).toBe('image/png');
    for (const [card, format, bound] of [
      // The fixture's photo is grain all over, the hardest case for JPEG: ~110 KB (a PNG was ~390 KB).
      [photo, 'jpeg', 150 * 1024],
      [drawn, 'png', 30 * 1024],
    ] as const) {
      const bytes = await readFile(path.join(first.outDir, card.url));
      expect(bytes.length, card.url).toBeLessThan(bound);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format, width: CARD.width, height: CARD.height });
      // Decodes whole (a truncated file throws here).
      await sharp(bytes).raw().toBuffer();
    }
    expect(await sharp(await readFile(path.join(first.outDir, drawn.url))).metadata()).toMatchObject({
      isPalette: true,
    });
  });

  it('a changed photo re-encodes its own copies and card only', async () => {
    const before = await entries();
    await writeFile(path.join(contentRoot, COVER), await cameraPhoto(1000, 667));
    const third = await build();
    expect(third.images).toEqual({ encoded: 9, cached: 6 });
    expect(third.cards.drawn).toBe(1);
    const after = await entries();
    // Everything cached before is still there, in the same file; nine copies and a card are new.
    for (const [name, inode] of before) expect(after.get(name), name).toBe(inode);
    expect(after.size).toBe(before.size + 10);
    expect(third.variants.get('/images/blog/cover.jpg')!.key).not.toBe(
      first.variants.get('/images/blog/cover.jpg')!.key,
    );
  });

  it('a damaged entry is found, removed and made again; no build uses it', async () => {
    const before = await entries();
    // The entry holding other.png's 480 px AVIF: its name carries the checksum of the bytes dist got.
    const other = first.variants.get('/images/blog/other.png')!;
    const copy = await readFile(path.join(first.outDir, `images/_v/${other.key}-480.avif`));
    const check = createHash('sha256').update(copy).digest('hex').slice(0, 16);
    const damaged = [...before.keys()].find((name) => name.endsWith(`-${check}.avif`))!;
    expect(damaged).toBeDefined();
    await truncate(path.join(cacheDir, damaged), 100);

    const next = await build();
    expect(next.cache.stats.damaged).toBe(1);
    expect(next.images).toEqual({ encoded: 1, cached: 14 });
    const remade = await readFile(path.join(next.outDir, `images/_v/${other.key}-480.avif`));
    expect(await sharp(remade).metadata()).toMatchObject({ format: 'heif', width: 480 });
    await sharp(remade).raw().toBuffer();
    expect((await entries()).size).toBe(before.size);
  });

  it('two builds at once share the folder: every entry they leave is whole', async () => {
    await rm(cacheDir, { recursive: true, force: true });
    const [a, b] = await Promise.all([build(), build()]);
    expect(a.images.encoded + a.images.cached).toBe(15);
    expect(b.images.encoded + b.images.cached).toBe(15);
    // No temporary file is left, and a later build finds every entry whole.
    expect((await readdir(cacheDir)).filter((name) => name.startsWith('.'))).toEqual([]);
    const after = await build();
    expect(after.images).toEqual({ encoded: 0, cached: 15 });
    expect(after.cache.stats.damaged).toBe(0);
  });
});

describe('cache keys and entries', () => {
  it('a key follows every part: bytes, settings, version', () => {
    const bytes = Buffer.from('photo');
    const key = cacheKey('2', '{"quality":50}', bytes);
    expect(cacheKey('2', '{"quality":50}', Buffer.from('photo'))).toBe(key);
    expect(cacheKey('3', '{"quality":50}', bytes)).not.toBe(key);
    expect(cacheKey('2', '{"quality":55}', bytes)).not.toBe(key);
    expect(cacheKey('2', '{"quality":50}', Buffer.from('photo!'))).not.toBe(key);
    // Parts are delimited: moving a character from one part to the next is another key.
    expect(cacheKey('ab', 'c')).not.toBe(cacheKey('a', 'bc'));
  });
});
