// The studio's store without a browser: each named action changes the state as the studio needs —
// open, edit (keystrokes in one field within a second are one undo step), undo, redo, select,
// checked, saved, conflict — and a click in the preview is traced to the field that holds it.
import { describe, expect, it } from 'vitest';
import type { Entry, Json } from '../../shared/studio-protocol.ts';
import { pathOfClue } from '../../src/studio/click-path.ts';
import { Contract } from '../../src/studio/schema.ts';
import {
  initialState,
  canUndo,
  firstInvalidInput,
  hasInvalidInput,
  invalidInputAt,
  invalidInputReason,
  isDirty,
  sectionsOf,
  studioReducer,
  type StudioAction,
  type StudioState,
} from '../../src/studio/store/studio-state.ts';

const home: Entry = {
  file: 'pages/home.yaml',
  kind: 'page',
  title: 'Home',
  route: '/',
  version: 'v1',
  data: {
    title: 'Home',
    sections: [
      { type: 'hero', title: 'Fast Sites', highlight: 'Fast' },
      { type: 'faq', items: [{ question: 'Why?', answer: 'Because.' }] },
    ],
  },
};

const run = (actions: StudioAction[], from: StudioState = initialState) => actions.reduce(studioReducer, from);
const opened = run([{ type: 'open', entry: home }]);
const title = (state: StudioState) => (state.history.present.data as { title: string }).title;
const edit = (value: string, at: number, path: (string | number)[] = ['title']): StudioAction => ({
  type: 'edit',
  path,
  value,
  at,
});

describe('the studio store', () => {
  it('open: the entry becomes the draft, with nothing to undo, nothing selected and no old verdicts', () => {
    const before = run([{ type: 'select', index: 1 }, { type: 'conflict' }, { type: 'saveFailed', message: 'no' }]);
    const state = studioReducer(before, { type: 'open', entry: home });
    expect(state.history).toMatchObject({ past: [], present: { data: home.data }, future: [] });
    expect([state.selected, state.conflict, state.saveProblem, state.check, isDirty(state)]).toEqual([
      undefined,
      false,
      undefined,
      undefined,
      false,
    ]);
    expect(sectionsOf(state)).toBe((home.data as { sections: Json[] }).sections);
  });

  it('edit: keystrokes in one field within a second are one step; another field or a pause starts a new one', () => {
    const typed = run([edit('H', 1000), edit('Ho', 1500), edit('Hom', 2400)], opened);
    expect([title(typed), typed.history.past.length, isDirty(typed)]).toEqual(['Hom', 1, true]);
    const paused = run([edit('Home!', 3500)], typed);
    expect(paused.history.past.length).toBe(2);
    const elsewhere = run([edit('Faster', 3600, ['sections', 0, 'title'])], paused);
    expect(elsewhere.history.past.length).toBe(3);
    // An edit replaces only the values on its path: the untouched section is the same object.
    expect(sectionsOf(elsewhere)?.[1]).toBe(sectionsOf(opened)?.[1]);
  });

  it('edit with no value removes the key, so a cleared optional field leaves no empty line', () => {
    const state = run([{ type: 'edit', path: ['sections', 0, 'highlight'], value: undefined, at: 1 }], opened);
    expect(sectionsOf(state)?.[0]).toEqual({ type: 'hero', title: 'Fast Sites' });
  });

  it('merge: an upload that lands after the alt text was typed keeps that text; another file open drops it', () => {
    const withImage: Entry = {
      ...home,
      file: 'blog/a.md',
      kind: 'article',
      data: { image: { src: '/images/a.png', alt: 'Old' } },
    };
    const typed = run([{ type: 'open', entry: withImage }, edit('Typed meanwhile', 1000, ['image', 'alt'])]);
    const uploaded: StudioAction = {
      type: 'merge',
      file: 'blog/a.md',
      path: ['image'],
      fields: { src: '/images/b.png', width: 8 },
      at: 2000,
    };
    expect(run([uploaded], typed).history.present.data).toEqual({
      image: { src: '/images/b.png', alt: 'Typed meanwhile', width: 8 },
    });
    // An empty image field gets an object; a file opened since is left as it is.
    const empty = run([{ type: 'open', entry: { ...withImage, data: {} } }, uploaded]);
    expect(empty.history.present.data).toEqual({ image: { src: '/images/b.png', width: 8 } });
    const elsewhere = run([{ type: 'open', entry: home }]);
    expect(run([uploaded], elsewhere)).toBe(elsewhere);
  });

  it('undo and redo step through the edits; a new edit drops what could be redone; both do nothing at the ends', () => {
    const edited = run([edit('One', 1000), edit('Two', 5000)], opened);
    const undone = run([{ type: 'undo' }, { type: 'undo' }, { type: 'undo' }], edited);
    expect([title(undone), isDirty(undone)]).toEqual(['Home', false]);
    const redone = run([{ type: 'redo' }], undone);
    expect(title(redone)).toBe('One');
    expect(run([{ type: 'redo' }, { type: 'redo' }], redone).history.present).toEqual(edited.history.present);
    const branched = run([edit('Other', 9000)], redone);
    expect([title(branched), branched.history.future]).toEqual(['Other', []]);
    // Typing right after an undo is a step of its own, not merged into the one before.
    const afterUndo = run([edit('A', 10_000), { type: 'undo' }, edit('B', 10_100)], opened);
    expect(afterUndo.history.past.map((d) => (d.data as { title: string }).title)).toEqual(['Home']);
  });

  it('sections: a move is one step and selects the moved section; select sets the field to reveal', () => {
    const [hero, faq] = sectionsOf(opened)!;
    const moved = run([{ type: 'sections', sections: [faq, hero], select: 1 }], opened);
    expect([moved.selected, moved.history.past.length, sectionsOf(moved)?.[0]]).toEqual([1, 1, faq]);
    const picked = run([{ type: 'select', index: 0, reveal: ['sections', 0, 'title'] }], moved);
    expect([picked.selected, picked.reveal]).toEqual([0, ['sections', 0, 'title']]);
  });

  it('invalidInput: text that is no value is kept by field and said; a value typed there, an edit above it, a change of sections, undo, redo or opening a file end it', () => {
    const at = ['sections', 0, 'count'];
    const input = { label: 'Count', text: '6a', message: 'Write a whole number, like 6.' };
    const typed = run([edit('Typed', 1000), { type: 'invalidInput', path: at, input }], opened);
    expect(invalidInputAt(typed, at)).toEqual({ path: at, ...input });
    expect([hasInvalidInput(typed), firstInvalidInput(typed)?.text, invalidInputReason(typed)]).toEqual([
      true,
      '6a',
      'Count holds “6a”: Write a whole number, like 6.',
    ]);
    // Not in the draft, not a step of the history: the file is as it was.
    expect([typed.history.present, typed.history.past.length]).toEqual([
      run([edit('Typed', 1000)], opened).history.present,
      1,
    ]);
    // Retyped: the newer text is kept.
    const retyped = run([{ type: 'invalidInput', path: at, input: { ...input, text: '6ab' } }], typed);
    expect(invalidInputAt(retyped, at)?.text).toBe('6ab');

    // Ends: the field itself says it holds a value again, or a value is set there or above it.
    expect(hasInvalidInput(run([{ type: 'invalidInput', path: at }], typed))).toBe(false);
    expect(hasInvalidInput(run([{ type: 'edit', path: at, value: 6, at: 5000 }], typed))).toBe(false);
    expect(
      hasInvalidInput(run([{ type: 'edit', path: ['sections', 0], value: { type: 'hero' }, at: 5000 }], typed)),
    ).toBe(false);
    expect(hasInvalidInput(run([{ type: 'sections', sections: [] }], typed))).toBe(false);
    expect(hasInvalidInput(run([{ type: 'open', entry: home }], typed))).toBe(false);
    // An edit elsewhere, a check, a select leave it.
    for (const other of [edit('More', 9000), edit('Q', 9000, ['sections', 1, 'items', 0, 'question'])])
      expect(invalidInputAt(run([other], typed), at)?.text).toBe('6a');
    // Ending input that is not there changes nothing.
    expect(studioReducer(opened, { type: 'invalidInput', path: at })).toBe(opened);

    // Undo takes back the text typed last first (there is something to undo even with no step),
    // then the steps of the history; redo ends it too.
    const onlyInvalid = run([{ type: 'invalidInput', path: at, input }], opened);
    expect(canUndo(onlyInvalid)).toBe(true);
    const undoneOnce = run([{ type: 'undo' }], typed);
    expect([hasInvalidInput(undoneOnce), title(undoneOnce), canUndo(undoneOnce)]).toEqual([false, 'Typed', true]);
    expect(title(run([{ type: 'undo' }, { type: 'undo' }], typed))).toBe('Home');
    const redone = run(
      [{ type: 'undo' }, { type: 'undo' }, { type: 'invalidInput', path: at, input }, { type: 'redo' }],
      typed,
    );
    expect([hasInvalidInput(redone), title(redone)]).toEqual([false, 'Typed']);
    // A redo with nothing to redo leaves the text typed.
    expect(hasInvalidInput(run([{ type: 'redo' }], typed))).toBe(true);
  });

  it('checked, saving, saved: the verdict is kept; a save makes the sent draft the file, so edits typed meanwhile stay unsaved', () => {
    const check = { errors: [], elsewhere: [], previewing: true };
    const edited = run([edit('Saved', 1000), { type: 'checked', check }, { type: 'saving' }], opened);
    expect([edited.check, edited.saving]).toEqual([check, true]);
    const sent = edited.history.present;
    const typedOn = run([edit('Saved and more', 5000)], edited);
    const saved = run([{ type: 'saved', version: 'v2', draft: sent }], typedOn);
    expect([
      saved.saving,
      saved.entry?.version,
      (saved.entry?.data as { title: string }).title,
      isDirty(saved),
    ]).toEqual([false, 'v2', 'Saved', true]);
  });

  it('saveFailed and conflict: the save stops; the problem is kept until dismissed; a conflict holds until the file is opened again', () => {
    const failed = run([{ type: 'saving' }, { type: 'saveFailed', message: 'Not valid.' }], opened);
    expect([failed.saving, failed.saveProblem]).toEqual([false, 'Not valid.']);
    expect(run([{ type: 'dismissSaveProblem' }], failed).saveProblem).toBeUndefined();
    const conflicted = run([{ type: 'saving' }, { type: 'conflict' }], opened);
    expect([conflicted.saving, conflicted.conflict]).toEqual([false, true]);
    expect(run([{ type: 'open', entry: home }], conflicted).conflict).toBe(false);
  });

  it('loaded, listed, imageAdded, unreadable: the lists the forms pick from, and a file that cannot be read yet', () => {
    const contract = new Contract({}, ['hero']);
    const loaded = run([
      { type: 'loaded', contract, routes: ['/'], titles: { '/': 'Start' }, images: ['/images/b.png'], entries: [home] },
      { type: 'imageAdded', src: '/images/a.png' },
      { type: 'imageAdded', src: '/images/a.png' },
    ]);
    expect(loaded.site?.images).toEqual(['/images/a.png', '/images/b.png']);
    expect(run([{ type: 'listed', entries: [] }], loaded).entries).toEqual([]);
    const unreadable = run([{ type: 'unreadable', file: 'pages/bad.yaml', message: 'Line 3: a tab' }], opened);
    expect([unreadable.entry, unreadable.unreadable]).toEqual([
      undefined,
      { file: 'pages/bad.yaml', message: 'Line 3: a tab' },
    ]);
  });
});

describe('a click in the preview, traced to its field', () => {
  const section = {
    type: 'hero',
    title: 'Every Field. One Page.',
    highlight: 'One Page.',
    image: { src: '/images/a.svg', alt: 'A picture' },
    items: [{ text: 'Some **bold** words in a sentence.' }],
  };
  const at = (clue: Parameters<typeof pathOfClue>[1]) => pathOfClue(section, clue, ['sections', 0]);

  it('the outermost element whose whole text is a value: the headline, not its highlighted words', () => {
    expect(
      at({ texts: ['One Page.', 'One Page.', 'Every Field. One Page.', 'Every Field. One Page.A picture'] }),
    ).toEqual(['sections', 0, 'title']);
    expect(at({ texts: ['One Page.'] })).toEqual(['sections', 0, 'highlight']);
  });

  it('else the innermost text found inside a value (Markdown), never a text of one or two letters', () => {
    expect(at({ texts: [' words in a sentence.', 'Some bold words in a sentence.'] })).toEqual([
      'sections',
      0,
      'items',
      0,
      'text',
    ]);
    expect(at({ texts: ['Ev'] })).toBeUndefined();
    expect(at({ texts: ['Nothing of this section'] })).toBeUndefined();
  });

  it('an image by its address, else by its alt text: the path of the image itself', () => {
    expect(at({ texts: [], image: { src: '/images/a.svg', alt: '' } })).toEqual(['sections', 0, 'image']);
    expect(at({ texts: [], image: { src: '/_img/a-640.webp', alt: 'A picture' } })).toEqual(['sections', 0, 'image']);
  });
});
