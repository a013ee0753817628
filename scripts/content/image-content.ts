// What a file in site/images holds, told by its bytes, never by its name: everything there is
// published, so a script, a page or a text file named .png must not pass for an image. The site
// shows JPEG, PNG, WebP and SVG, each under the name its content has (the server's Content-Type
// follows the name). A picture whose pixels would not fit in memory (a PNG of 30000 × 30000 is a
// few KB on disk and gigabytes decoded) is refused before anything decodes it.
import path from 'node:path';
import sharp from 'sharp';
import { svgProblem } from './svg-file.ts';

/** The most pixels a picture may have: more than any camera's photo, and decodable on a small build machine. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** The limit in plain words, with an example size. */
export const maxPixelsInWords = '100 megapixels (for example 12000 × 8000 pixels)';

const formats = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', svg: 'SVG' } as const;
type Format = keyof typeof formats;
const extensions: Record<Format, string[]> = { jpeg: ['.jpg', '.jpeg'], png: ['.png'], webp: ['.webp'], svg: ['.svg'] };
const isFormat = (name: string | undefined): name is Format => name !== undefined && name in formats;

const advice = 'Export it again as JPEG, PNG, WebP or SVG.';

export interface ImageSize {
  width: number;
  height: number;
}

export interface ImageFacts {
  bytes: number;
  /** Raster pictures only: the width visitors see (upright, as the camera's orientation says). */
  width?: number;
  /** The size it is drawn at (upright; an SVG's own size, when it states one), for width and height in the HTML. */
  size?: ImageSize;
  /** Why the file is not an image the site publishes: the rest of a sentence that starts with its name. */
  problem?: string;
}

/** "30000 × 30000 pixels (900 megapixels)" */
const pixelsInWords = (width: number, height: number) =>
  `${width} × ${height} pixels (${Math.round((width * height) / 1_000_000)} megapixels)`;

/** Why a picture of this size is refused ("is 30000 × 30000 pixels …"), or undefined when it is not. */
export function tooManyPixels(width: number, height: number): string | undefined {
  if (width * height <= MAX_IMAGE_PIXELS) return undefined;
  return `is ${pixelsInWords(width, height)}, more than the ${maxPixelsInWords} a picture may have: resizing it would take more memory than a build has. Export it smaller; about 2500 pixels wide is plenty.`;
}

/** The facts of one file of site/images, `name` being its path (for its extension). */
export async function inspectImage(name: string, bytes: Buffer): Promise<ImageFacts> {
  const extension = path.extname(name).toLowerCase();
  // The header only, whatever size it claims: the limit is judged here, in plain words.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .then(
      (found) => ({ found, error: undefined }),
      (error: Error) => ({ found: undefined, error }),
    );
  const format = meta.found?.format;
  const facts = { bytes: bytes.length };
  const misnamed = (kind: Format) => ({
    ...facts,
    problem: `holds a${kind === 'svg' ? 'n' : ''} ${formats[kind]} image, but its name ends in "${extension}": rename it to end in ${extensions[kind][0]}, so it is sent as what it is.`,
  });
  if (isFormat(format) && format !== 'svg' && !extensions[format].includes(extension)) return misnamed(format);
  // An SVG is told by parsing it as XML (sharp reads only SVGs with a size, and by a guess).
  const text = !meta.found || format === 'svg' ? bytes.toString('utf8') : '';
  if (/<svg[\s>]/.test(text)) {
    const problem = svgProblem(text);
    if (!problem) {
      if (extension !== '.svg') return misnamed('svg');
      const { width, height } = meta.found ?? {};
      return width && height ? { ...facts, size: { width, height } } : facts;
    }
    if (extension === '.svg') return { ...facts, problem: `${problem}. ${advice}` };
  }
  if (extension === '.svg') return { ...facts, problem: `is not an SVG image (no <svg> element in it). ${advice}` };
  if (!meta.found)
    return { ...facts, problem: `is not a readable image (${meta.error!.message.replace(/\.$/, '')}). ${advice}` };
  if (format === 'svg')
    return {
      ...facts,
      problem: `is not a readable image (it looks like SVG but is no well-formed SVG document). ${advice}`,
    };
  if (!isFormat(format))
    return {
      ...facts,
      problem: `is a${format && /^[aeiou]/i.test(format) ? 'n' : ''} ${(format ?? 'unknown').toUpperCase()} image, which the site does not show. ${advice}`,
    };
  const tooLarge = tooManyPixels(meta.found.width, meta.found.height);
  if (tooLarge) return { ...facts, problem: tooLarge };
  const upright = {
    width: meta.found.autoOrient?.width ?? meta.found.width,
    height: meta.found.autoOrient?.height ?? meta.found.height,
  };
  return { ...facts, width: upright.width, size: upright };
}
