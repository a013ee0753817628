// Photos for visitors: every JPEG, PNG or WebP in site/images becomes AVIF, WebP and its own
// format at several widths (sharp, which wraps libvips: fast, and the encoders are the reference
// ones). Each copy is made once per source content and kept in the media cache (media-cache.ts),
// keyed by the source's bytes, the encoder's settings and versions, and this recipe's version, so
// every later build, CI run and publish copies it instead of encoding it. Encodes run one per core
// within a memory bound (work-limiter.ts). The settings were chosen by measurement
// (docs/benchmarks.md, "A thousand articles"). SVGs are published sanitised (publish-images.ts). No
// picture over the pixel limit reaches here (validation refuses it, naming the file); sharp holds
// the same limit.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { uprightSize } from '../content/image-files.ts';
import { readConfined, siteFiles } from '../../shared/confined-files.ts';
import { MAX_IMAGE_PIXELS } from '../content/image-content.ts';
import {
  VARIANT_FORMATS,
  VARIANT_WIDTHS,
  variantUrl,
  type ImageVariants,
  type VariantFormat,
} from '../../src/components/image-variants.ts';
import { cacheKey, type MediaCache } from './media-cache.ts';
import type { WorkLimiter } from './work-limiter.ts';

/** Raster formats that get resized copies, by extension. */
const RASTER: Record<string, ImageVariants['fallback']> = {
  '.jpg': 'jpg',
  '.jpeg': 'jpg',
  '.png': 'png',
  '.webp': 'webp',
};

export const isRaster = (src: string) => path.extname(src).toLowerCase() in RASTER;

// Bump when the recipe changes in a way its settings below do not show (the rotation, the resize),
// so copies cached by the old recipe are not reused.
const RECIPE_VERSION = 4;

/**
 * The encoder settings, by format: measured on a 3000×2000 camera photo (docs/benchmarks.md,
 * "A thousand articles"). AVIF at effort 3 was most of a photo's cost (~2.5 of ~3.7 s of CPU; the 1200
 * and 1600 px copies ~2 s of it). Those two serve screens of more than one device pixel per CSS
 * pixel and windows narrower than 75em (image-variants.ts: no slot is wider than 760 CSS px on a
 * wide screen); they are encoded at effort 0 and quality 56: a quarter of the time at 0.3–0.8 dB
 * less PSNR, ~1.7× the bytes (1600 px: 180 instead of 102 KB). The 480 and 800 px copies (every
 * listing card, a cover at one device pixel per CSS pixel) keep effort 3. WebP and the source's own
 * format serve browsers without AVIF: WebP at effort 2 (2–5% larger than effort 4 in 60% of the
 * time), JPEG at quality 82 without mozjpeg's trellis search (about half the time, 13–27% larger).
 */
export const ENCODERS = {
  avif: { quality: 50, effort: 3 },
  avifWide: { quality: 56, effort: 0 },
  webp: { quality: 72, effort: 2 },
  jpg: { quality: 82, progressive: true, optimiseCoding: true },
  png: { compressionLevel: 9, palette: true, quality: 85 },
} as const;

/** AVIF copies wider than this are encoded with ENCODERS.avifWide. */
export const AVIF_WIDE = 800;

const settingsFor = (format: VariantFormat, width: number) =>
  format === 'avif' && width > AVIF_WIDE ? ENCODERS.avifWide : ENCODERS[format];

function encode(pipeline: Sharp, format: VariantFormat, width: number): Sharp {
  switch (format) {
    case 'avif':
      return pipeline.avif(settingsFor(format, width));
    case 'webp':
      return pipeline.webp(ENCODERS.webp);
    case 'jpg':
      return pipeline.jpeg(ENCODERS.jpg);
    case 'png':
      return pipeline.png(ENCODERS.png);
  }
}

/** Where site/ is, the media cache, the encoding limiter, and where dist/ is. */
export interface MediaDirs {
  contentRoot: string;
  cache: MediaCache;
  limiter: WorkLimiter;
  outDir: string;
}

export interface ImageStats {
  encoded: number;
  cached: number;
}

/** The widths made for a source `width` pixels wide: the standard ones below it, then its own or the largest. */
export function widthsFor(width: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w < width);
  return [...below, Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1])].filter(
    (w, i, all) => all.indexOf(w) === i,
  );
}

/** The address of a photo's largest copy in its own format: what feeds and structured data link to. */
export const largestCopy = (variants: ImageVariants) =>
  variantUrl(variants.key, variants.widths[variants.widths.length - 1], variants.fallback);

/**
 * The pixels an encode holds at once: the decoded source and the resized frame. A JPEG or WebP is
 * decoded at 1/2, 1/4 or 1/8 of its size when the copy is at most that size (libvips' shrink
 * on load), so a 6000×4000 photo made 1600 wide holds 3000×2000 pixels (measured: ~110 MB, as a
 * 3000×2000 photo does; docs/benchmarks.md).
 */
export function heldPixels(format: ImageVariants['fallback'], source: { width: number; height: number }, w: number) {
  const shrink = format === 'png' ? 1 : Math.min(8, 2 ** Math.max(0, Math.floor(Math.log2(source.width / w))));
  return Math.ceil((source.width * source.height) / shrink ** 2) + w * Math.round((source.height * w) / source.width);
}

// The encoders' own versions belong to every key: a new libvips or libaom may encode differently.
const ENCODER_VERSIONS = JSON.stringify(sharp.versions);

/**
 * Makes every raster image's copies into outDir/images/_v (from the cache, or encoded and
 * cached) and returns their descriptors by address (/images/…).
 */
export async function processImages(
  dirs: MediaDirs,
  images: string[],
  stats: ImageStats = { encoded: 0, cached: 0 },
): Promise<Map<string, ImageVariants>> {
  const { contentRoot, outDir, cache, limiter } = dirs;
  const result = new Map<string, ImageVariants>();
  const queue = images.filter(isRaster);

  const photo = async (src: string) => {
    // A real file inside site/images only (shared/confined-files.ts): a link there is refused.
    const bytes = await readConfined(siteFiles(contentRoot), src.slice(1));
    const source = createHash('sha256').update(bytes).digest('hex');
    const stem = src
      .slice('/images/'.length)
      .replace(/\.[^.]+$/, '')
      .replace(/[^A-Za-z0-9/_-]/g, '-');
    const fallback = RASTER[path.extname(src).toLowerCase()];
    // Rotated as the camera's EXIF orientation says; metadata (location included) is dropped.
    const { width, height } = await uprightSize(bytes);
    const widths = widthsFor(width);
    const variants: ImageVariants = {
      // Named by everything that makes them: new settings are new addresses, never a stale copy in a browser.
      key: `${stem}-${cacheKey(String(RECIPE_VERSION), ENCODER_VERSIONS, JSON.stringify(ENCODERS), source).slice(0, 10)}`,
      widths,
      fallback,
    };
    // The photo is decoded once, to its largest copy; the smaller copies are resized from that frame
    // and every format is encoded from its width's frame. Nothing is decoded when all are cached.
    type Frame = { data: Buffer; info: OutputInfo };
    const largest = widths[widths.length - 1];
    let base: Promise<Frame> | undefined;
    const baseFrame = () =>
      (base ??= limiter.run(heldPixels(fallback, { width, height }, largest), () =>
        sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .resize({ width: largest, withoutEnlargement: true })
          .raw({ depth: 'uchar' })
          .toBuffer({ resolveWithObject: true }),
      ));
    const rawOf = ({ info }: Frame) => ({ width: info.width, height: info.height, channels: info.channels });
    const pixelsOf = ({ info }: Frame) => info.width * info.height;
    await Promise.all(
      widths.map(async (w) => {
        let frame: Promise<Frame> | undefined;
        const resized = () =>
          (frame ??=
            w === largest
              ? baseFrame()
              : baseFrame().then((from) =>
                  limiter.run(pixelsOf(from) + w * Math.round((from.info.height * w) / from.info.width), () =>
                    sharp(from.data, { raw: rawOf(from) })
                      .resize({ width: w })
                      .raw({ depth: 'uchar' })
                      .toBuffer({ resolveWithObject: true }),
                  ),
                ));
        await Promise.all(
          [...VARIANT_FORMATS, fallback].map(async (format) => {
            const settings = JSON.stringify({ format, width: w, encoder: settingsFor(format, w) });
            const key = cacheKey(String(RECIPE_VERSION), ENCODER_VERSIONS, settings, source);
            const cached = await cache.get(key, format);
            if (cached) stats.cached++;
            const made = async (): Promise<Buffer> => {
              const resizedFrame = await resized();
              const encoded = await limiter.run(pixelsOf(resizedFrame) * 2, () =>
                encode(sharp(resizedFrame.data, { raw: rawOf(resizedFrame) }), format, w).toBuffer(),
              );
              await cache.put(key, format, encoded);
              stats.encoded++;
              return encoded;
            };
            const copy = cached ?? (await made());
            const target = path.join(outDir, variantUrl(variants.key, w, format));
            await mkdir(path.dirname(target), { recursive: true });
            await writeFile(target, copy);
          }),
        );
      }),
    );
    result.set(src, variants);
  };

  // A few photos more than the encoding slots are read at once: enough to keep every core busy,
  // while the sources waiting in memory stay few.
  const work = async () => {
    for (let src = queue.shift(); src; src = queue.shift()) await photo(src);
  };
  await Promise.all(Array.from({ length: limiter.slots + 1 }, work));
  return result;
}
