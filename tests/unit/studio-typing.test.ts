// The rules behind typing in the studio, without a browser: which text fields are one line (from
// the schema's own patterns), what a number field takes and says, where the caret goes after an
// undo, and which keys are the studio's.
import { describe, expect, it } from 'vitest';
import { composedSchemas } from '../../scripts/content/schemas.ts';
import { numberNeeded, parseNumber } from '../../src/studio/fields/NumberField.tsx';
import { changeEnd, isOneLine } from '../../src/studio/fields/TextField.tsx';
import type { Schema } from '../../src/studio/schema.ts';
import { commandOf } from '../../src/studio/key-commands.ts';

const defs = (composedSchemas().get('common.schema.json') as { $defs: Record<string, Schema> }).$defs;

describe('typing in the studio', () => {
  it("one line or running text, as the schema's shared definitions say: names and titles take no line break, paragraphs do", () => {
    expect([isOneLine(defs.text), isOneLine(defs.paragraph), isOneLine(defs.internalPath)]).toEqual([
      true,
      false,
      true,
    ]);
    // Text with no pattern is a name, a date or a short label: one line.
    expect(isOneLine({ type: 'string' })).toBe(true);
  });

  it('a number field takes whole numbers where the schema says integer, and says what it needs with an example within bounds', () => {
    expect([parseNumber('12', true), parseNumber(' 7 ', true), parseNumber('-3', true)]).toEqual([12, 7, -3]);
    expect([parseNumber('six', true), parseNumber('6.5', true), parseNumber('6a', true)]).toEqual([null, null, null]);
    expect([parseNumber('6.5', false), parseNumber('.5', false), parseNumber('1e3', false)]).toEqual([6.5, 0.5, null]);
    expect([parseNumber('', true), parseNumber('  ', false)]).toEqual([undefined, undefined]);
    expect(numberNeeded({ type: 'integer', minimum: 1, maximum: 60 }, true)).toBe('Write a whole number, like 6.');
    expect(numberNeeded({ type: 'integer', minimum: 100 }, true)).toBe('Write a whole number, like 100.');
    expect(numberNeeded({ type: 'integer', maximum: 3 }, true)).toBe('Write a whole number, like 3.');
    expect(numberNeeded({ type: 'number', examples: [0.75] }, false)).toBe('Write a number, like 0.75.');
  });

  it('after an undo or redo the caret stands where the text changed', () => {
    expect(changeEnd('Hello world', 'Hello brave world')).toBe('Hello brave '.length);
    expect(changeEnd('Hello brave world', 'Hello world')).toBe('Hello '.length);
    expect(changeEnd('', 'Typed')).toBe(5);
    expect(changeEnd('Same', 'Same')).toBe(4);
    // Typed over: the caret ends after the new text, even where it ends as the old one did.
    expect(changeEnd('A short line.', 'One short sentence.')).toBe('One short sentence.'.length);
    expect(changeEnd('Typed text', 'text')).toBe(0);
    expect(changeEnd('text', 'New text')).toBe('New '.length);
  });

  it("Ctrl (or ⌘) with Z, Shift+Z, Y and S are the studio's; other keys and Alt combinations are not", () => {
    const key = (k: string, more: Partial<KeyboardEvent> = {}) =>
      commandOf({ key: k, ctrlKey: true, metaKey: false, shiftKey: false, altKey: false, ...more });
    expect([key('z'), key('Z', { shiftKey: true }), key('y'), key('s')]).toEqual(['undo', 'redo', 'redo', 'save']);
    expect(key('z', { ctrlKey: false, metaKey: true })).toBe('undo');
    expect([key('z', { ctrlKey: false }), key('z', { altKey: true }), key('a'), key('y', { shiftKey: true })]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
