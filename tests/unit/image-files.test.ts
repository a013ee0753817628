// `npm run validate` on the image files content refers to: a file that is not an image is an
// error at the line that uses it; a huge source or one narrower than where it is shown is a warning.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

const article = files['site/blog/hello-world.md'];
const coverLine = article.split('\n').findIndex((line) => line.includes('src: /images/')) + 1;

/** The fixture with the article's cover replaced by `name`, holding `bytes`. */
async function withCover(name: string, bytes: Buffer) {
  const root = await writeFixture({
    'site/blog/hello-world.md': article.replace('/images/blog/hello-world.svg', `/images/blog/${name}`),
    'site/images/blog/hello-world.svg': null,
  });
  await mkdir(path.join(root, 'site/images/blog'), { recursive: true });
  await writeFile(path.join(root, 'site/images/blog', name), bytes);
  return loadSite({ root });
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });

describe('image files', () => {
  it('a file that is not an image is an error at the line that uses it', async () => {
    const result = await withCover('cover.jpg', Buffer.from('<html>Not Found</html>'));
    expect(result.errors.map(formatError)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^site/blog/hello-world\\.md:${coverLine}:8  image › src: site/images/blog/cover\\.jpg is not a readable image \\(.+\\)\\. Export it again as JPEG, PNG, WebP or SVG\\.$`,
        ),
      ),
    ]);
  });

  it('an SVG without an <svg> element is an error too', async () => {
    const result = await withCover('cover.svg', Buffer.from('just text'));
    expect(result.errors.map(formatError)).toEqual([
      `site/blog/hello-world.md:${coverLine}:8  image › src: site/images/blog/cover.svg is not an SVG image (no <svg> element in it). Export it again as JPEG, PNG, WebP or SVG.`,
    ]);
  });

  it('a photo narrower than the widest place it is shown is a warning', async () => {
    const result = await withCover('cover.png', await solid(400, 210).png().toBuffer());
    expect(result.errors).toEqual([]);
    expect(result.warnings.map(formatError)).toEqual([
      `site/blog/hello-world.md:${coverLine}:8  image › src: site/images/blog/cover.png is 400 px wide but is shown up to 760 px wide here, so it will look blurred. Use an image at least 760 px wide.`,
    ]);
  });

  it('a source over 10 MB is a warning', async () => {
    const noise = sharp({
      create: {
        width: 2000,
        height: 1900,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    });
    const result = await withCover('cover.png', await noise.png({ compressionLevel: 0 }).toBuffer());
    expect(result.errors).toEqual([]);
    expect(result.warnings.map(formatError)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^site/blog/hello-world\\.md:${coverLine}:8  image › src: site/images/blog/cover\\.png is 10\\.\\d MB; over 10 MB slows every build\\.`,
        ),
      ),
    ]);
  });

  it('a large enough photo passes without a word', async () => {
    const result = await withCover('cover.webp', await solid(1600, 840).webp().toBuffer());
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });
});
