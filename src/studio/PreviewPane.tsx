// The preview in the middle: the page the open entry shows (or, while the studio loads, the page
// the address names), whose click selects a section and reveals the field holding what was clicked.
// Above it, the width to show the page at, and a note while the draft has a problem (the page then
// keeps showing the last version without one).
import { Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { pathOfClue, type Clue } from './click-path.ts';
import { Preview } from './Preview.tsx';
import { fitFrame, usePreviewWidth, WidthSwitch } from './PreviewWidths.tsx';
import { useStore, useStudio } from './store/store.ts';
import { sectionsOf } from './store/studio-state.ts';

const staleNote = 'Showing the last version without problems — fix the problem in the panel to see your latest edit';

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
  const [chosen, choose] = usePreviewWidth();
  const { ref: areaRef, width, height } = useElementSize();
  const fit = fitFrame(chosen, { width, height });
  // The server previews only a draft without problems: while the check finds one, the page is older.
  const stale = useStudio((state) => (state.check ? state.check.errors.length + state.check.elsewhere.length : 0) > 0);
  return (
    <main
      style={{
        display: 'grid',
        gridTemplateRows: 'auto auto minmax(0, 1fr)',
        minHeight: 0,
        background: 'var(--mantine-color-gray-1)',
      }}
    >
      <Group px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <WidthSwitch chosen={chosen} fit={fit} onChange={choose} />
      </Group>
      <div role="status">
        {stale && route && (
          <Group
            gap="xs"
            wrap="nowrap"
            px="sm"
            py={6}
            style={{
              background: 'var(--mantine-color-yellow-1)',
              borderBottom: '1px solid var(--mantine-color-yellow-4)',
            }}
          >
            <IconAlertTriangle size={16} aria-hidden="true" style={{ flex: 'none' }} />
            <Text size="sm">{staleNote}</Text>
          </Group>
        )}
      </div>
      <div ref={areaRef} style={{ minHeight: 0, overflow: 'hidden' }}>
        {route && <Preview key={route} route={route} fit={fit} selected={selected} onPick={onPick} />}
      </div>
    </main>
  );
}
