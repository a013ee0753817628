// Which problems a field of the studio's form shows (the rest are said in words at the top), and
// why Save waits, on the composed schema as the studio receives it.
import { describe, expect, it } from 'vitest';
import { composedSchemas, sectionTypes } from '../../scripts/content/schemas.ts';
import { hasField, whySaveWaits } from '../../src/studio/problems.ts';
import { Contract } from '../../src/studio/schema.ts';

const contract = new Contract(Object.fromEntries(composedSchemas()), sectionTypes());

describe('a problem is shown at a field when the form has that field', () => {
  it('fields of every kind of entry, in sections of every type, in lists and groups', () => {
    expect(hasField(contract, 'page', ['title'])).toBe(true);
    expect(hasField(contract, 'page', ['sections', 0, 'highlight'])).toBe(true);
    expect(hasField(contract, 'page', ['sections', 3, 'cards', 1, 'title'])).toBe(true);
    expect(hasField(contract, 'page', ['sections', 0, 'type'])).toBe(true);
    expect(hasField(contract, 'article', ['readTime'])).toBe(true);
    expect(hasField(contract, 'article', ['image', 'alt'])).toBe(true);
    expect(hasField(contract, 'settings', ['tooltips', 'openDelay'])).toBe(true);
    expect(hasField(contract, 'redirects', ['redirects', 0, 'to'])).toBe(true);
  });

  it("an article's or document's text is [], a page's root and list of sections are no field", () => {
    expect(hasField(contract, 'article', [])).toBe(true);
    expect(hasField(contract, 'document', [])).toBe(true);
    expect(hasField(contract, 'page', [])).toBe(false);
    expect(hasField(contract, 'page', ['sections'])).toBe(false);
  });

  it('a field the schema does not have (an unknown key in the file) is no field', () => {
    expect(hasField(contract, 'page', ['titel'])).toBe(false);
    expect(hasField(contract, 'page', ['sections', 0, 'titel'])).toBe(false);
    expect(hasField(contract, 'article', ['readTime', 'minutes'])).toBe(false);
  });
});

describe('Save says why it waits', () => {
  const ready = { saving: false, conflict: false, dirty: true, problems: 0 };
  it('says nothing when it can save', () => expect(whySaveWaits(ready)).toBeUndefined());
  it('says each reason, the most pressing first', () => {
    expect(whySaveWaits({ ...ready, dirty: false })).toBe('No unsaved edits');
    expect(whySaveWaits({ ...ready, problems: 1 })).toBe('Fix the problem first');
    expect(whySaveWaits({ ...ready, problems: 2 })).toBe('Fix the 2 problems first');
    expect(whySaveWaits({ ...ready, problems: 2, invalidInput: 'Read time holds “six”: Write a whole number.' })).toBe(
      'Read time holds “six”: Write a whole number.',
    );
    expect(whySaveWaits({ ...ready, problems: 2, conflict: true })).toBe(
      'Someone else saved it meanwhile: merge or reload first',
    );
    expect(whySaveWaits({ ...ready, conflict: true, saving: true })).toBe('Saving…');
  });
});
