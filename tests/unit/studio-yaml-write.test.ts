// The studio's writer changes only what changed: comments, blank lines, quoting, block scalars and
// the way each untouched line was written stay byte for byte.
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../scripts/content/yaml-source.ts';
import { writeFrontMatter, writeYaml, YamlWriteError } from '../../scripts/studio/yaml-write.ts';

const page = `# Page: Contact, with a comment that must survive.
path: /contact
title: "Contact"   # quoted on purpose
description: Send an inquiry to start with a 45-minute discovery session. We reply within 24 hours from Gurugram, India.
sections:
  # The hero comes first.
  - type: hero
    title: Unlock Your Voice
    subtitle: >-
      Tell us about your centre, the work you are proud of and the audience that needs to see it.
      We will come back with a clear view of where to start.

  - type: faq
    items:
      - question: How quickly?
        answer: |
          In a week.
          Sometimes two.
`;

const data = () =>
  JSON.parse(
    JSON.stringify({
      path: '/contact',
      title: 'Contact',
      description:
        'Send an inquiry to start with a 45-minute discovery session. We reply within 24 hours from Gurugram, India.',
      sections: [
        {
          type: 'hero',
          title: 'Unlock Your Voice',
          subtitle:
            'Tell us about your centre, the work you are proud of and the audience that needs to see it. We will come back with a clear view of where to start.',
        },
        { type: 'faq', items: [{ question: 'How quickly?', answer: 'In a week.\nSometimes two.\n' }] },
      ],
    }),
  ) as { title: string; sections: Record<string, unknown>[] };

const changed = (a: string, b: string) => {
  const x = a.split('\n');
  const y = b.split('\n');
  return { removed: x.filter((l) => !y.includes(l)), added: y.filter((l) => !x.includes(l)) };
};

describe('writeYaml', () => {
  it('writes the same text back when nothing changed', () => {
    expect(writeYaml(page, data())).toBe(page);
  });

  it('changes one line for one field, keeping its quotes and comment', () => {
    const edited = data();
    edited.sections[0].title = 'Unlock Your GCC Voice';
    expect(changed(page, writeYaml(page, edited))).toEqual({
      removed: ['    title: Unlock Your Voice'],
      added: ['    title: Unlock Your GCC Voice'],
    });
    const retitled = data();
    retitled.title = 'Contact us';
    expect(changed(page, writeYaml(page, retitled))).toEqual({
      removed: ['title: "Contact"   # quoted on purpose'],
      added: ['title: "Contact us"   # quoted on purpose'],
    });
  });

  it('changes only the lines of a folded text that is edited', () => {
    const edited = data();
    edited.sections[0].subtitle = 'A shorter subtitle.';
    const result = writeYaml(page, edited);
    expect(changed(page, result).added).toEqual(['      A shorter subtitle.']);
    expect(result).toContain('    subtitle: >-\n      A shorter subtitle.\n\n  - type: faq');
  });

  it('moves and deletes sections whole, with their comments', () => {
    const moved = data();
    moved.sections.reverse();
    const result = writeYaml(page, moved);
    expect(result.indexOf('type: faq')).toBeLessThan(result.indexOf('type: hero'));
    expect(result).toContain('# The hero comes first.');
    // The blank line between the two stays between them: a blank line is the list's layout.
    expect(result).toContain('          Sometimes two.\n\n  - type: hero\n');
    expect(result).not.toContain('\n\n  - type: faq');
    // The moved hero keeps its folded subtitle as it was written: the same lines, moved.
    expect(result).toContain(page.slice(page.indexOf('  - type: hero'), page.indexOf('\n\n  - type: faq')));
    expect([...result.split('\n')].sort()).toEqual([...page.split('\n')].sort());
    const deleted = data();
    deleted.sections.splice(1, 1);
    expect(writeYaml(page, deleted)).not.toContain('faq');
    expect(writeYaml(page, deleted)).toContain('# Page: Contact, with a comment that must survive.');
  });

  it('duplicates a section with the lines it was written in', () => {
    const twice = data();
    twice.sections.splice(1, 0, structuredClone(twice.sections[0]));
    const result = writeYaml(page, twice);
    const hero = page.slice(page.indexOf('  - type: hero'), page.indexOf('\n\n  - type: faq'));
    expect(result.split(hero).length - 1).toBe(2);
  });

  it('adds a section and keeps the literal block of another', () => {
    const added = data();
    added.sections.push({ type: 'cta', title: 'Talk to us' });
    const result = writeYaml(page, added);
    expect(result.startsWith(page.trimEnd())).toBe(true);
    expect(result).toContain('  - type: cta\n    title: Talk to us');
  });
});

describe('writeFrontMatter', () => {
  it('edits front matter and body of an article', () => {
    const article = '---\n# An article\ntitle: Old\ndate: 2024-01-01\n---\nBody text.\n';
    expect(writeFrontMatter(article, { title: 'New', date: '2024-01-01' }, 'Body text.\n')).toBe(
      '---\n# An article\ntitle: New\ndate: 2024-01-01\n---\nBody text.\n',
    );
  });
});

// Styles people write, each kept byte for byte where the edit does not reach.
type Steps = { test: { steps: Record<string, unknown>[] } };
describe('writeYaml in every style', () => {
  const edit = (text: string, change: (data: Record<string, unknown>) => void) => {
    const data = parseDocument(text, parseOptions).toJS() as Record<string, unknown>;
    change(data);
    const written = writeYaml(text, data);
    expect(parseDocument(written, parseOptions).toJS()).toEqual(data);
    return written;
  };

  it('keeps lists flush with their key (PyYAML, GitHub workflows) and absorbs no item into a block', () => {
    const workflow =
      'on:\n  push:\n    branches:\n    - main\njobs:\n  test:\n    steps:\n    - run: |\n        npm ci\n        npm test\n    - name: Lint\n      run: npm run lint\n';
    expect(edit(workflow, (d) => ((d.jobs as Steps).test.steps[1].name = 'Check'))).toBe(
      workflow.replace('name: Lint', 'name: Check'),
    );
    expect(edit(workflow, (d) => ((d.jobs as Steps).test.steps[0].run = 'npm ci\n'))).toBe(
      workflow.replace('npm ci\n        npm test\n', 'npm ci\n'),
    );
  });

  it('keeps Windows line endings and tabs', () => {
    const text = 'title: Old\r\nnote: "a\\tb"\r\nlist:\r\n  - x\r\n';
    expect(edit(text, (d) => (d.title = 'New'))).toBe(text.replace('Old', 'New'));
    expect(writeYaml(text, parseDocument(text, parseOptions).toJS())).toBe(text);
  });

  it('never expands anchors, aliases or merge keys it did not edit', () => {
    const text = 'base: &base\n  size: 2\n  colour: red\nfirst:\n  <<: *base\n  name: One\nsame: *base\n';
    expect(writeYaml(text, parseDocument(text, parseOptions).toJS())).toBe(text);
    expect(edit(text, (d) => ((d.first as Record<string, unknown>).name = 'Uno'))).toBe(text.replace('One', 'Uno'));
    // A merged value overridden in one map: the merge stays, the override is added.
    expect(edit(text, (d) => ((d.first as Record<string, unknown>).size = 3))).toContain('  <<: *base\n');
  });

  it('keeps flow collections, folded and literal blocks and trailing comments', () => {
    const text =
      'tags: [a, b]   # short\nlead: >-\n  Folded text\n  on two lines.\ncode: |\n  line one\n  line two\nplain: x # why\n';
    expect(edit(text, (d) => (d.plain = 'z'))).toBe(text.replace('x # why', 'z # why'));
    // In YAML 1.1 (the compiler's) a lone y means yes: it is written in quotes.
    expect(edit(text, (d) => (d.plain = 'y'))).toBe(text.replace('x # why', '"y" # why'));
    expect(edit(text, (d) => ((d.tags as string[])[1] = 'c'))).toBe(text.replace('[a, b]', '[a, c]'));
    expect(edit(text, (d) => (d.code = 'line one\nline 2\n'))).toBe(text.replace('line two', 'line 2'));
  });

  it('keeps a comment on a block text’s header line when the text changes', () => {
    const text =
      'code: |  # keep the blank line\n  line one\n  line two\nlead: >-  # one paragraph\n  Folded\n  text.\n';
    expect(edit(text, (d) => (d.code = 'line one\nline 2\n'))).toBe(text.replace('line two', 'line 2'));
    expect(edit(text, (d) => (d.lead = 'Other words.'))).toBe(
      'code: |  # keep the blank line\n  line one\n  line two\nlead: >-  # one paragraph\n  Other words.\n',
    );
  });

  it('refuses, in plain words, a save it cannot write back exactly: an empty key never becomes ""', () => {
    const text = 'title: Home\n: no key\nsize: 2\n';
    const data = parseDocument(text, parseOptions).toJS() as Record<string, unknown>;
    expect(data).toEqual({ title: 'Home', '': 'no key', size: 2 });
    for (const edited of [
      { ...data, size: 3 },
      { ...data, '': 'still no key' },
      { ...data, colour: 'red' },
    ])
      expect(() => writeYaml(text, edited)).toThrow(
        expect.objectContaining({ status: 422, message: expect.stringMatching(/^Not saved: /) }),
      );
  });

  it('refuses, in plain words, a change it cannot write so that it reads back as meant', () => {
    // A key named << : every rendering the library makes reads back, in YAML 1.1, as a merge key.
    const text = 'title: Home\n';
    const data = { title: 'Home', '<<': { size: 2 } };
    expect(() => writeYaml(text, data)).toThrow(YamlWriteError);
    expect(() => writeYaml(text, data)).toThrow(/^Not saved: .*nothing was changed\. Ask the person who looks after/);
    expect(() => writeYaml(text, data)).toThrow(expect.objectContaining({ status: 422 }));
    // A file that no longer reads as YAML is not written over.
    expect(() => writeYaml('title: [Home\n', { title: 'Home' })).toThrow(YamlWriteError);
  });
});

// Writing as the file is written: new and edited text in the file's own style.
describe('writeYaml in the file’s style', () => {
  const faq = `sections:
  - type: faq
    items:
      - question: How quickly do you start?
        answer: >-
          Within a week of the first call, with a short plan of the first month and the people
          who will do the work, so that nobody waits for a proposal.
      - question: Who writes?
        answer: >-
          The same two writers from the first interview to the last proof, with an editor who
          reads everything before it leaves.
`;
  const read = (text: string) =>
    parseDocument(text, parseOptions).toJS() as { sections: { items: { question: string; answer: string }[] }[] };
  const long =
    'A longer answer that runs on past the width of its neighbours, the way an answer typed into the studio would, without any line breaks at all in it.';

  it('keeps an edited folded text folded, wrapped as wide as its neighbours', () => {
    const data = read(faq);
    data.sections[0].items[0].answer = long;
    const written = writeYaml(faq, data);
    expect(read(written)).toEqual(data);
    expect(written).toContain('        answer: >-\n          A longer answer');
    const width = Math.max(...faq.split('\n').map((line) => line.length));
    expect(Math.max(...written.split('\n').map((line) => line.length))).toBeLessThanOrEqual(width);
    // The other answer is untouched.
    expect(written).toContain(faq.slice(faq.indexOf('      - question: Who writes?')));
  });

  it('writes a new item’s text as its neighbours write the same field', () => {
    const data = read(faq);
    data.sections[0].items.push({ question: 'And after?', answer: long });
    const written = writeYaml(faq, data);
    expect(read(written)).toEqual(data);
    expect(written.startsWith(faq)).toBe(true);
    expect(written).toContain('      - question: And after?\n        answer: >-\n          A longer answer');
  });

  it('quotes new text as the file quotes its text', () => {
    const quoted = 'version: 2\nupdates:\n  - package-ecosystem: "npm"\n    directory: "/"\n';
    const data = parseDocument(quoted, parseOptions).toJS() as { updates: Record<string, string>[] };
    data.updates.push({ 'package-ecosystem': 'github-actions', directory: '/' });
    expect(writeYaml(quoted, data)).toBe(`${quoted}  - package-ecosystem: "github-actions"\n    directory: "/"\n`);
  });

  it('keeps an article’s final line end and its Windows line endings', () => {
    const article = '---\r\ntitle: Old\r\n---\r\nBody text.\r\n';
    expect(writeFrontMatter(article, { title: 'New' }, 'Body text.')).toBe(
      '---\r\ntitle: New\r\n---\r\nBody text.\r\n',
    );
    expect(writeFrontMatter('---\ntitle: Old\n---\nBody.\n', { title: 'Old' }, 'Body, longer.')).toBe(
      '---\ntitle: Old\n---\nBody, longer.\n',
    );
  });
});
