// The banner's highlighted words follow edits of its headline.
import { describe, expect, it } from 'vitest';
import { followEdit } from '../../shared/words-from.ts';
import { setIn } from '../../src/studio/data-path.ts';
import { withWordsFollowing } from '../../src/studio/store/follow-words.ts';

describe('highlighted words follow the headline', () => {
  const title = 'Every Field. One Page.';
  it('stay the same words while the edit is elsewhere', () => {
    expect(followEdit(title, 'Truly Every Field. One Page.', 'One Page')).toBe('One Page');
    expect(followEdit(title, 'Every Field. One Page. Live', 'One Page')).toBe('One Page');
    // Typed right after them: still there whole, so not taken in.
    expect(followEdit(title, 'Every Field. One Pager.', 'One Page')).toBe('One Page');
  });

  it('take in what is typed inside them, and what replaces a part of them', () => {
    expect(followEdit(title, 'Every Field. One Single Page.', 'One Page')).toBe('One Single Page');
    expect(followEdit(title, 'Every Field. Oner Page.', 'One Page')).toBe('Oner Page');
    expect(followEdit(title, 'Every Field. Two Pages.', 'One Page')).toBe('Two Pages');
    expect(followEdit(title, 'Every Field. Page.', 'One Page')).toBe('Page');
  });

  it('are gone when the edit removed them, and words not in the headline are left alone', () => {
    expect(followEdit(title, 'Every Field.', 'One Page')).toBeUndefined();
    expect(followEdit(title, 'A Headline Without Its Highlight', 'One Page')).toBeUndefined();
    expect(followEdit('One Page, Every Field', 'A New Headline', 'One Page')).toBeUndefined();
    expect(followEdit(title, 'Every Field!', 'Missing')).toBe('Missing');
  });
});

describe('an edit of a banner headline in the studio', () => {
  it('moves its highlighted words along in the same step, and touches nothing else', () => {
    const before = { sections: [{ type: 'hero', title: 'Every Field. One Page.', highlight: 'One Page' }] };
    const edited = setIn(before, ['sections', 0, 'title'], 'Every Field. One Single Page.');
    expect(withWordsFollowing(before, edited, ['sections', 0, 'title'])).toEqual({
      sections: [{ type: 'hero', title: 'Every Field. One Single Page.', highlight: 'One Single Page' }],
    });
    const removed = setIn(before, ['sections', 0, 'title'], 'Every Field.');
    expect(withWordsFollowing(before, removed, ['sections', 0, 'title'])).toEqual({
      sections: [{ type: 'hero', title: 'Every Field.' }],
    });
    const elsewhere = setIn(before, ['sections', 0, 'highlight'], 'Field');
    expect(withWordsFollowing(before, elsewhere, ['sections', 0, 'highlight'])).toBe(elsewhere);
  });
});
