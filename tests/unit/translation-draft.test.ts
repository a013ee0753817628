// A translation's kept draft put back over the translation view as it is now: its words over the
// newer version, as an entry's draft goes over a file saved since, with the texts someone else saved
// meanwhile (or whose original changed) marked to check, and what no longer applies left out.
import { describe, expect, it } from 'vitest';
import type { TranslationDraft, TranslationView } from '../../shared/translation-protocol.ts';
import { draftOf, restoreDraft } from '../../src/studio/translate/translation-draft.ts';

const language = { code: 'de', name: 'Deutsch', direction: 'ltr' as const };
const view: TranslationView = {
  title: 'Home',
  source: { code: 'en', name: 'English', direction: 'ltr' },
  language,
  version: 'v1',
  sourceVersion: 's1',
  fields: [
    { path: 'title', field: 'Title', source: 'Welcome', state: 'missing' },
    { path: 'sections.0.title', field: 'Headline', source: 'Fast sites', state: 'translated', translation: 'Schnell' },
    { path: 'sections.0.badge', field: 'Badge', source: 'New now', state: 'outdated', translation: 'Neu', was: 'New' },
  ],
};
const key = 'translation:de:pages/home.yaml';

describe('a kept translation draft', () => {
  it('comes back as it was typed over an unchanged translation', () => {
    const draft = draftOf(key, view, { edits: { title: 'Willkommen' }, kept: new Set(['sections.0.badge']) });
    expect(draft.texts).toEqual([{ path: 'title', text: 'Willkommen', was: '', source: 'Welcome' }]);
    expect(restoreDraft(view, draft)).toEqual({
      edits: { title: 'Willkommen' },
      kept: new Set(['sections.0.badge']),
      moved: false,
      check: new Set(),
    });
  });

  it('goes over a newer version, marking what someone else saved or the original changed meanwhile', () => {
    const draft: TranslationDraft = {
      ...draftOf(key, view, { edits: { title: 'Willkommen', 'sections.0.title': 'Sehr schnell' }, kept: new Set() }),
      keep: ['sections.0.badge', 'gone'],
    };
    const newer: TranslationView = {
      ...view,
      version: 'v2',
      sourceVersion: 's2',
      fields: [
        { ...view.fields[0]!, source: 'Welcome here' },
        { ...view.fields[1]!, translation: 'Rasch' },
        // Someone kept the outdated translation meanwhile: confirming it again is nothing to save.
        { ...view.fields[2]!, state: 'translated', was: undefined },
      ],
    };
    expect(restoreDraft(newer, draft)).toEqual({
      edits: { title: 'Willkommen', 'sections.0.title': 'Sehr schnell' },
      kept: new Set(),
      moved: true,
      check: new Set(['title', 'sections.0.title']),
    });
  });

  it('leaves out words equal to the saved translation and texts taken out of the original', () => {
    const draft = draftOf(key, view, { edits: { title: 'Willkommen', 'sections.0.title': 'Sehr' }, kept: new Set() });
    const newer: TranslationView = {
      ...view,
      version: 'v2',
      fields: [{ ...view.fields[0]!, state: 'translated', translation: 'Willkommen' }],
    };
    const restored = restoreDraft(newer, draft);
    expect(restored.edits).toEqual({});
    expect(restored.moved).toBe(true);
  });
});
