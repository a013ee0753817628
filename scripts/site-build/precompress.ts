// Writes .br and .gz beside every text file of the build, so the server sends compressed bytes
// without compressing on each request. With a cache (build-cache.ts), bytes compressed before at
// the same quality take their .br and .gz from it instead of being compressed again.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { cacheKey, type MediaCache } from './media-cache.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = /\.(html|js|css|json|svg|xml|txt)$/;

export interface Precompressed {
  /** Files given a .br and a .gz. */
  files: number;
  /** Of which taken from the cache. */
  cached: number;
}

export async function precompress(outDir: string, cache?: MediaCache): Promise<Precompressed> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && compressible.test(e.name) && e.name !== '_site.json')
    .map((e) => path.join(e.parentPath, e.name));
  const counts = { files: 0, cached: 0 };
  const compress = async (body: Buffer, quality: number): Promise<[Buffer, Buffer]> => {
    const key = cache && cacheKey('precompress-v1', String(quality), body);
    if (cache && key) {
      const [br, gzipped] = await Promise.all([cache.get(key, 'br'), cache.get(key, 'gz')]);
      if (br && gzipped) {
        counts.cached++;
        return [br, gzipped];
      }
    }
    const made = await Promise.all([
      brotli(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      gz(body, { level: 9 }),
    ]);
    if (cache && key) await Promise.all([cache.put(key, 'br', made[0]), cache.put(key, 'gz', made[1])]);
    return made;
  };
  // A few at a time: enough to use both cores without holding every file in memory at once.
  for (let i = 0; i < files.length; i += 16) {
    await Promise.all(
      files.slice(i, i + 16).map(async (file) => {
        const body = await readFile(file);
        if (body.length < 512) return;
        // Hashed assets are few and cached for a year: squeeze them hardest (quality 11). Pages
        // and route data grow with the site: quality 7 is within 10% of that, forty times faster.
        const quality = file.includes(`${path.sep}assets${path.sep}`) ? 11 : 7;
        const [br, gzipped] = await compress(body, quality);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        counts.files++;
      }),
    );
  }
  return counts;
}
