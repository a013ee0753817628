// Publishing on a fixture site whose article has a camera-sized photo as its cover: the visitor
// gets a resized AVIF through <picture> (well under 300 KB), the share card is a 1200×630 JPEG cut
// from it (a drawn card a palette PNG), the feeds list the article with absolute links and its
// largest copy, dist/ holds neither the source photo nor a photo nothing uses, and a rebuild
// reuses every cached copy.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/build.ts';
import { cameraPhoto } from '../fixtures/camera-photo.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';
import { startHarness, type Harness } from './harness.ts';

const ARTICLE = '/resources/blogs/hello-world';
let contentRoot: string;
let distDir: string;
let h: Harness;
let browser: Browser;
let baseUrl: string;
let firstBuild: Awaited<ReturnType<typeof buildSite>>;

beforeAll(async () => {
  // The small fixture site, its article's cover swapped for the camera photo.
  contentRoot = await writeFixture({
    'site/blog/hello-world.md': files['site/blog/hello-world.md']
      .replace('/images/blog/hello-world.svg', '/images/blog/camera.jpg')
      .replace('width: 1200\n  height: 630', 'width: 6000\n  height: 4000'),
    'site/images/blog/hello-world.svg': null,
  });
  await mkdir(path.join(contentRoot, 'site/images/blog'), { recursive: true });
  await writeFile(path.join(contentRoot, 'site/images/blog/camera.jpg'), await cameraPhoto());
  await writeFile(path.join(contentRoot, 'site/images/blog/unused.jpg'), await cameraPhoto(800, 600));
  distDir = path.join(contentRoot, 'dist');
  firstBuild = await buildSite({ contentRoot, outDir: distDir, quiet: true });
  h = await startHarness({ distDir });
  ({ browser, baseUrl } = h);
});
afterAll(async () => {
  await h?.close();
  if (contentRoot) await rm(contentRoot, { recursive: true, force: true });
});

/** Opens the article and returns the bytes of every image the browser downloaded. */
async function imageBytes(viewport: { width: number; height: number }, deviceScaleFactor: number) {
  const page = await browser.newPage({ viewport, deviceScaleFactor });
  const images: { url: string; type: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.startsWith('/images/')) return;
    images.push({
      url: new URL(response.url()).pathname,
      type: response.headers()['content-type'],
      bytes: (await response.body()).length,
    });
  });
  await page.goto(baseUrl + ARTICLE, { waitUntil: 'networkidle' });
  const cover = await page.evaluate(() => {
    const img = document.querySelector('main picture img') as HTMLImageElement;
    return {
      loaded: img.complete && img.naturalWidth > 0,
      current: new URL(img.currentSrc).pathname,
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      priority: img.getAttribute('fetchpriority'),
      loading: img.getAttribute('loading'),
      sources: [...document.querySelectorAll('main picture source')].map((s) => s.getAttribute('type')),
    };
  });
  await page.close();
  return { images, cover };
}

describe('a camera photo as an article cover', () => {
  it('reaches a desktop visitor as an AVIF well under 300 KB, never the original', async () => {
    const { images, cover } = await imageBytes({ width: 1280, height: 900 }, 1);
    expect(cover).toMatchObject({
      loaded: true,
      width: '6000',
      height: '4000',
      priority: 'high',
      loading: 'eager',
      sources: ['image/avif', 'image/webp'],
    });
    expect(cover.current).toMatch(/^\/images\/_v\/blog\/camera-[0-9a-f]+-\d+\.avif$/);
    expect(images.map((i) => i.url)).not.toContain('/images/blog/camera.jpg');
    const photo = images.filter((i) => i.url.includes('/camera-'));
    expect(photo.every((i) => i.type === 'image/avif')).toBe(true);
    const total = photo.reduce((sum, i) => sum + i.bytes, 0);
    console.log(
      `camera photo (${(await readFile(path.join(contentRoot, 'site/images/blog/camera.jpg'))).length} bytes) delivered at 1280 px: ${total} bytes`,
    );
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(300 * 1024);
  });

  it('reaches a phone with a 3× screen under 300 KB too', async () => {
    const { images } = await imageBytes({ width: 390, height: 844 }, 3);
    const total = images.filter((i) => i.url.includes('/camera-')).reduce((sum, i) => sum + i.bytes, 0);
    console.log(`camera photo delivered at 390 px ×3: ${total} bytes`);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(300 * 1024);
  });

  it('is shared as a 1200×630 JPEG cut from the photo; a page without one gets a drawn palette PNG', async () => {
    for (const [route, ext, type, format, bound] of [
      [ARTICLE, 'jpg', 'image/jpeg', 'jpeg', 200 * 1024],
      ['/solutions', 'png', 'image/png', 'png', 30 * 1024],
    ] as const) {
      const html = await (await fetch(baseUrl + route)).text();
      const image = new RegExp(
        `<meta property="og:image" content="https://www\\.example\\.com(/images/_social/[0-9a-f]+\\.${ext})"`,
      ).exec(html)?.[1];
      expect(image, route).toBeDefined();
      expect(html).toContain(`<meta property="og:image:type" content="${type}" />`);
      expect(html).toContain('<meta property="og:image:width" content="1200" />');
      expect(html).toMatch(/<meta name="twitter:image" content="https:\/\/www\.example\.com\/images\/_social\//);
      const response = await fetch(baseUrl + image);
      expect(response.headers.get('content-type')).toBe(type);
      const bytes = Buffer.from(await response.arrayBuffer());
      console.log(`social card of ${route}: ${bytes.length} bytes`);
      expect(bytes.length).toBeLessThan(bound);
      expect(await sharp(bytes).metadata()).toMatchObject({ format, width: 1200, height: 630 });
    }
  });

  it('leaves the source photo and a photo nothing uses out of dist/', async () => {
    const shipped = await readdir(path.join(distDir, 'images'), { recursive: true });
    expect(shipped.filter((file) => /camera\.jpg|unused/.test(file))).toEqual([]);
    expect((await fetch(baseUrl + '/images/blog/camera.jpg')).status).toBe(404);
    expect(firstBuild.published).toEqual([]);
  });

  it('is the enclosure of the article in both feeds, with absolute links', async () => {
    const rss = await (await fetch(baseUrl + '/feed.xml')).text();
    const atom = await (await fetch(baseUrl + '/atom.xml')).text();
    // The largest copy, not the source (which dist/ does not hold).
    const copy = /url="https:\/\/www\.example\.com(\/images\/_v\/blog\/camera-[0-9a-f]+-1600\.jpg)"/.exec(rss)?.[1];
    expect(copy).toBeDefined();
    const size = (await stat(path.join(distDir, copy!))).size;
    expect(rss).toContain(`<enclosure length="${size}" type="image/jpeg" url="https://www.example.com${copy}"/>`);
    expect(rss).toContain(`<link>https://www.example.com${ARTICLE}</link>`);
    expect(rss).toContain('A first article.');
    expect(atom).toContain(`href="https://www.example.com${ARTICLE}"`);
    const home = await (await fetch(baseUrl + '/')).text();
    expect(home).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Test Co: blog" href="/feed.xml" />',
    );
  });

  it('a rebuild encodes no image and draws no card again', async () => {
    // The photo is new on every run (random grain), so the first build encoded it.
    expect(firstBuild.imageStats.encoded).toBeGreaterThan(0);
    const again = await buildSite({ contentRoot, outDir: path.join(contentRoot, 'dist-again'), quiet: true });
    expect(again.imageStats).toEqual({
      encoded: 0,
      cached: firstBuild.imageStats.encoded + firstBuild.imageStats.cached,
    });
    expect(again.cardStats).toEqual({ drawn: 0, cached: firstBuild.cardStats.drawn + firstBuild.cardStats.cached });
    expect(again.media).toMatchObject({ writes: 0, damaged: 0 });
    console.log(
      `media: first build ${firstBuild.mediaSeconds.toFixed(2)} s, cached rebuild ${again.mediaSeconds.toFixed(2)} s`,
    );
  });
});
