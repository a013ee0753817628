// Text: always one box that grows with its text, so the element never changes while someone types
// in it (a box swapped for a bigger one loses the focus, the caret and every key typed after).
// A field the schema keeps to one line takes no line break: Enter does nothing, and line breaks in
// pasted text become spaces. A change from outside (the studio's undo) puts the caret where the
// text changed.
import { Textarea, TextInput } from '@mantine/core';
import { useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { Schema } from '../schema.ts';
import type { KindProps } from './form-context.ts';

/**
 * Whether the field is one line: only running text, whose pattern lets a line break through, takes
 * one (text with no pattern is a name, a date, an address or a short label).
 */
export function isOneLine(schema: Schema): boolean {
  if (!schema.pattern) return true;
  try {
    return !new RegExp(schema.pattern).test('a\nb');
  } catch {
    return false;
  }
}

/** Where text that changed from `before` to `after` ends, in `after`: the caret after an undo or redo. */
export function changeEnd(before: string, after: string): number {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before.at(-1 - end) === after.at(-1 - end)) end++;
  // Nothing kept at either edge whole: the text was typed over, and letters it happens to share with
  // the old text at its end are not where the typing stopped.
  if (start === 0 && end < before.length && end < after.length) return after.length;
  return after.length - end;
}

export function TextField({ resolved, value, common, set }: KindProps) {
  const { schema } = resolved;
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const oneLine = isOneLine(schema);
  const expectedLong = (schema.maxLength ?? 0) > 200 || (schema.minLength ?? 0) >= 50;
  const box = useRef<HTMLTextAreaElement>(null);
  /** The text as this box last had it: a value that differs came from outside. */
  const known = useRef(text);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element || known.current === text) return;
    const caret = changeEnd(known.current, text);
    known.current = text;
    if (document.activeElement === element) element.setSelectionRange(caret, caret);
  }, [text]);

  const change = (next: string) => {
    known.current = next;
    set(next);
  };
  const noLineBreak = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) event.preventDefault();
  };
  const pasteOnOneLine = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = event.clipboardData.getData('text/plain');
    if (!/[\r\n]/.test(pasted)) return;
    event.preventDefault();
    const element = event.currentTarget;
    element.setRangeText(pasted.replace(/\s*[\r\n]+\s*/g, ' '), element.selectionStart, element.selectionEnd, 'end');
    change(element.value);
  };

  return (
    <Textarea
      {...common}
      ref={box}
      autosize
      minRows={expectedLong ? 2 : 1}
      value={text}
      aria-multiline={!oneLine}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={oneLine ? noLineBreak : undefined}
      onPaste={oneLine ? pasteOnOneLine : undefined}
    />
  );
}

/** A fixed value (a section's type): shown, not edited. */
export function ConstField({ resolved, common }: KindProps) {
  return <TextInput {...common} value={String(resolved.schema.const)} readOnly />;
}
