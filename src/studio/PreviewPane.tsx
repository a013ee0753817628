// The preview in the middle: the page the open entry shows (or, while the studio loads, the page
// the address names), whose click selects a section and reveals the field holding what was clicked.
import { useCallback, useState } from 'react';
import { pathOfClue, type Clue } from './click-path.ts';
import { Preview } from './Preview.tsx';
import { useStore, useStudio } from './store/store.ts';
import { sectionsOf } from './store/studio-state.ts';

/** The page the studio's own address names, to start loading at once, beside the studio's data. */
function routeInAddress(): string | undefined {
  const params = new URLSearchParams(location.search);
  return params.get('path') ?? (params.get('file') ? undefined : '/');
}

export function PreviewPane() {
  const store = useStore();
  const entry = useStudio((state) => state.entry);
  const selected = useStudio((state) => state.selected);
  const [addressRoute] = useState(routeInAddress);
  const route = entry ? (entry.route ?? '/') : addressRoute;
  const onPick = useCallback(
    (index: number, clue: Clue) => {
      const section = sectionsOf(store.getState())?.[index];
      const base = ['sections', index];
      store.dispatch({ type: 'select', index, reveal: pathOfClue(section, clue, base) ?? base });
    },
    [store],
  );
  return (
    <main style={{ minHeight: 0, background: 'var(--mantine-color-gray-1)' }}>
      {route && <Preview key={route} route={route} selected={selected} onPick={onPick} />}
    </main>
  );
}
