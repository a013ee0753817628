// One island as a React root of its own, the same tree on the server (entry-server.tsx) and in the
// browser (hydrate.tsx): the theme (its CSS variables and global classes are already in the page's
// <head>), the site shell, the context the island sat in on the page, and its section. A button
// with an action inside it is carried out by the page's enhancements (src/enhance/), as anywhere.
import { MantineProvider } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { OnDarkContext } from '../components/ActionButton.tsx';
import { sectionComponent } from '../sections/registry.ts';
import { SiteProvider } from '../site-context.tsx';
import { cssVariablesResolver, siteTheme } from '../theme.ts';
import type { SiteShell } from '../../shared/route-data.ts';
import type { IslandProps } from './Island.tsx';

export function IslandRoot({
  shell,
  island,
  onHydrated,
}: {
  shell: SiteShell;
  island: IslandProps;
  /** Called once the island is hydrated and its effects have run (browser only). */
  onHydrated?: () => void;
}) {
  const theme = useMemo(() => siteTheme(shell.settings.theme), [shell.settings.theme]);
  useEffect(() => onHydrated?.(), [onHydrated]);
  const Component = sectionComponent(island.section.type);
  if (!Component) throw new Error(`Section type "${island.section.type}" is not loaded`);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <SiteProvider shell={shell}>
        <OnDarkContext.Provider value={island.onDark}>
          {/* eslint-disable-next-line react-hooks/static-components -- the registry returns the one component it loaded for this type, the same object at every render */}
          <Component section={island.section} />
        </OnDarkContext.Provider>
      </SiteProvider>
    </MantineProvider>
  );
}
