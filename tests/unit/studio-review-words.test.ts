// The review in words (src/studio/review/): each change of a file said with the entry's name, the
// section's type and the field's label as the studio names them (labelOf, from the schema), items
// added, removed and moved by their names, an image's changes as one line; and a long text as the
// words that changed.
import { describe, expect, it } from 'vitest';
import { composedSchemas, sectionTypes } from '../../scripts/content/schemas.ts';
import { diffData } from '../../scripts/studio/data-diff.ts';
import type { ChangedFile } from '../../shared/review.ts';
import type { Json } from '../../shared/studio-protocol.ts';
import { describeFile, fileHeading } from '../../src/studio/review/describe.ts';
import { shortened, wordDiff } from '../../src/studio/review/word-diff.ts';
import { Contract, labelOf } from '../../src/studio/schema.ts';

const contract = new Contract(Object.fromEntries(composedSchemas()), sectionTypes());
const typeName = (type: string) => labelOf(type, contract.section(type)!.schema);

const hero = {
  type: 'hero',
  title: 'Fast Sites',
  highlight: 'Fast',
  image: { src: '/images/a.jpg', alt: 'A desk', width: 10, height: 10 },
};
const faq = {
  type: 'faq',
  title: 'Questions',
  items: [{ question: 'Why?', answer: 'Because.' }],
};
const stats = { type: 'stats', title: 'Figures', items: [{ value: '1', label: 'One' }] };

function page(before: Json, after: Json): ChangedFile {
  return {
    file: 'pages/home.yaml',
    status: 'modified',
    kind: 'page',
    title: 'Home',
    before,
    after,
    changes: diffData(before, after),
  };
}
const said = (file: ChangedFile) =>
  describeFile(contract, file).map(({ said }) => (said.kind === 'sentence' ? said.text : said));

describe('the review in words', () => {
  it('says where a value changed: entry › section type › field label', () => {
    const before = { title: 'Home', sections: [hero] };
    const after = { title: 'Home', sections: [{ ...hero, title: 'Faster Sites' }] };
    const field = contract.resolve(contract.section('hero')!.schema.properties!.title, 'sections.composed.json');
    expect(said(page(before, after))).toEqual([
      {
        kind: 'value',
        where: `Home › ${typeName('hero')} › ${labelOf('title', field.schema)}`,
        before: 'Fast Sites',
        after: 'Faster Sites',
      },
    ]);
  });

  it('says a moved section as a move, and sections added and removed as such', () => {
    const moved = page({ sections: [hero, faq, stats] }, { sections: [hero, stats, faq] });
    expect(said(moved)).toEqual([`Home: ${typeName('stats')} moved above ${typeName('faq')}`]);
    const last = page({ sections: [stats, hero, faq] }, { sections: [hero, faq, stats] });
    expect(said(last)).toEqual([`Home: ${typeName('stats')} moved to the end, below ${typeName('faq')}`]);
    const swapped = page({ sections: [hero, faq] }, { sections: [hero, stats] });
    expect(said(swapped)).toEqual([
      `Home › Removed section: ${typeName('faq')} 'Questions'`,
      `Home › New section: ${typeName('stats')} 'Figures'`,
    ]);
  });

  it('says a question added to an FAQ by its words', () => {
    const items = [...faq.items, { question: 'How long does it take to start?', answer: 'A week.' }];
    expect(said(page({ sections: [faq] }, { sections: [{ ...faq, items }] }))).toEqual([
      `Home › ${typeName('faq')}: question added 'How long does it take to start?'`,
    ]);
  });

  it("gathers an image's address, size and text into one line with both pictures", () => {
    const image = { src: '/images/b.png', alt: 'A team', width: 20, height: 30 };
    const lines = describeFile(contract, page({ sections: [hero] }, { sections: [{ ...hero, image }] }));
    expect(lines).toHaveLength(1);
    expect(lines[0].indexes).toHaveLength(4);
    expect(lines[0].said).toMatchObject({
      kind: 'image',
      before: '/images/a.jpg',
      after: '/images/b.png',
      alt: { before: 'A desk', after: 'A team' },
    });
  });

  it('names files added and removed', () => {
    const file = page(undefined as never, { title: 'Pricing' });
    expect(fileHeading({ ...file, status: 'added', title: 'Pricing' })).toBe('New page: Pricing');
    expect(fileHeading({ ...file, status: 'deleted', kind: 'image', title: 'logo.png' })).toBe(
      'Removed image: logo.png',
    );
    expect(fileHeading({ ...file, kind: 'settings', title: 'Site settings' })).toBe('Site settings');
  });
});

describe('a long text, word by word', () => {
  it('finds the words taken out and put in, and the parts join back into both texts', () => {
    const before = 'We help global capability centres tell their story to the people who matter most.';
    const after = 'We help capability centres in India tell their story to the people who matter.';
    const parts = wordDiff(before, after);
    expect(
      parts
        .filter((p) => p.op !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.op !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe(after);
    expect(parts.filter((p) => p.op === 'removed').map((p) => p.text.trim())).toEqual(['global', 'matter most.']);
    expect(parts.filter((p) => p.op === 'added').map((p) => p.text.trim())).toEqual(['in India', 'matter.']);
  });

  it('cuts long unchanged stretches to a few words either side', () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const parts = shortened(wordDiff(`${long} old end`, `${long} new end`), 3);
    expect(parts[0]).toEqual({ op: 'same', text: '…word57 word58 word59 ' });
    expect(parts.slice(1).map((p) => p.op)).toEqual(['removed', 'added', 'same']);
  });
});

describe('a changed sentence reads as it was edited', () => {
  it('keeps a space or short word between two changes with them, taken out before put in', () => {
    const parts = wordDiff('three buttons and an image.', 'three buttons and a brand new image for the campaign.');
    expect(parts).toEqual([
      { op: 'same', text: 'three buttons and ' },
      { op: 'removed', text: 'an image.' },
      { op: 'added', text: 'a brand new image for the campaign.' },
    ]);
  });
});
