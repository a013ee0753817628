// The merge of two editors' edits made from one version (shared/three-way-merge.ts): what one side
// changed is taken, what both changed differently collides, objects key by key, lists item by item
// when only one side added, removed or moved items, the Markdown body line by line; and the person's
// choices put in place. Each rule is tested from both sides, since which one saved first is chance.
import { describe, expect, it } from 'vitest';
import { mergeDrafts, settle, type MergeDraft } from '../../shared/three-way-merge.ts';
import type { Json } from '../../shared/studio-protocol.ts';

const d = (data: Json, body?: string): MergeDraft => (body === undefined ? { data } : { data, body });
const hero = { type: 'hero', title: 'Fast Sites', subtitle: 'For everyone' };
const faq = {
  type: 'faq',
  title: 'Questions',
  items: [
    { question: 'Why?', answer: 'Because.' },
    { question: 'When?', answer: 'Now.' },
  ],
};
const logos = { type: 'logos', title: 'Trusted by' };
const page = (...sections: Json[]) => ({ title: 'Home', path: '/', sections });

/** Merges both ways round: the result is the same, with the sides named the other way. */
function both(base: MergeDraft, a: MergeDraft, b: MergeDraft) {
  const one = mergeDrafts(base, a, b);
  const other = mergeDrafts(base, b, a);
  expect(other.collisions.length).toBe(one.collisions.length);
  expect(other.taken).toEqual({ mine: one.taken.theirs, theirs: one.taken.mine });
  return one;
}

describe('objects, key by key', () => {
  it('takes each side’s edit of a different field, and says whose edit went where', () => {
    const base = d({ title: 'Home', description: 'Old', path: '/' });
    const merge = both(
      base,
      d({ title: 'Home Now', description: 'Old', path: '/' }),
      d({ title: 'Home', description: 'New', path: '/' }),
    );
    expect(merge.merged).toEqual(d({ title: 'Home Now', description: 'New', path: '/' }));
    expect(merge.collisions).toEqual([]);
    expect(merge.taken).toEqual({ mine: [['title']], theirs: [['description']] });
  });

  it('a field both changed differently collides; theirs stands until the choice, and each choice lands', () => {
    const base = d({ title: 'Home', description: 'Old' });
    const merge = mergeDrafts(
      base,
      d({ title: 'Mine', description: 'Old' }),
      d({ title: 'Theirs', description: 'New' }),
    );
    expect(merge.collisions).toEqual([{ path: ['title'], base: 'Home', mine: 'Mine', theirs: 'Theirs' }]);
    expect(merge.merged.data).toEqual({ title: 'Theirs', description: 'New' });
    expect(settle(merge, ['mine']).data).toEqual({ title: 'Mine', description: 'New' });
    expect(settle(merge, ['theirs']).data).toEqual({ title: 'Theirs', description: 'New' });
  });

  it('the same change on both sides is no collision, and is nobody’s to report', () => {
    const merge = both(d({ title: 'Home' }), d({ title: 'Same' }), d({ title: 'Same' }));
    expect(merge).toMatchObject({ merged: d({ title: 'Same' }), collisions: [], taken: { mine: [], theirs: [] } });
  });

  it('a key one side removed goes; removed by one and edited by the other collides, and "mine" removes it', () => {
    const base = d({ title: 'Home', eyebrow: 'Hello', note: 'x' });
    const removed = both(base, d({ title: 'Home', note: 'x' }), d({ title: 'Home 2', eyebrow: 'Hello', note: 'x' }));
    expect(removed.merged.data).toEqual({ title: 'Home 2', note: 'x' });
    const merge = mergeDrafts(base, d({ title: 'Home', note: 'x' }), d({ title: 'Home', eyebrow: 'Hi!', note: 'x' }));
    expect(merge.collisions).toEqual([{ path: ['eyebrow'], base: 'Hello', mine: undefined, theirs: 'Hi!' }]);
    expect(settle(merge, ['mine']).data).toEqual({ title: 'Home', note: 'x' });
    expect(settle(merge, ['theirs']).data).toEqual({ title: 'Home', eyebrow: 'Hi!', note: 'x' });
  });

  it('a key added by one side is taken; added by both with different values collides', () => {
    const base = d({ title: 'Home' });
    expect(both(base, d({ title: 'Home', eyebrow: 'Hi' }), base).merged.data).toEqual({ title: 'Home', eyebrow: 'Hi' });
    const merge = mergeDrafts(base, d({ title: 'Home', eyebrow: 'A' }), d({ title: 'Home', eyebrow: 'B' }));
    expect(merge.collisions).toEqual([{ path: ['eyebrow'], base: undefined, mine: 'A', theirs: 'B' }]);
  });

  it('keeps the order of the file on disk (theirs), with keys only mine added after', () => {
    const base = d({ a: 1, b: 2 });
    const merge = mergeDrafts(base, d({ a: 1, b: 2, mine: 3 }), d({ b: 2, a: 5, theirs: 4 }));
    expect(Object.keys(merge.merged.data as object)).toEqual(['b', 'a', 'theirs', 'mine']);
  });

  it('values of different kinds (text and list, object and text) collide whole', () => {
    const merge = mergeDrafts(d({ a: 'x' }), d({ a: ['x'] }), d({ a: { b: 1 } }));
    expect(merge.collisions).toEqual([{ path: ['a'], base: 'x', mine: ['x'], theirs: { b: 1 } }]);
    expect(settle(merge, ['mine']).data).toEqual({ a: ['x'] });
  });

  it('nested fields of one section merge deep; the collision is the one field', () => {
    const base = d(page(hero, faq));
    const mine = d(page({ ...hero, title: 'Mine', subtitle: 'Sub mine' }, faq));
    const theirs = d(page({ ...hero, title: 'Theirs' }, faq));
    const merge = mergeDrafts(base, mine, theirs);
    expect(merge.collisions.map((c) => c.path)).toEqual([['sections', 0, 'title']]);
    expect(merge.taken.mine).toEqual([['sections', 0, 'subtitle']]);
    expect(settle(merge, ['mine']).data).toEqual(page({ ...hero, title: 'Mine', subtitle: 'Sub mine' }, faq));
  });
});

describe('lists, item by item', () => {
  it('edits of different items of a list in place both land', () => {
    const base = d(page(hero, faq));
    const mine = d(page({ ...hero, title: 'New hero' }, faq));
    const theirs = d(page(hero, { ...faq, items: [faq.items[0], { question: 'When?', answer: 'Today.' }] }));
    const merge = both(base, mine, theirs);
    expect(merge.collisions).toEqual([]);
    expect(merge.merged.data).toEqual(
      page({ ...hero, title: 'New hero' }, { ...faq, items: [faq.items[0], { question: 'When?', answer: 'Today.' }] }),
    );
    expect(merge.taken).toEqual({
      mine: [['sections', 0, 'title']],
      theirs: [['sections', 1, 'items', 1, 'answer']],
    });
  });

  it('a section added by one and a field of another edited by the other: both, the edit at its new place', () => {
    const base = d(page(hero, faq));
    const theirs = d(page(logos, hero, faq));
    const mine = d(page(hero, { ...faq, title: 'FAQ' }));
    const merge = both(base, mine, theirs);
    expect(merge.merged.data).toEqual(page(logos, hero, { ...faq, title: 'FAQ' }));
    expect(merge.taken).toEqual({ mine: [['sections', 2, 'title']], theirs: [['sections']] });
  });

  it('sections moved by one side keep the other side’s edit inside the moved section', () => {
    const base = d(page(hero, faq, logos));
    const merge = both(base, d(page(faq, hero, logos)), d(page(hero, faq, { ...logos, title: 'Clients' })));
    expect(merge.merged.data).toEqual(page(faq, hero, { ...logos, title: 'Clients' }));
  });

  it('an item one side removed goes, unless the other edited it: then the whole list collides', () => {
    const base = d(page(hero, faq, logos));
    expect(both(base, d(page(hero, faq)), d(page({ ...hero, title: 'T' }, faq, logos))).merged.data).toEqual(
      page({ ...hero, title: 'T' }, faq),
    );
    const merge = mergeDrafts(base, d(page(hero, faq)), d(page(hero, faq, { ...logos, title: 'Clients' })));
    expect(merge.collisions).toEqual([
      {
        path: ['sections'],
        base: [hero, faq, logos],
        mine: [hero, faq],
        theirs: [hero, faq, { ...logos, title: 'Clients' }],
      },
    ]);
    expect(settle(merge, ['mine']).data).toEqual(page(hero, faq));
  });

  it('items added, removed or moved by both sides (differently) collide as one list', () => {
    const base = d(page(hero));
    const merge = mergeDrafts(base, d(page(hero, faq)), d(page(hero, logos)));
    expect(merge.collisions.map((c) => c.path)).toEqual([['sections']]);
    expect(settle(merge, ['theirs']).data).toEqual(page(hero, logos));
    // The same item added by both is no collision.
    expect(mergeDrafts(base, d(page(hero, faq)), d(page(hero, faq))).collisions).toEqual([]);
  });

  it('lists of plain values merge by place: different items edited', () => {
    const merge = both(d({ tags: ['a', 'b', 'c'] }), d({ tags: ['A', 'b', 'c'] }), d({ tags: ['a', 'b', 'C'] }));
    expect(merge.merged.data).toEqual({ tags: ['A', 'b', 'C'] });
  });
});

describe('the Markdown body, line by line', () => {
  const text = ['# Title', '', 'First paragraph.', '', 'Second paragraph.', '', 'Third paragraph.', ''].join('\n');
  const edit = (from: string, to: string) => text.replace(from, to);

  it('different lines edited by each side: both land, and the body is reported as both sides’', () => {
    const merge = both(d({}, text), d({}, edit('First', 'My first')), d({}, edit('Third', 'Their third')));
    expect(merge.merged.body).toBe(edit('First', 'My first').replace('Third', 'Their third'));
    expect(merge.taken).toEqual({ mine: ['body'], theirs: ['body'] });
    expect(merge.collisions).toEqual([]);
  });

  it('lines added at different places and a line removed all land; the final newline stays', () => {
    const mine = text.replace('First paragraph.\n', 'First paragraph.\n\nA new paragraph.\n');
    const theirs = text.replace('# Title\n\n', '# Title\n\nIntro.\n\n').replace('Third paragraph.\n', '');
    const merge = both(d({}, text), d({}, mine), d({}, theirs));
    expect(merge.collisions).toEqual([]);
    expect(merge.merged.body).toBe(
      ['# Title', '', 'Intro.', '', 'First paragraph.', '', 'A new paragraph.', '', 'Second paragraph.', '', ''].join(
        '\n',
      ),
    );
  });

  it('one line both changed collides with its lines; each choice puts its lines back, the rest merged', () => {
    const mine = edit('Second paragraph.', 'My second.').replace('# Title', '# My title');
    const theirs = edit('Second paragraph.', 'Their second,\nin two lines.');
    const merge = mergeDrafts(d({}, text), d({}, mine), d({}, theirs));
    expect(merge.collisions).toEqual([
      { path: 'body', base: 'Second paragraph.', mine: 'My second.', theirs: 'Their second,\nin two lines.' },
    ]);
    expect(merge.merged.body).toBe(theirs.replace('# Title', '# My title'));
    expect(settle(merge, ['mine']).body).toBe(mine);
    expect(settle(merge, ['theirs']).body).toBe(theirs.replace('# Title', '# My title'));
  });

  it('a removal colliding with an edit: choosing the removal leaves no empty line behind', () => {
    const mine = text.replace('Second paragraph.\n\n', '');
    const theirs = edit('Second paragraph.', 'Their second.');
    const merge = mergeDrafts(d({}, text), d({}, mine), d({}, theirs));
    expect(merge.collisions).toHaveLength(1);
    expect(settle(merge, ['mine']).body).toBe(mine);
    expect(settle(merge, ['theirs']).body).toBe(theirs);
  });

  it('several collisions are chosen each on its own, data and body together, in order', () => {
    const base = d({ title: 'T' }, text);
    const mine = d({ title: 'Mine' }, edit('First', 'My first').replace('Third', 'My third'));
    const theirs = d({ title: 'Theirs' }, edit('First', 'Their first').replace('Third', 'Their third'));
    const merge = mergeDrafts(base, mine, theirs);
    expect(merge.collisions.map((c) => c.path)).toEqual([['title'], 'body', 'body']);
    const settled = settle(merge, ['theirs', 'mine', 'theirs']);
    expect(settled).toEqual(d({ title: 'Theirs' }, edit('First', 'My first').replace('Third', 'Their third')));
    expect(() => settle(merge, ['mine'])).toThrow('3 choices are needed, 1 were given.');
  });

  it('an entry without a body merges to one without a body', () => {
    expect('body' in mergeDrafts(d({ a: 1 }), d({ a: 2 }), d({ a: 1 })).merged).toBe(false);
  });

  it('one side unchanged: the merge is exactly the other side, for every pair of these texts', () => {
    const texts = [
      text,
      edit('First', 'X'),
      text.replace('Third paragraph.\n', ''),
      `Before.\n${text}`,
      '',
      'one line',
    ];
    for (const base of texts)
      for (const other of texts) {
        expect(mergeDrafts(d({}, base), d({}, base), d({}, other)).merged.body).toBe(other);
        expect(mergeDrafts(d({}, base), d({}, other), d({}, base)).merged.body).toBe(other);
      }
  });
});
