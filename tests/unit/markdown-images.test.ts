// An image in a Markdown body (the studio's toolbar inserts one as ![alt](/images/…)) counts as
// used, as one in the data does, and a missing file is an error at its line and column.
import { expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

const article = files['site/blog/hello-world.md'];
const picture = '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"/>';

it('an image shown only in an article body is used: no "not used" warning, and it is published in the HTML', async () => {
  const result = await loadSite({
    root: await writeFixture({
      'site/blog/hello-world.md': `${article}\n![Our team at work](/images/team.svg)\n`,
      'site/images/team.svg': picture,
    }),
  });
  expect(result.errors.map(formatError)).toEqual([]);
  expect(result.warnings.map(formatError)).toEqual([]);
  expect(result.model!.articles[0].html).toContain('<img src="/images/team.svg" alt="Our team at work">');
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
