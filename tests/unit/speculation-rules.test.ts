// The speculation rules in every prerendered page: which links the browser may prerender. The
// `where` clause is evaluated here as Chromium does, with URLPattern on each address and the
// selectors on a link's attributes: the site's pages yes; the studio, the route data, the feeds,
// images, a nofollow link or a download never.
import { describe, expect, it } from 'vitest';
import { speculationRules } from '../../scripts/site-build/speculation-rules.ts';
import { reservedAddresses } from '../../shared/reserved-addresses.ts';

type Condition = { and: Condition[] } | { not: Condition } | { href_matches: string } | { selector_matches: string };

const base = 'https://www.example.com';

function matches(condition: Condition, link: { href: string; rel?: string; download?: boolean }): boolean {
  if ('and' in condition) return condition.and.every((c) => matches(c, link));
  if ('not' in condition) return !matches(condition.not, link);
  if ('href_matches' in condition)
    return new URLPattern(condition.href_matches, base).test(new URL(link.href, base).href);
  if (condition.selector_matches === '[rel~="nofollow"]') return (link.rel ?? '').split(' ').includes('nofollow');
  if (condition.selector_matches === '[download]') return link.download === true;
  throw new Error(`unknown selector ${condition.selector_matches}`);
}

describe('speculation rules', () => {
  const [rule] = speculationRules.prerender;
  const where = rule.where as Condition;

  it('prerender the site’s own pages, on a moderate signal (pointer resting, press, focus)', () => {
    expect(speculationRules.prerender).toHaveLength(1);
    expect(rule).toMatchObject({ source: 'document', eagerness: 'moderate' });
    for (const href of ['/', '/offer', '/resources/blogs/first-note', '/resources/blogs/page/2', '/contact?x=1'])
      expect(matches(where, { href }), href).toBe(true);
  });

  it('never the studio, the route data, the manifest, the feeds, images, other sites, nofollow or downloads', () => {
    for (const href of [
      '/_studio/',
      '/_studio',
      '/_data/index.json',
      '/_site.json',
      '/feed.xml',
      '/atom.xml',
      '/images/team.jpg',
      '/assets/index-AbC123.js',
      '/healthz',
      '/email/api/sendEmail',
      '/robots.txt',
      '/sitemap.xml',
      'https://elsewhere.example/',
    ])
      expect(matches(where, { href }), href).toBe(false);
    expect(matches(where, { href: '/offer', rel: 'noopener nofollow' })).toBe(false);
    expect(matches(where, { href: '/offer', download: true })).toBe(false);
  });

  it('skip every address the server or the build owns (the list the prefetch skips), and only those', () => {
    for (const { path, reach } of reservedAddresses)
      for (const href of reach === 'exact' ? [path] : reach === 'folder' ? [path, `${path}/x`] : [`${path}x`])
        expect(matches(where, { href }), href).toBe(false);
    for (const href of ['/imagesque', '/healthz-tips', '/email-us', '/robots'])
      expect(matches(where, { href }), href).toBe(true);
  });
});
