// The studio's keys, wherever the focus is: Ctrl+Z undoes and Ctrl+Shift+Z or Ctrl+Y redoes in the
// studio's one history (⌘ on a Mac), inside a text box and the Markdown editor too, so the
// browser's own undo never empties a box behind the studio's back; Ctrl+S saves. They are caught
// before any field sees them (the capture phase). A text box that is none of the entry's fields
// (the content list's filter, a dialog, a search box) keeps the browser's own undo.
import { useEffect } from 'react';
import { commandOf } from './key-commands.ts';
import { saveEntry } from './store/commands.ts';
import { useStore } from './store/store.ts';

/**
 * A text box that is none of the entry's fields (each carries its data path; the Markdown body is
 * marked as the text's body): typing there is in no history of the entry.
 */
function isOtherTextBox(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const editable =
    target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
  return editable && !target.closest('[data-path], [data-text-body]');
}

export function useStudioKeys(): void {
  const store = useStore();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = event.isComposing ? undefined : commandOf(event);
      if (!command || (command !== 'save' && isOtherTextBox(event.target))) return;
      event.preventDefault();
      event.stopPropagation();
      if (command === 'save') void saveEntry(store);
      else store.dispatch({ type: command });
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [store]);
}
