// An image in a Markdown body (the studio's toolbar inserts one as ![alt](/images/…)) counts as
// used, as one in the data does, and a missing file is an error at its line and column.
import { expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

const article = files['site/blog/hello-world.md'];
const picture = '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"/>';

it('an image shown only in an article body is used: no "not used" warning, and it is published in the HTML at its own size', async () => {
  const result = await loadSite({
    root: await writeFixture({
      'site/blog/hello-world.md': `${article}\n![Our team at work](/images/team.svg)\n`,
      'site/images/team.svg': picture,
    }),
  });
  expect(result.errors.map(formatError)).toEqual([]);
  expect(result.warnings.map(formatError)).toEqual([]);
  // Its width and height (the text does not jump as it loads; the CSS keeps it inside the column).
  expect(result.model!.articles[0].html).toContain(
    '<img src="/images/team.svg" alt="Our team at work" width="1600" height="900">',
  );
});

it('an image file that is not there is an error at its address in the body', async () => {
  const result = await loadSite({
    root: await writeFixture({
      'site/blog/hello-world.md': `${article}\n![Our team at work](/images/teem.svg)\n`,
      'site/images/team.svg': picture,
    }),
  });
  expect(result.model).toBeUndefined();
  expect(result.errors.map(formatError)).toEqual([
    'site/blog/hello-world.md:19:21  no file site/images/teem.svg. Did you mean "/images/team.svg"?',
  ]);
});

it('without the body using it, the same file is reported as unused', async () => {
  const result = await loadSite({ root: await writeFixture({ 'site/images/team.svg': picture }) });
  expect(result.warnings.map(formatError)).toEqual([
    'site/images/team.svg:1:1  image is not used by any page or article.',
  ]);
});

it('a photo in a document gets its upright width and height, and a picture changed on disk its new size', async () => {
  const sharp = (await import('sharp')).default;
  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
  const body = (name: string) => `# Notes\n\n![A wide chart](/images/${name})\n`;
  const site = async (bytes: Buffer) =>
    loadSite({
      root: await writeFixture({ 'site/documents/terms.md': body('chart.png'), 'site/images/chart.png': bytes }),
    });
  const first = await site(await photo(40, 20));
  expect(first.model?.documents['terms.md']).toContain('width="40" height="20"');
  const second = await site(await photo(30, 60));
  expect(second.model?.documents['terms.md']).toContain('width="30" height="60"');
});
