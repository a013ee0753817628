// Which key presses are the studio's own (use-studio-keys.ts acts on them): Ctrl, or ⌘ on a Mac,
// with Z to undo, Shift+Z or Y to redo, S to save. Kept apart from the hook, to be tested alone.

/** What a key press asks of the studio, if anything. */
export function commandOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): 'undo' | 'redo' | 'save' | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  if (key === 's' && !event.shiftKey) return 'save';
  return undefined;
}
