// Photos for visitors: every JPEG, PNG or WebP in site/images becomes AVIF, WebP and its own
// format at several widths (sharp, which wraps libvips: fast, and the encoders are the reference
// ones). Each copy is cached under .cache/images by the source's content hash, so a rebuild only
// encodes photos that changed. SVGs are published sanitised (publish-images.ts). No picture over
// the pixel limit reaches here (validation refuses it, naming the file); sharp holds the same limit.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
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

/** Raster formats that get resized copies, by extension. */
const RASTER: Record<string, ImageVariants['fallback']> = {
  '.jpg': 'jpg',
  '.jpeg': 'jpg',
  '.png': 'png',
  '.webp': 'webp',
};

export const isRaster = (src: string) => path.extname(src).toLowerCase() in RASTER;

// Bump when the encoding settings change, so cached copies made with the old ones are not reused.
const ENCODING_VERSION = 1;

type Pipeline = ReturnType<typeof sharp>;

function encode(pipeline: Pipeline, format: VariantFormat): Pipeline {
  switch (format) {
    case 'avif':
      return pipeline.avif({ quality: 50, effort: 4 });
    case 'webp':
      return pipeline.webp({ quality: 72, effort: 4 });
    case 'jpg':
      return pipeline.jpeg({ quality: 78, mozjpeg: true, progressive: true });
    case 'png':
      return pipeline.png({ compressionLevel: 9, palette: true, quality: 85 });
  }
}

/** Where site/ is, where cached copies are kept (the project's .cache), and where dist/ is. */
export interface MediaDirs {
  contentRoot: string;
  cacheDir: string;
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

/**
 * Makes every raster image's copies into outDir/images/_v and returns their descriptors by
 * address (/images/…). Encodes at most two images at a time: AVIF is CPU-heavy.
 */
export async function processImages(
  dirs: MediaDirs,
  images: string[],
  stats: ImageStats = { encoded: 0, cached: 0 },
): Promise<Map<string, ImageVariants>> {
  const { contentRoot, outDir } = dirs;
  const cacheDir = path.join(dirs.cacheDir, 'images');
  await mkdir(cacheDir, { recursive: true });
  const result = new Map<string, ImageVariants>();
  const queue = images.filter(isRaster);
  const work = async () => {
    for (let src = queue.shift(); src; src = queue.shift()) {
      // A real file inside site/images only (shared/confined-files.ts): a link there is refused.
      const bytes = await readConfined(siteFiles(contentRoot), src.slice(1));
      const hash = createHash('sha256').update(`${ENCODING_VERSION}\0`).update(bytes).digest('hex').slice(0, 10);
      const stem = src
        .slice('/images/'.length)
        .replace(/\.[^.]+$/, '')
        .replace(/[^A-Za-z0-9/_-]/g, '-');
      const fallback = RASTER[path.extname(src).toLowerCase()];
      // Rotated as the camera's EXIF orientation says; metadata (location included) is dropped.
      const { width } = await uprightSize(bytes);
      const variants: ImageVariants = { key: `${stem}-${hash}`, widths: widthsFor(width), fallback };
      for (const w of variants.widths) {
        for (const format of [...VARIANT_FORMATS, fallback]) {
          const url = variantUrl(variants.key, w, format);
          const cached = path.join(cacheDir, `${hash}-${w}.${format}`);
          if (
            await stat(cached).then(
              () => true,
              () => false,
            )
          )
            stats.cached++;
          else {
            const tmp = `${cached}.${process.pid}.tmp`;
            await writeFile(
              tmp,
              await encode(
                sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
                  .rotate()
                  .resize({ width: w, withoutEnlargement: true }),
                format,
              ).toBuffer(),
            );
            await rename(tmp, cached);
            stats.encoded++;
          }
          const target = path.join(outDir, url);
          await mkdir(path.dirname(target), { recursive: true });
          await copyFile(cached, target);
        }
      }
      result.set(src, variants);
    }
  };
  await Promise.all([work(), work()]);
  return result;
}
