// Positions as people say them: counted from one, items named by their type, label or title.
import { describe, expect, it } from 'vitest';
import { describePosition, itemName } from '../../scripts/content/positions.ts';

describe('describePosition', () => {
  const page = {
    sections: [
      { type: 'hero', title: 'Hi', buttons: [{ label: 'Go', to: '/x' }] },
      { type: 'cards', cards: [{ title: 'A' }, { icon: 'rocket' }] },
    ],
  };
  const form = {
    fields: [
      { name: 'a', label: 'Name' },
      { name: 'size', label: 'Company Size', options: ['small'] },
    ],
  };

  it('counts list items from one and names them', () => {
    expect(describePosition(['sections', 0, 'highlight'], page)).toBe('section 1 (hero) › highlight');
    expect(describePosition(['sections', 0, 'buttons', 0, 'to'], page)).toBe('section 1 (hero) › button 1 (Go) › to');
    expect(describePosition(['sections', 1, 'cards', 1], page)).toBe('section 2 (cards) › card 2');
    expect(describePosition(['fields', 1, 'options'], form)).toBe('field 2 (Company Size) › options');
    expect(describePosition(['fields', 1, 'options', 0], form)).toBe('field 2 (Company Size) › option 1');
    expect(describePosition(['image', 'src'], {})).toBe('image › src');
    expect(describePosition([], {})).toBe('');
  });

  it('shortens long names', () => {
    expect(describePosition(['items', 0], { items: [{ question: 'q'.repeat(60) }] })).toBe(
      `item 1 (${'q'.repeat(39)}…)`,
    );
  });

  it('names the items of every kind of list', () => {
    expect(
      ['sections', 'stories', 'options', 'columns', 'sidebar', 'meta', 'keyFocus', 'status'].map(itemName),
    ).toEqual(['section', 'story', 'option', 'column', 'sidebar article', 'fact', 'focus point', 'status item']);
  });
});
