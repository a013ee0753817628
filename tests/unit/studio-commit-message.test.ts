// A studio commit's message (scripts/studio/commit-message.ts): the entry and the fields in the
// review's words (labels from the schema, as the studio shows them), a long list counted in the
// subject and spelled out in the body, new and removed files by their kind, and the other files of
// one commit (an article's cover) named after the first.
import { describe, expect, it } from 'vitest';
import { composedSchemas, sectionTypes } from '../../scripts/content/schemas.ts';
import { commitMessage } from '../../scripts/studio/commit-message.ts';
import { diffData } from '../../scripts/studio/data-diff.ts';
import type { ChangedFile } from '../../shared/review.ts';
import type { Json } from '../../shared/studio-protocol.ts';
import { Contract, labelOf } from '../../src/studio/schema.ts';

const contract = new Contract(Object.fromEntries(composedSchemas()), sectionTypes());
const section = (type: string) => contract.section(type)!.schema;
const typeName = (type: string) => labelOf(type, section(type));
const fieldOf = (type: string, key: string) =>
  labelOf(key, contract.resolve(section(type).properties![key], 'sections.composed.json').schema);
const pageField = (key: string) =>
  labelOf(key, contract.resolve(contract.root('page').schema.properties![key], 'page.schema.json').schema);

const hero = { type: 'hero', title: 'Fast Sites', highlight: 'Fast', subtitle: 'Quick.' };
const faq = { type: 'faq', title: 'Questions', items: [{ question: 'Why?', answer: 'Because.' }] };
const before = { title: 'Home', sections: [hero, faq] };

function page(after: Json): ChangedFile {
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

describe('a commit message', () => {
  it('names the entry and each field changed, as the review does', () => {
    const after = { ...before, sections: [{ ...hero, title: 'Quick Sites', subtitle: 'Fast.' }, faq] };
    expect(commitMessage([page(after)])).toBe(
      `Home: ${typeName('hero')} › ${fieldOf('hero', 'title')}, ${typeName('hero')} › ${fieldOf('hero', 'subtitle')}\n`,
    );
  });

  it('says a list item added and a section moved in words', () => {
    const added = {
      ...before,
      sections: [hero, { ...faq, items: [...faq.items, { question: 'How?', answer: 'So.' }] }],
    };
    expect(commitMessage([page(added)])).toBe(`Home: ${typeName('faq')}: question added 'How?'\n`);
    expect(commitMessage([page({ ...before, sections: [faq, hero] })])).toBe(
      `Home: ${typeName('faq')} moved above ${typeName('hero')}\n`,
    );
  });

  it('keeps the subject short and lists every field in the body when there are many', () => {
    const after = {
      title: 'Home',
      description: 'About us.',
      sections: [
        { ...hero, title: 'A', subtitle: 'B', highlight: 'A', eyebrow: 'E', badge: 'New' },
        { ...faq, title: 'Q' },
      ],
    };
    const [subject, blank, ...body] = commitMessage([page(after)])
      .trimEnd()
      .split('\n');
    expect(subject.length).toBeLessThanOrEqual(72);
    expect(subject).toMatch(new RegExp(`^Home: ${pageField('description')}, .* and \\d+ more$`));
    expect(blank).toBe('');
    expect(body).toHaveLength(7);
    expect(body).toContain(`- ${typeName('faq')} › ${fieldOf('faq', 'title')}`);
    expect(Number(/and (\d+) more$/.exec(subject)![1])).toBe(7 - subject.split(', ').length);
  });

  it('names a new or removed file by its kind, an article text as its text, and the other files of the commit', () => {
    const article = { title: 'Launch' };
    expect(
      commitMessage([
        { file: 'blog/launch.md', status: 'added', kind: 'article', title: 'Launch', after: article, changes: [] },
        { file: 'images/blog/launch.svg', status: 'added', kind: 'image', title: 'launch.svg', changes: [] },
      ]),
    ).toBe('New article: Launch\n\nAlso: New image: launch.svg\n');
    expect(
      commitMessage([{ file: 'pages/old.yaml', status: 'deleted', kind: 'page', title: 'Old', changes: [] }]),
    ).toBe('Removed page: Old\n');
    expect(
      commitMessage([
        {
          file: 'blog/launch.md',
          status: 'modified',
          kind: 'article',
          title: 'Launch',
          before: article,
          after: article,
          changes: [{ kind: 'body', before: 'One.', after: 'Two.' }],
        },
      ]),
    ).toBe('Launch: Text\n');
  });
});
