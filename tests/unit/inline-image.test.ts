// Which covers travel inside the page: site images of at most 4 KB, an SVG as the build publishes
// it (sanitised); larger files and other hosts keep their address.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { inlineSmallImages } from '../../scripts/site-build/inline-image.ts';
import { sanitiseSvg } from '../../scripts/content/svg-file.ts';

it('inlines a site image of at most 4 KB as a data: address and leaves the rest alone', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'inline-'));
  await mkdir(path.join(root, 'site', 'images'), { recursive: true });
  const small = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>';
  await writeFile(path.join(root, 'site', 'images', 'small.svg'), small);
  await writeFile(path.join(root, 'site', 'images', 'edge.png'), Buffer.alloc(4096));
  await writeFile(path.join(root, 'site', 'images', 'large.png'), Buffer.alloc(4097));
  const inline = inlineSmallImages(root);
  expect(inline('/images/small.svg')).toBe(
    `data:image/svg+xml;base64,${Buffer.from(sanitiseSvg(small)).toString('base64')}`,
  );
  expect(inline('/images/edge.png')).toMatch(/^data:image\/png;base64,/);
  expect(inline('/images/large.png')).toBeUndefined();
  expect(inline('/images/missing.svg')).toBeUndefined();
  expect(inline('https://cdn.example.com/small.svg')).toBeUndefined();
});

it('inlines an SVG without its script or handlers', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'inline-'));
  await mkdir(path.join(root, 'site', 'images'), { recursive: true });
  await writeFile(
    path.join(root, 'site', 'images', 'x.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="4" height="4"/></svg>',
  );
  const inlined = Buffer.from(inlineSmallImages(root)('/images/x.svg')!.split(',')[1], 'base64').toString('utf8');
  expect(inlined).toContain('<rect width="4" height="4"/>');
  expect(inlined).not.toMatch(/script|onload|alert/);
});
