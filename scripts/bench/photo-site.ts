// A copy of site/ with `count` more articles, each with its own 3000×2000 camera-like photo as its
// cover (tests/fixtures/camera-photo.ts), for measuring what photos cost a build. Used by
// `node scripts/bench/media-build.ts`.
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cameraPhoto } from '../../tests/fixtures/camera-photo.ts';

const root = path.join(import.meta.dirname, '..', '..');

/** Returns a content root (a folder holding site/). */
export async function photoSite(count: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'photo-site-'));
  await cp(path.join(root, 'site'), path.join(dir, 'site'), { recursive: true });
  const template = await readFile(path.join(dir, 'site', 'blog', 'one-team-culture.md'), 'utf8');
  await mkdir(path.join(dir, 'site', 'images', 'photos'), { recursive: true });
  for (let i = 1; i <= count; i++) {
    await writeFile(path.join(dir, 'site', 'images', 'photos', `photo-${i}.jpg`), await cameraPhoto(3000, 2000));
    await writeFile(
      path.join(dir, 'site', 'blog', `photo-article-${i}.md`),
      template
        .replace(/^id: \d+$/m, `id: ${100 + i}`)
        .replace(/^title: .*$/m, `title: "Photo article ${i}"`)
        .replace(/^date: .*$/m, `date: 2023-10-${String(i).padStart(2, '0')}`)
        .replace('/images/blog/one-team-culture.svg', `/images/photos/photo-${i}.jpg`)
        .replace('width: 1200\n  height: 630', 'width: 3000\n  height: 2000'),
    );
  }
  return dir;
}
