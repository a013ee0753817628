// Any file in site/images can be picked for a page and published, so validation judges each file
// there by its content, used or not: a script, a page or a text named .png is refused at the file, as is a picture whose
// pixels would not fit in memory (a decompression bomb), and the build stops on it naming the file.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/build.ts';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { maxPixelsInWords } from '../../scripts/content/image-content.ts';
import { projectRoot } from '../fixtures/fixture-site.ts';
import { pixelBomb } from '../fixtures/pixel-bomb.ts';
import { writeFixture } from '../fixtures/site-fixture.ts';

/** The small fixture site with extra files in site/images that no content uses. */
async function withImages(extra: Record<string, Buffer | string>) {
  const root = await writeFixture({});
  for (const [name, bytes] of Object.entries(extra)) {
    await mkdir(path.dirname(path.join(root, 'site/images', name)), { recursive: true });
    await writeFile(path.join(root, 'site/images', name), bytes);
  }
  return root;
}
const errorsOf = async (root: string) => (await loadSite({ root })).errors.map(formatError);

describe('files in site/images, told by their content', () => {
  it.each([
    ['x.js', 'window.stolen = document.cookie;\n'],
    ['x.html', '<!doctype html><title>Sign in</title><form action="https://evil.example">'],
    ['notes.png', 'Just some notes, not a picture.\n'],
    ['page.svg', '<!doctype html><html><body><svg></svg><script>alert(1)</script></body></html>'],
  ])('%s that no content uses is refused at the file, naming it', async (name, text) => {
    const errors = await errorsOf(await withImages({ [name]: text }));
    expect(errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^site/images/${name.replace('.', '\\.')}:1:1  this file is not .*Only images belong in site/images: any file there can be picked for a page and published\\.$`,
        ),
      ),
    ]);
  });

  it('a picture under a name of another kind is refused: it would be sent as what its name says', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const errors = await errorsOf(
      await withImages({ 'photo.jpg': png, 'drawing.html': '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
    );
    expect(errors).toEqual([
      'site/images/drawing.html:1:1  this file holds an SVG image, but its name ends in ".html": rename it to end in .svg, so it is sent as what it is. Only images belong in site/images: any file there can be picked for a page and published.',
      'site/images/photo.jpg:1:1  this file holds a PNG image, but its name ends in ".jpg": rename it to end in .png, so it is sent as what it is. Only images belong in site/images: any file there can be picked for a page and published.',
    ]);
  });

  it('a decompression bomb is refused at the file, with the limit in plain words', async () => {
    const errors = await errorsOf(await withImages({ 'bomb.png': pixelBomb() }));
    expect(errors).toEqual([
      expect.stringContaining(
        `site/images/bomb.png:1:1  this file is 30000 × 30000 pixels (900 megapixels), more than the ${maxPixelsInWords} a picture may have`,
      ),
    ]);
  });

  it('the build stops on a decompression bomb, naming the file', async () => {
    const root = await withImages({ 'bomb.png': pixelBomb() });
    const build = buildSite({ root: projectRoot, contentRoot: root, outDir: path.join(root, 'dist'), quiet: true });
    await expect(build).rejects.toThrow(/site\/images\/bomb\.png:1:1 {2}this file is 30000 × 30000 pixels/);
  });

  it('real pictures and SVGs pass', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer();
    expect(
      await errorsOf(
        await withImages({
          'a.webp': webp,
          'b.svg':
            '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
        }),
      ),
    ).toEqual([]);
  });
});
