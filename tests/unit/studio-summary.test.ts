// A saved change in one line of words (src/studio/review/summary.ts) and the content list's groups
// (shared/entry-groups.ts): the summary names each entry and what changed where, in the review's
// words and never the commit's message; the settings are listed as parts that together edit every
// key of the settings schema, each key in exactly one part.
import { describe, expect, it } from 'vitest';
import { composedSchemas, sectionTypes } from '../../scripts/content/schemas.ts';
import { diffData } from '../../scripts/studio/data-diff.ts';
import { entryGroups, groupOf, partHolds, settingsEntries, settingsParts } from '../../shared/entry-groups.ts';
import type { ChangedFile } from '../../shared/review.ts';
import type { EntryKind, Json } from '../../shared/studio-protocol.ts';
import { changeSummary, fileSummary } from '../../src/studio/review/summary.ts';
import { Contract, labelOf } from '../../src/studio/schema.ts';

const contract = new Contract(Object.fromEntries(composedSchemas()), sectionTypes());
const typeName = (type: string) => labelOf(type, contract.section(type)!.schema);
const label = (type: string, key: string) =>
  contract.resolve(contract.section(type)!.schema.properties![key], 'sections.composed.json').schema.title!;

const faq = { type: 'faq', title: 'Questions', items: [{ question: 'Why?', answer: 'Because.' }] };
const hero = { type: 'hero', title: 'Fast Sites' };

function changed(before: Json, after: Json, title = 'Contact'): ChangedFile {
  return {
    file: 'pages/contact.yaml',
    status: 'modified',
    kind: 'page',
    title,
    before,
    after,
    changes: diffData(before, after),
  };
}

describe('a saved change in words', () => {
  it('names the entry, then each place that changed, items added by their names', () => {
    const before = { title: 'Contact', sections: [hero, faq] };
    const after = {
      title: 'Contact',
      sections: [
        { ...hero, title: 'Faster Sites' },
        { ...faq, items: [...faq.items, { question: 'How?', answer: 'Thus.' }, { question: 'When?', answer: 'Now.' }] },
      ],
    };
    const summary = fileSummary(contract, changed(before, after));
    expect(summary).toMatch(/^Contact: /);
    expect(summary).toContain(`${typeName('hero')} › ${label('hero', 'title')} changed`);
    expect(summary).toContain("'How?'");
    expect(summary).toContain("'When?'");
    // Never a key of the file, never a path.
    expect(summary).not.toMatch(/sections|items|\.yaml/);
  });

  it('counts what does not fit, and says a new or removed entry by its kind and name', () => {
    const before = { title: 'Contact', description: 'a', sections: [hero] };
    const after = {
      title: 'Reach us',
      description: 'b',
      path: '/reach',
      sections: [{ ...hero, title: 'New', highlight: 'New' }],
    };
    expect(fileSummary(contract, changed(before, after))).toMatch(/; and \d+ more$/);
    const added: ChangedFile = { file: 'pages/new.yaml', status: 'added', kind: 'page', title: 'Pricing', changes: [] };
    expect(changeSummary(contract, [added, changed({ title: 'Contact' }, { title: 'Contact us' })])).toBe(
      'New page: Pricing · Contact: Title changed',
    );
  });

  it('says a change that only touched the layout of the file as such', () => {
    const same = { title: 'Contact', sections: [hero] };
    expect(fileSummary(contract, changed(same, same))).toBe('Contact: only its layout changed');
  });
});

describe('the content list in groups', () => {
  const settingsKeys = Object.keys(
    (Object.fromEntries(composedSchemas())['settings.schema.json'] as { properties: Record<string, unknown> })
      .properties,
  );

  it('edits every settings key in exactly one part', () => {
    const parts = Object.keys(settingsParts) as (keyof typeof settingsParts)[];
    for (const key of settingsKeys)
      expect(
        parts.filter((part) => partHolds(part, key)),
        key,
      ).toHaveLength(1);
    // The menu and the contact details are found where an editor looks, not under Advanced.
    expect(partHolds('menu', 'navigation')).toBe(true);
    expect(partHolds('contact', 'contact')).toBe(true);
    expect(partHolds('advanced', 'navigation')).toBe(false);
    // A key no part names yet is Advanced.
    expect(partHolds('advanced', 'aNewSettingNobodyGrouped')).toBe(true);
  });

  it('puts every entry in a group the list shows, the settings as their parts', () => {
    const shown = new Set(entryGroups.map(([group]) => group));
    const kinds: EntryKind[] = ['page', 'article', 'form', 'redirects', 'document'];
    for (const kind of kinds) expect(shown.has(groupOf({ kind })), kind).toBe(true);
    const settings = settingsEntries('site.yaml');
    expect(settings.map((entry) => groupOf(entry))).toEqual(['menu', 'menu', 'contact', 'brand', 'advanced']);
    expect(new Set(settings.map((entry) => entry.title)).size).toBe(settings.length);
    expect(groupOf({ kind: 'settings' })).toBe('advanced');
  });
});
