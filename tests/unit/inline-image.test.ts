// Which covers travel inside the page: site images of at most 4 KB; larger files and other hosts
// keep their address.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { inlineSmallImages } from '../../scripts/build/inline-image.ts';

it('inlines a site image of at most 4 KB as a data: address and leaves the rest alone', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'inline-'));
  await mkdir(path.join(root, 'site', 'images'), { recursive: true });
  const small = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>';
  await writeFile(path.join(root, 'site', 'images', 'small.svg'), small);
  await writeFile(path.join(root, 'site', 'images', 'edge.png'), Buffer.alloc(4096));
  await writeFile(path.join(root, 'site', 'images', 'large.png'), Buffer.alloc(4097));
  const inline = inlineSmallImages(root);
  expect(inline('/images/small.svg')).toBe(`data:image/svg+xml;base64,${Buffer.from(small).toString('base64')}`);
  expect(inline('/images/edge.png')).toMatch(/^data:image\/png;base64,/);
  expect(inline('/images/large.png')).toBeUndefined();
  expect(inline('/images/missing.svg')).toBeUndefined();
  expect(inline('https://cdn.example.com/small.svg')).toBeUndefined();
});
