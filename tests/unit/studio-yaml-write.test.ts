// The studio's writer changes only what changed: comments, blank lines, quoting, block scalars and
// the way each untouched line was written stay byte for byte.
import { describe, expect, it } from 'vitest';
import { writeFrontMatter, writeYaml } from '../../scripts/studio/yaml-write.ts';

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

const data = () => JSON.parse(JSON.stringify({
  path: '/contact',
  title: 'Contact',
  description: 'Send an inquiry to start with a 45-minute discovery session. We reply within 24 hours from Gurugram, India.',
  sections: [
    { type: 'hero', title: 'Unlock Your Voice', subtitle: 'Tell us about your centre, the work you are proud of and the audience that needs to see it. We will come back with a clear view of where to start.' },
    { type: 'faq', items: [{ question: 'How quickly?', answer: 'In a week.\nSometimes two.\n' }] },
  ],
})) as { title: string; sections: Record<string, unknown>[] };

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
    expect(changed(page, writeYaml(page, edited))).toEqual({ removed: ['    title: Unlock Your Voice'], added: ['    title: Unlock Your GCC Voice'] });
    const retitled = data();
    retitled.title = 'Contact us';
    expect(changed(page, writeYaml(page, retitled))).toEqual({ removed: ['title: "Contact"   # quoted on purpose'], added: ['title: "Contact us" # quoted on purpose'] });
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
    expect(writeFrontMatter(article, { title: 'New', date: '2024-01-01' }, 'Body text.\n')).toBe('---\n# An article\ntitle: New\ndate: 2024-01-01\n---\nBody text.\n');
  });
});
