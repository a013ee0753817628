// Uploads: images only, told by their first bytes (never by the name or the declared type), and
// limited in size. The file name is made safe and never replaces an existing image. The formats are
// those the build turns into resized AVIF and WebP copies, and the limit is the size past which
// `npm run validate` warns, so an upload is always an image the site handles well; so is the pixel
// limit (image-content.ts).
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, uprightSize } from '../content/image-files.ts';
import { tooManyPixels } from '../content/image-content.ts';
import { StudioError } from './files.ts';

export const maxUploadBytes = MAX_IMAGE_BYTES;

const signatures: { extension: string; test: (b: Buffer) => boolean }[] = [
  {
    extension: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { extension: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    extension: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The file's real image type, or a 415 saying what is accepted. */
export function imageExtension(body: Buffer): string {
  if (body.length > maxUploadBytes)
    throw new StudioError(
      413,
      `This file is ${(body.length / 1024 / 1024).toFixed(1)} MB; images up to ${maxUploadBytes / 1024 / 1024} MB can be uploaded.`,
    );
  const found = signatures.find((s) => s.test(body));
  if (!found)
    throw new StudioError(415, 'This file is not an image the site can show: upload a JPEG, PNG or WebP picture.');
  return found.extension;
}

/**
 * The picture's width and height as the site shows it (upright, as the photo pipeline turns it),
 * for the image's width and height fields; a file that only starts like an image is refused.
 */
export async function imageSize(body: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(body, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height)
    throw new StudioError(
      415,
      'This file is not an image the site can show: it looks like a picture at first but cannot be read as one.',
    );
  // Judged before anything decodes it: a few KB can hold more pixels than memory (a decompression bomb).
  const tooLarge = tooManyPixels(meta.width, meta.height);
  if (tooLarge) throw new StudioError(413, `This picture ${tooLarge}`);
  return uprightSize(body);
}

/** A name for the upload under site/images/: lowercase words and dashes, with the real extension. */
export function imageName(original: string, extension: string): string {
  const stem =
    original
      .replace(/\.[^.]*$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'image';
  return `${stem}.${extension}`;
}
