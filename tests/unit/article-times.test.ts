// An article's own times (front matter `goLive` and `expires`): the build for a moment leaves an
// article out before it goes live and once it has expired, from its page, the blog listing, the
// feeds and the sitemap, and says when the site next changes by itself; the times are validated
// and the site's time zone must be one the clocks know, each refused in words at its field.
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { writeFeeds } from '../../scripts/site-build/feed.ts';
import { routeData } from '../../scripts/site-build/model-to-routes.ts';
import { sitemap } from '../../scripts/site-build/site-files.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

const offer = (times: string) =>
  files['site/blog/hello-world.md']
    .replace('id: 1', 'id: 2')
    .replace('title: Hello World', 'title: Winter Offer')
    .replace('readTime: 6', `readTime: 6\n${times}`);

const expiry = '2026-12-31T23:59:00+05:30';
const goLive = '2026-12-08T09:00:00+05:30';

// Another article recommends it: while it is out, that one builds and simply does not link it.
const recommending = files['site/blog/hello-world.md'].replace(
  'readTime: 6',
  'readTime: 6\nrecommended:\n  - slug: winter-offer\n    icon: book',
);

async function siteAt(asOf: number, times = `goLive: ${goLive}\nexpires: ${expiry}`) {
  const root = await writeFixture({
    'site/blog/winter-offer.md': offer(times),
    'site/blog/hello-world.md': recommending,
  });
  const result = await loadSite({ root, asOf });
  expect(result.errors.map(formatError)).toEqual([]);
  const model = result.model!;
  const feeds = await writeFeeds(model, root);
  const listing = JSON.stringify([...routeData(model, () => undefined).values()]);
  return { result, model, feeds, listing, sitemap: sitemap(model) };
}

const everywhere = async (asOf: number) => {
  const { model, feeds, listing, sitemap: map } = await siteAt(asOf);
  return {
    page: model.articles.some((article) => article.slug === 'winter-offer'),
    listing: listing.includes('Winter Offer'),
    rss: feeds.rss.includes('Winter Offer'),
    atom: feeds.atom.includes('Winter Offer'),
    sitemap: map.includes('/resources/blogs/winter-offer'),
  };
};

describe("an article's go-live and expiry", () => {
  it('is left out everywhere before it goes live and from its expiry on, and in between is there', async () => {
    const none = { page: false, listing: false, rss: false, atom: false, sitemap: false };
    const all = { page: true, listing: true, rss: true, atom: true, sitemap: true };
    expect(await everywhere(Date.parse(goLive) - 1)).toEqual(none);
    expect(await everywhere(Date.parse(goLive))).toEqual(all);
    expect(await everywhere(Date.parse(expiry) - 1)).toEqual(all);
    expect(await everywhere(Date.parse(expiry))).toEqual(none);
  });

  it('says when the site next changes by itself', async () => {
    const { result } = await siteAt(Date.parse(goLive) - 1);
    expect(result.articleTimes.map(({ at, title, change }) => ({ at, title, change }))).toEqual([
      { at: goLive, title: 'Winter Offer', change: 'goes-live' },
      { at: expiry, title: 'Winter Offer', change: 'expires' },
    ]);
    expect((await siteAt(Date.parse(expiry))).result.articleTimes).toEqual([]);
  });

  it('refuses a time without its offset, and an expiry before the go-live, in words at the field', async () => {
    const root = await writeFixture({ 'site/blog/winter-offer.md': offer('goLive: 2026-12-08T09:00') });
    const [error] = (await loadSite({ root })).errors;
    expect(error).toMatchObject({ file: 'site/blog/winter-offer.md', path: 'goLive' });
    expect(error.message).toContain('with its offset from UTC, like 2026-12-08T09:00:00+05:30');

    const backwards = await writeFixture({
      'site/blog/winter-offer.md': offer(`goLive: ${expiry}\nexpires: ${goLive}`),
    });
    const [late] = (await loadSite({ root: backwards, asOf: 0 })).errors;
    expect(late).toMatchObject({ file: 'site/blog/winter-offer.md', path: 'expires' });
    expect(late.message).toBe(`the article is taken down (${goLive}) before it goes live (${expiry}).`);
  });
});

describe("the site's time zone", () => {
  it('refuses a name the clocks do not know, with the nearest one', async () => {
    const root = await writeFixture({
      'site/site.yaml': files['site/site.yaml'].replace(/^name:/m, 'timeZone: Asia/Kolkatta\nname:'),
    });
    const [error] = (await loadSite({ root })).errors;
    expect(error).toMatchObject({ file: 'site/site.yaml', path: 'timeZone' });
    expect(error.message).toContain('"Asia/Kolkatta" is not a time zone.');
    expect(error.message).toContain('Asia/Kolkata');
  });
});
