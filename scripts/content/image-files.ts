// Checks the image files: each must be a real image, told by its content (image-content.ts; a
// renamed PDF or a broken download is reported at the line that uses it, an unused one at the
// file itself), and a photo should be neither huge
// (over 10 MB slows every build) nor narrower than the widest place it is shown (it would look blurred).
import sharp from 'sharp';
import { IMAGE_SLOTS, type ImageSlot } from '../../src/components/image-variants.ts';
import type { ContentError } from './errors.ts';
import { inspectImage, type ImageFacts, type ImageSize } from './image-content.ts';
import { ConfinedFileError, readConfined, siteFiles } from '../../shared/confined-files.ts';

export interface ImageRef {
  /** The address, /images/… */
  src: string;
  file: string;
  line: number;
  col: number;
  path: string;
  /** Where in the data (ContentError's `at`). */
  at: (string | number)[];
  /** Where it is shown, when the place has a known largest width. */
  slot?: ImageSlot;
}

/**
 * A picture's width and height as visitors see it: upright, as its camera's orientation says (the
 * photo pipeline turns it so). Rejects when the bytes are not a picture sharp can read.
 */
export async function uprightSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
}

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `images`: every file of site/images (/images/…). Those no content uses are checked too, and
 * reported at the file itself: any of them can be picked for a page and published.
 */
export async function checkImageFiles(
  root: string,
  refs: ImageRef[],
  images: string[] = [],
  /** A picture's facts as remembered from the last check (site-memo.ts); read afresh without it. */
  remembered?: (src: string) => Promise<ImageFacts | { bytes: 0; refused: string }>,
): Promise<{ errors: ContentError[]; warnings: ContentError[]; sizes: Map<string, ImageSize> }> {
  const errors: ContentError[] = [];
  const warnings: ContentError[] = [];
  // Each file is read once, however many places use it.
  const facts = new Map<
    string,
    Promise<{ bytes: number; width?: number; size?: ImageSize; problem?: string; refused?: string }>
  >();
  const sizes = new Map<string, ImageSize>();
  const site = siteFiles(root);
  const inspect = async (src: string) => {
    if (remembered) return remembered(src);
    // Read as a real file inside site/images only: a link there is reported, never followed.
    const bytes = await readConfined(site, src.replace(/^\//, '')).catch((error: unknown) => {
      if (error instanceof ConfinedFileError) return error;
      throw error;
    });
    if (bytes instanceof ConfinedFileError) return { bytes: 0, refused: bytes.reason };
    return inspectImage(src, bytes);
  };
  for (const ref of refs) {
    if (!facts.has(ref.src)) facts.set(ref.src, inspect(ref.src));
    const { bytes, width, size, problem, refused } = await facts.get(ref.src)!;
    if (size) sizes.set(ref.src, size);
    const at = { file: ref.file, line: ref.line, col: ref.col, path: ref.path, at: ref.at };
    if (refused) {
      errors.push({ ...at, message: `site${ref.src} ${refused}` });
      continue;
    }
    if (problem) {
      errors.push({ ...at, message: `site${ref.src} ${problem}` });
      continue;
    }
    if (bytes > MAX_IMAGE_BYTES)
      warnings.push({
        ...at,
        message: `site${ref.src} is ${megabytes(bytes)}; over 10 MB slows every build. Visitors get resized copies, but a smaller export (about 2500 px wide) loses nothing.`,
      });
    const largest = ref.slot && IMAGE_SLOTS[ref.slot].largest;
    if (width !== undefined && largest && width < largest)
      warnings.push({
        ...at,
        message: `site${ref.src} is ${width} px wide but is shown up to ${largest} px wide here, so it will look blurred. Use an image at least ${largest} px wide.`,
      });
  }
  const used = new Set(refs.map((ref) => ref.src));
  for (const src of images.filter((image) => !used.has(image))) {
    if (!facts.has(src)) facts.set(src, inspect(src));
    const { problem } = await facts.get(src)!;
    if (problem)
      errors.push({
        file: `site${src}`,
        line: 1,
        col: 1,
        path: '',
        message: `this file ${problem} Only images belong in site/images: any file there can be picked for a page and published.`,
      });
  }
  return { errors, warnings, sizes };
}
