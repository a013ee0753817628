// site/images into dist/images: only the files validation accepted as images (the model's list,
// which `npm run validate` checked by content: image-content.ts), each read as a real file inside
// site/ (shared/confined-files.ts). An SVG is published as its sanitised copy (svg-file.ts): no
// script, event handler or reference outside itself reaches visitors. Pictures go as they are;
// their resized copies come from images.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readConfined, type Confinement } from '../../shared/confined-files.ts';
import { sanitiseSvg } from '../content/svg-file.ts';

export const isSvg = (src: string) => path.extname(src).toLowerCase() === '.svg';

/** Writes each image (/images/…) under outDir; returns how many SVGs were sanitised. */
export async function publishImages(site: Confinement, images: string[], outDir: string): Promise<number> {
  let sanitised = 0;
  for (const src of images) {
    const relative = src.replace(/^\//, '');
    const bytes = await readConfined(site, relative);
    const target = path.join(outDir, ...relative.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    if (isSvg(src)) sanitised++;
    await writeFile(target, isSvg(src) ? sanitiseSvg(bytes.toString('utf8')) : bytes);
  }
  return sanitised;
}
