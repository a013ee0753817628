// What a search result shows of a page's title and description, as the studio previews it.
import { describe, expect, it } from 'vitest';
import { descriptionRoom, lengthNote, shownInResults, titleRoom } from '../../src/studio/search-snippet.ts';

describe('a search result preview', () => {
  it('shows a text that fits whole, and one that does not cut after its last whole word that fits', () => {
    expect(shownInResults('Pricing | Fixture Works', titleRoom)).toBe('Pricing | Fixture Works');
    const long = 'Analytics at scale for teams who need answers today, not next quarter | Fixture Works';
    const shown = shownInResults(long, titleRoom);
    expect(shown).toBe('Analytics at scale for teams who need answers today, not …');
    expect(shown.length).toBeLessThanOrEqual(titleRoom + 2);
    expect(long.startsWith(shown.slice(0, -2))).toBe(true);
  });

  it('counts a 246-character title and a long description against what results show, in words', () => {
    expect(lengthNote('A'.repeat(246), titleRoom)).toEqual({
      words: '246 characters: search results show about 60, so the end is cut',
      over: true,
    });
    expect(lengthNote('x'.repeat(155), descriptionRoom)).toEqual({
      words: '155 of about 160 characters search results show',
      over: false,
    });
    expect(lengthNote('  two   spaces  ', titleRoom).words).toBe('10 of about 60 characters search results show');
  });
});
