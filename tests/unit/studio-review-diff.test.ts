// The studio review's data diff (scripts/studio/data-diff.ts): values, keys and list items added
// and removed, list items matched by who they are so a move is one move, nested lists, text; and
// every change put back alone gives the committed value at that place.
import { describe, expect, it } from 'vitest';
import { diffData, matchItems, revertChange, revertChanges } from '../../scripts/studio/data-diff.ts';
import type { Json } from '../../shared/studio-protocol.ts';

const page = (...sections: Json[]): Json => ({ title: 'Home', sections });
const hero = { type: 'hero', title: 'Fast Sites', highlight: 'Fast' };
const faq = {
  type: 'faq',
  title: 'Questions',
  items: [
    { question: 'Why?', answer: 'Because.' },
    { question: 'When?', answer: 'Now.' },
  ],
};
const testimonials = { type: 'testimonials', title: 'Clients', items: [{ quote: 'Great', from: 'Ann' }] };
const logos = { type: 'logos', title: 'Trusted by' };

describe('the data diff', () => {
  it('finds nothing between equal data, whatever the order of keys', () => {
    expect(diffData({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toEqual([]);
  });

  it('tells a changed value with its path, before and after', () => {
    const after = page({ ...hero, title: 'Faster Sites' }, faq);
    expect(diffData(page(hero, faq), after)).toEqual([
      { kind: 'set', path: ['sections', 0, 'title'], before: 'Fast Sites', after: 'Faster Sites' },
    ]);
  });

  it('tells a value of another kind as a set (text to number, value to list)', () => {
    expect(diffData({ a: '7', b: 'x' }, { a: 7, b: ['x'] })).toEqual([
      { kind: 'set', path: ['a'], before: '7', after: 7 },
      { kind: 'set', path: ['b'], before: 'x', after: ['x'] },
    ]);
  });

  it('tells added and removed keys', () => {
    expect(diffData({ title: 'A', eyebrow: 'E' }, { title: 'A', badge: 'New' })).toEqual([
      { kind: 'added', path: ['badge'], value: 'New' },
      { kind: 'removed', path: ['eyebrow'], value: 'E' },
    ]);
  });

  it('tells a moved section as one move, not a removal and an addition', () => {
    expect(diffData(page(hero, faq, testimonials), page(hero, testimonials, faq))).toEqual([
      { kind: 'moved', path: ['sections', 1], from: 2, follows: 2, value: testimonials },
    ]);
  });

  it('tells a section moved and edited as a move and the edit, at its new place', () => {
    const edited = { ...testimonials, title: 'Our Clients' };
    expect(diffData(page(hero, faq, testimonials), page(edited, hero, faq))).toEqual([
      { kind: 'moved', path: ['sections', 0], from: 2, follows: 2, value: edited },
      { kind: 'set', path: ['sections', 0, 'title'], before: 'Clients', after: 'Our Clients' },
    ]);
  });

  it('tells added and removed sections, each with its place', () => {
    expect(diffData(page(hero, logos, faq), page(hero, faq, testimonials))).toEqual([
      { kind: 'removed', path: ['sections', 1], value: logos, follows: 0 },
      { kind: 'added', path: ['sections', 2], value: testimonials },
    ]);
  });

  it('goes into nested lists: a question added, one edited, one moved inside a moved section', () => {
    const items = [
      { question: 'When?', answer: 'Now.' },
      { question: 'Why?', answer: 'Because we can.' },
      { question: 'How much?', answer: 'Little.' },
    ];
    const after = page(hero, testimonials, { ...faq, items });
    expect(diffData(page(hero, faq, testimonials), after)).toEqual([
      { kind: 'moved', path: ['sections', 1], from: 2, follows: 2, value: testimonials },
      { kind: 'moved', path: ['sections', 2, 'items', 0], from: 1, follows: 1, value: items[0] },
      { kind: 'set', path: ['sections', 2, 'items', 1, 'answer'], before: 'Because.', after: 'Because we can.' },
      { kind: 'added', path: ['sections', 2, 'items', 2], value: items[2] },
    ]);
  });

  it('matches list items by id when every other field changed', () => {
    expect(
      matchItems(
        [
          { id: 'a', x: 1 },
          { id: 'b', x: 2 },
        ],
        [
          { id: 'b', x: 3 },
          { id: 'a', x: 4 },
        ],
      ),
    ).toEqual([1, 0]);
  });

  it('matches an item edited in place, and keeps apart what only looks alike', () => {
    // A stat whose value and label both changed is still the stat in that place.
    const before = [
      { value: '1', label: 'One' },
      { value: '2', label: 'Two' },
    ];
    expect(matchItems(before, [before[0], { value: '3', label: 'Three' }])).toEqual([0, 1]);
    // Sections of different types never pair.
    expect(matchItems([hero], [logos])).toEqual([undefined]);
  });

  it('tells an edited text in a list of texts as a set, a removed one as removed', () => {
    expect(diffData({ tags: ['a', 'b', 'c', 'd'] }, { tags: ['a', 'B', 'd'] })).toEqual([
      { kind: 'removed', path: ['tags', 2], value: 'c', follows: 1 },
      { kind: 'set', path: ['tags', 1], before: 'b', after: 'B' },
    ]);
  });

  it('tells two equal items apart: one of two duplicates removed is one removal', () => {
    expect(diffData({ l: [hero, hero, faq] }, { l: [hero, faq] })).toEqual([
      { kind: 'removed', path: ['l', 1], value: hero, follows: 0 },
    ]);
  });

  it('tells a whole new or removed data as such', () => {
    expect(diffData(undefined, { a: 1 })).toEqual([{ kind: 'added', path: [], value: { a: 1 } }]);
    expect(diffData({ a: 1 }, undefined)).toEqual([{ kind: 'removed', path: [], value: { a: 1 } }]);
  });
});

describe('putting one change back', () => {
  const cases: [string, Json, Json][] = [
    ['a value', page(hero, faq), page({ ...hero, title: 'Faster' }, faq)],
    ['a key added and one removed', { a: 1, b: 2 }, { a: 1, c: 3 }],
    ['a moved section', page(hero, faq, testimonials), page(testimonials, hero, faq)],
    ['a section moved down', page(hero, faq, testimonials, logos), page(hero, testimonials, logos, faq)],
    ['an added and a removed section', page(hero, logos, faq), page(hero, faq, testimonials)],
    [
      'nested changes in a moved section',
      page(hero, faq, testimonials),
      page(hero, testimonials, { ...faq, items: [faq.items[1], { question: 'New?', answer: 'Yes.' }] }),
    ],
    ['texts in a list', { tags: ['a', 'b', 'c', 'd'] }, { tags: ['d', 'a', 'B'] }],
  ];

  it.each(cases)('%s: each change alone goes back, and all of them give the committed data', (_, before, after) => {
    const changes = diffData(before, after);
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      const reverted = revertChange(after, change);
      // That change is gone, and no other appeared: exactly one fewer difference.
      const left = diffData(before, reverted);
      expect(left).toHaveLength(changes.length - 1);
      expect(left).not.toContainEqual(change);
    }
    // Putting back one at a time, the diff made anew after each, ends at the committed data.
    let data = after;
    for (let step = 0; step < 20; step++) {
      const next = diffData(before, data);
      if (!next.length) break;
      data = revertChange(data, next[0]);
    }
    expect(diffData(before, data)).toEqual([]);
  });

  it('puts back several changes of one object at once (an image: address, size, text)', () => {
    const before = { image: { src: '/images/a.jpg', alt: 'A', width: 10, height: 20 } };
    const after = { image: { src: '/images/b.jpg', alt: 'B', width: 30, height: 20, title: 'x' } };
    expect(revertChanges(after, diffData(before, after))).toEqual(before);
  });
});
