// Provides the site shell and the button actions: the white paper request form, the white paper
// reader and printing. The two dialogs are loaded on first use, so pages that never open them
// never download their code.
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { RouteData, SiteShell } from '../../shared/route-data.ts';
import { SiteProvider, type ActionHandlers } from '../site-context.tsx';

const WhitePaperRequest = lazy(() => import('./WhitePaperRequest.tsx'));
const DocumentReader = lazy(() => import('./DocumentReader.tsx'));

type Dialog = 'request' | 'reader';

function documentOf(route: RouteData | undefined) {
  if (route?.kind !== 'page') return undefined;
  const hero = route.sections.find((s) => s.type === 'hero');
  const document = route.sections.find((s) => s.type === 'document');
  return document?.type === 'document'
    ? { title: document.title ?? hero?.title ?? route.title, html: document.html }
    : undefined;
}

export function SiteActions({ shell, route, children }: { shell: SiteShell; route?: RouteData; children: ReactNode }) {
  const [open, setOpen] = useState<Dialog | null>(null);
  const [loaded, setLoaded] = useState<Set<Dialog>>(new Set());
  const show = (dialog: Dialog) => {
    setLoaded((current) => new Set(current).add(dialog));
    setOpen(dialog);
  };
  const actions = useMemo<ActionHandlers>(
    () => ({
      'white-paper-request': () => show('request'),
      'read-white-paper': () => show('reader'),
      print: () => window.print(),
    }),
    [],
  );
  const document = documentOf(route);
  const close = () => setOpen(null);
  return (
    <SiteProvider shell={shell} actions={actions}>
      {children}
      <Suspense fallback={null}>
        {loaded.has('request') && <WhitePaperRequest opened={open === 'request'} onClose={close} />}
        {loaded.has('reader') && document && (
          <DocumentReader opened={open === 'reader'} onClose={close} title={document.title} html={document.html} />
        )}
      </Suspense>
    </SiteProvider>
  );
}
