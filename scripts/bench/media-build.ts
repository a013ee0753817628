// What photos and social cards cost a build: the shipped site with `--photos=N` more articles
// (default 10), each with its own 3000×2000 camera-like photo, built cold (an empty media cache),
// then again with the cache kept, then once more after one photo changed. Prints the times, the
// encodes, peak memory and what dist/ holds. `--project=DIR` builds with another checkout's
// scripts/build.ts (to measure an older version the same way).
//   node scripts/bench/media-build.ts [--photos=10] [--project=DIR]
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cameraPhoto } from '../../tests/fixtures/camera-photo.ts';
import { photoSite } from './photo-site.ts';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const photos = Number(option('photos') ?? 10);
const project = path.resolve(option('project') ?? path.join(import.meta.dirname, '..', '..'));
process.env.MEDIA_CACHE_DIR = await mkdtemp(path.join(tmpdir(), 'media-cache-bench-'));

type Build = (options: { root: string; contentRoot: string; outDir: string; quiet: boolean }) => Promise<{
  seconds: number;
  mediaSeconds: number;
  imageStats: { encoded: number };
  cardStats: { drawn: number };
}>;
const { buildSite } = (await import(pathToFileURL(path.join(project, 'scripts', 'build.ts')).href)) as {
  buildSite: Build;
};

async function files(dir: string): Promise<{ count: number; bytes: number; byFolder: Map<string, number> }> {
  let count = 0;
  let bytes = 0;
  const byFolder = new Map<string, number>();
  for (const name of await readdir(dir, { recursive: true })) {
    const facts = await stat(path.join(dir, name));
    if (!facts.isFile()) continue;
    count++;
    bytes += facts.size;
    const folder = path.dirname(name);
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + facts.size);
  }
  return { count, bytes, byFolder };
}

const contentRoot = await photoSite(photos);
const outDir = path.join(contentRoot, 'dist');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
const run = async (label: string) => {
  peak = 0;
  const built = await buildSite({ root: project, contentRoot, outDir, quiet: true });
  const dist = await files(outDir);
  const cards = await files(path.join(outDir, 'images', '_social'));
  console.log(
    `| ${label} | ${built.seconds.toFixed(1)} s | ${built.mediaSeconds.toFixed(1)} s | ${built.imageStats.encoded} | ${built.cardStats.drawn} | ${mb(peak)} | ${dist.count} files, ${mb(dist.bytes)} | ${(cards.bytes / cards.count / 1024).toFixed(1)} KB |`,
  );
};
console.log(`${photos} photo articles on the shipped site, built with ${project}`);
console.log('| build | total | media | copies encoded | cards made | peak memory | dist/ | card, average |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
await run('cold');
await run('cache kept');
await writeFile(path.join(contentRoot, 'site', 'images', 'photos', 'photo-1.jpg'), await cameraPhoto(3000, 2000));
await run('one photo changed');
clearInterval(sampler);
await rm(contentRoot, { recursive: true, force: true });
await rm(process.env.MEDIA_CACHE_DIR, { recursive: true, force: true });
