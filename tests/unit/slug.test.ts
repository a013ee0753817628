// The address a new page or article gets from its title (shared/slug.ts): it must be what the
// schema's slug and path patterns accept, for any title people type.
import { describe, expect, it } from 'vitest';
import { composedSchemas } from '../../scripts/content/schemas.ts';
import { slugOf } from '../../shared/slug.ts';

const pagePath = new RegExp(
  (composedSchemas().get('page.schema.json') as { properties: { path: { pattern: string } } }).properties.path.pattern,
);

describe('slugOf', () => {
  it.each([
    ['A Note From the Studio', 'a-note-from-the-studio'],
    ['Why Centres Tell Stories: 2025 & Beyond', 'why-centres-tell-stories-2025-and-beyond'],
    ['  Café Résumé — Naïve  ', 'cafe-resume-naive'],
    ['GCCs / India\'s "next" wave!', 'gccs-india-s-next-wave'],
    ['!!!', ''],
  ])('%s → %s', (title, slug) => {
    expect(slugOf(title)).toBe(slug);
  });

  it('cuts a long title at a word, and every slug is a valid page address', () => {
    const long = slugOf('Strategic storytelling for global capability centres that want the board to listen at last');
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('-')).toBe(false);
    expect('strategic-storytelling-for-global-capability-centres-that-want-the-board'.startsWith(long)).toBe(true);
    for (const title of ['A Note', 'Über uns', '2025 & Beyond', long]) expect(`/${slugOf(title)}`).toMatch(pagePath);
  });
});
