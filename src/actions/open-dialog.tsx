// Loaded on the first click of a dialog button (src/enhance/actions.ts): mounts the white paper
// dialogs in a React root of their own, inside the theme (its CSS variables are already in the page)
// and the site shell. The root stays, so a dialog keeps what was typed when it is closed and
// opened again, and the toast outlives the dialog that showed it.
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import shell from 'virtual:site';
import type { ButtonAction } from '../../shared/generated/content.ts';
import { SiteProvider } from '../site-context.tsx';
import { cssVariablesResolver, siteTheme } from '../theme.ts';
import { sharedShell } from './dialog-shell.ts';
import { documentOfPage, type PageDocument } from './page-document.ts';

const WhitePaperRequest = lazy(() => import('./WhitePaperRequest.tsx'));
const DocumentReader = lazy(() => import('./DocumentReader.tsx'));

type Dialog = Exclude<ButtonAction, 'print'>;

const roots = new WeakMap<Document, Root>();
const loaded = new Set<Dialog>();
let reading: PageDocument | undefined;

function render(doc: Document, open: Dialog | null): void {
  let root = roots.get(doc);
  if (!root) {
    const container = doc.createElement('div');
    container.setAttribute('data-dialogs', '');
    doc.body.append(container);
    root = createRoot(container);
    roots.set(doc, root);
  }
  const current = sharedShell() ?? shell;
  const close = () => render(doc, null);
  root.render(
    <MantineProvider
      theme={siteTheme(current.settings.theme)}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <SiteProvider shell={current}>
        <Suspense fallback={null}>
          {loaded.has('white-paper-request') && (
            <WhitePaperRequest opened={open === 'white-paper-request'} onClose={close} />
          )}
          {loaded.has('read-white-paper') && reading && (
            <DocumentReader
              opened={open === 'read-white-paper'}
              onClose={close}
              title={reading.title}
              html={reading.html}
            />
          )}
        </Suspense>
      </SiteProvider>
    </MantineProvider>,
  );
}

export function openDialog(doc: Document, dialog: Dialog): void {
  if (dialog === 'read-white-paper') {
    // Read again at each opening: in the studio's preview the paper follows the edit.
    reading = documentOfPage(doc);
    if (!reading) return;
  }
  loaded.add(dialog);
  render(doc, dialog);
}
