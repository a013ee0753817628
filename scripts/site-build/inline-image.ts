// An article's cover is its largest paint. When the file is small it travels inside the page as a
// data: address, so that paint needs no second request. 4 KB is Vite's own limit for inlining.
import { readConfinedSync, siteFiles } from '../../shared/confined-files.ts';
import { mediaType } from '../../server/media-types.ts';
import { sanitiseSvg } from '../content/svg-file.ts';

const INLINE_LIMIT = 4096;

/** The sanitised SVG, or nothing for a file that is not one (validation reports it). */
function svgBody(bytes: Buffer): Buffer | undefined {
  try {
    return Buffer.from(sanitiseSvg(bytes.toString('utf8')));
  } catch {
    return undefined;
  }
}

/** A data: address for a site image of at most 4 KB, or undefined for anything else. */
export type InlineImage = (src: string) => string | undefined;

export function inlineSmallImages(siteRoot: string): InlineImage {
  return (src) => {
    const type = mediaType(src);
    if (!src.startsWith('/images/') || !type?.startsWith('image/')) return undefined;
    // Read as a real file inside site/images only (shared/confined-files.ts); anything refused or
    // larger than the limit is simply not inlined (validation reports the refused ones).
    let bytes: Buffer | undefined;
    try {
      bytes = readConfinedSync(siteFiles(siteRoot), src.slice(1), INLINE_LIMIT);
    } catch {
      return undefined;
    }
    if (!bytes) return undefined;
    // An SVG travels as the build publishes it: sanitised (svg-file.ts).
    const body = type === 'image/svg+xml' ? svgBody(bytes) : bytes;
    return body && `data:${type};base64,${body.toString('base64')}`;
  };
}
