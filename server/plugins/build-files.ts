// The build, loaded into memory once at startup: every public file with its brotli and gzip
// variants, content type, strong ETag and cache policy. dist/ is immutable once built, so a
// request is a map lookup: no filesystem access, and no path a request could traverse.
import { createHash } from 'node:crypto';
import { distFiles, listFiles, readConfined } from '../../shared/confined-files.ts';
import { mediaType } from '../media-types.ts';
import { pageCacheControl, publicPath } from '../public-files.ts';

export interface BuildFile {
  type: string;
  cacheControl: string;
  etag: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

// Pages (index.html) and the not-found page are loaded to be served at their routes; the other
// files only when public-files.ts lists them. The manifest (_site.json) and anything else are not.
const isPage = (url: string) => url.endsWith('/index.html') || url === '/404.html';

export async function loadBuildFiles(distDir: string): Promise<Map<string, BuildFile>> {
  const files = new Map<string, BuildFile>();
  // Read through shared/confined-files.ts: regular files inside dist/ only. A link (the build makes
  // none) or a pipe stops the start, naming the file, rather than serving what it points at.
  const dist = distFiles(distDir);
  const listing = await listFiles(dist);
  if (listing.refused.length) throw listing.refused[0];
  const names = new Set(listing.files);
  for (const file of names) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const url = `/${file}`;
    const entry = publicPath(url);
    if (!entry && !isPage(url)) continue;
    const body = await readConfined(dist, file);
    files.set(url, {
      type: mediaType(file) ?? 'application/octet-stream',
      cacheControl: entry?.cacheControl ?? pageCacheControl,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      body,
      br: names.has(`${file}.br`) ? await readConfined(dist, `${file}.br`) : undefined,
      gzip: names.has(`${file}.gz`) ? await readConfined(dist, `${file}.gz`) : undefined,
    });
  }
  return files;
}

// An encoding is accepted when it is listed without q=0. Compiled once: this runs per request.
const accepted = (name: string) => new RegExp(`(^|[\\s,])${name}(?!;q=0(\\.0*)?(\\s|,|$))`);
const acceptsBrotli = accepted('br');
const acceptsGzip = accepted('gzip');

/** The best variant for the request's Accept-Encoding (brotli, then gzip, then plain). */
export function pickEncoding(file: BuildFile, acceptEncoding = ''): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (file.br && acceptsBrotli.test(acceptEncoding)) return { body: file.br, encoding: 'br' };
  if (file.gzip && acceptsGzip.test(acceptEncoding)) return { body: file.gzip, encoding: 'gzip' };
  return { body: file.body };
}
