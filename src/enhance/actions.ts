// Buttons with `data-action`: printing at once; the white paper dialogs load their code (React and
// the dialog) on the first click, so a page whose visitor never opens one never downloads it.
import type { ButtonAction } from '../../shared/generated/content.ts';

type DialogAction = Exclude<ButtonAction, 'print'>;

const handlers: Record<ButtonAction, (doc: Document) => void> = {
  print: (doc) => doc.defaultView?.print(),
  'white-paper-request': (doc) => openDialog(doc, 'white-paper-request'),
  'read-white-paper': (doc) => openDialog(doc, 'read-white-paper'),
};

function openDialog(doc: Document, action: DialogAction): void {
  void import('../actions/open-dialog.tsx').then(({ openDialog }) => openDialog(doc, action));
}

export function installActions(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('button[data-action]');
    const action = button?.getAttribute('data-action');
    if (action && Object.hasOwn(handlers, action)) handlers[action as ButtonAction](doc);
  });
}
