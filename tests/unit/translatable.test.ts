// Which values are text to translate follows the schema's `translate` marks: the text kinds are
// translated wherever they appear (a section type's fields with no step of their own), while
// addresses, icons, layout choices and a field opting out stay shared.
import { describe, expect, it } from 'vitest';
import { fingerprint, translatableTexts } from '../../scripts/content/translatable.ts';
import { compileSite } from '../../scripts/content/load-site.ts';

const fixtureRoot = 'tests/fixture-site';

describe('translatable texts', () => {
  it('finds the text kinds in sections and buttons, and no shared value', () => {
    const page = {
      path: '/x',
      title: 'T',
      description: 'D',
      sections: [
        {
          type: 'hero',
          title: 'Headline',
          background: 'brand',
          buttons: [{ label: 'Go', to: '/contact', variant: 'primary', tooltip: 'Hint' }],
        },
      ],
    };
    expect(translatableTexts('page', page)).toEqual([
      { path: 'title', text: 'T' },
      { path: 'description', text: 'D' },
      { path: 'sections.0.title', text: 'Headline' },
      { path: 'sections.0.buttons.0.label', text: 'Go' },
      { path: 'sections.0.buttons.0.tooltip', text: 'Hint' },
    ]);
  });

  it('follows every section type of the fixture to strings only, addresses never among them', async () => {
    const model = await compileSite({ root: fixtureRoot });
    for (const page of model.pages) {
      const texts = translatableTexts('page', page);
      expect(texts.length).toBeGreaterThan(0);
      for (const { path, text } of texts) {
        expect(typeof text).toBe('string');
        expect(path).not.toMatch(/(^|\.)(path|to|href|src|icon|type|background|variant|id)$/);
      }
    }
  });

  it('keeps a field that opts out shared', async () => {
    const model = await compileSite({ root: fixtureRoot });
    const paths = translatableTexts('settings', model.settings).map((t) => t.path);
    expect(paths).not.toContain('name');
    expect(paths).toContain('description');
  });

  it('fingerprints a text by its content', () => {
    expect(fingerprint('Hello')).toMatch(/^[a-p]{8}$/);
    expect(fingerprint('Hello')).toBe(fingerprint('Hello'));
    expect(fingerprint('Hello')).not.toBe(fingerprint('Hello!'));
  });
});
