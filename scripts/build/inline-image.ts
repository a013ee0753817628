// An article's cover is its largest paint. When the file is small it travels inside the page as a
// data: address, so that paint needs no second request. 4 KB is Vite's own limit for inlining.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const INLINE_LIMIT = 4096;
const mimeTypes: Record<string, string> = {
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg',
  '.webp': 'image/webp', '.avif': 'image/avif', '.gif': 'image/gif',
};

/** A data: address for a site image of at most 4 KB, or undefined for anything else. */
export type InlineImage = (src: string) => string | undefined;

export function inlineSmallImages(siteRoot: string): InlineImage {
  return (src) => {
    const type = mimeTypes[path.extname(src).toLowerCase()];
    if (!src.startsWith('/images/') || !type) return undefined;
    const file = path.join(siteRoot, 'site', src);
    const size = statSync(file, { throwIfNoEntry: false })?.size;
    if (size === undefined || size > INLINE_LIMIT) return undefined;
    return `data:${type};base64,${readFileSync(file).toString('base64')}`;
  };
}
