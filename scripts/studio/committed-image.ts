// The committed version of an image under site/images, for the review's "before" thumbnail (an
// image replaced or deleted since the last commit). Told by its content, never by its name: a JPEG,
// PNG or WebP as it is, an SVG only sanitised and sandboxed; anything else is refused.
import { siteFiles } from '../../shared/confined-files.ts';
import { sanitiseSvg, svgProblem } from '../content/svg-file.ts';
import { changedKind } from './changes.ts';
import { checkedPath, StudioError } from './files.ts';
import { committedOrRefuse } from './git-head.ts';
import { plainName } from './entry-name.ts';

const rasterTypes: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  [
    'image/webp',
    (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
];

export async function committedImage(root: string, file: string): Promise<{ type: string; body: Buffer | string }> {
  checkedPath(siteFiles(root), file);
  if (changedKind(file) !== 'image') throw new StudioError(404, `${plainName(file)} is not an image.`);
  const bytes = await committedOrRefuse(root, file);
  if (!bytes) throw new StudioError(404, `The last saved version has no ${plainName(file)}.`);
  const raster = rasterTypes.find(([, test]) => test(bytes));
  if (raster) return { type: raster[0], body: bytes };
  const text = bytes.toString('utf8');
  if (file.endsWith('.svg') && !svgProblem(text)) return { type: 'image/svg+xml', body: sanitiseSvg(text) };
  throw new StudioError(415, `The saved ${plainName(file)} is not a picture the studio can show.`);
}
