// Writes .br and .gz beside every text file of the build, so the server sends compressed bytes
// without compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = /\.(html|js|css|json|svg|xml|txt)$/;

export async function precompress(outDir: string): Promise<number> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && compressible.test(e.name) && e.name !== '_site.json')
    .map((e) => path.join(e.parentPath, e.name));
  let count = 0;
  // A few at a time: enough to use both cores without holding every file in memory at once.
  for (let i = 0; i < files.length; i += 16) {
    await Promise.all(
      files.slice(i, i + 16).map(async (file) => {
        const body = await readFile(file);
        if (body.length < 512) return;
        // Hashed assets are few and cached for a year: squeeze them hardest (quality 11). Pages
        // and route data grow with the site: quality 7 is within 10% of that, forty times faster.
        const quality = file.includes(`${path.sep}assets${path.sep}`) ? 11 : 7;
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
          gz(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        count++;
      }),
    );
  }
  return count;
}
