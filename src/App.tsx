// The whole application below the router: theme, site shell and actions, layout, and the page
// for the current address inside an error boundary.
import { MantineProvider, TooltipGroup } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { SiteActions } from './actions/SiteActions.tsx';
import { Layout } from './layout/Layout.tsx';
import { ErrorBoundary } from './pages/ErrorBoundary.tsx';
import type { RouteData, SiteShell } from './route-data.ts';
import { RouteView } from './routing/RouteView.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export function App({ shell, initial }: { shell: SiteShell; initial: RouteData }) {
  const [location] = useLocation();
  const [route, setRoute] = useState(initial);
  const { openDelay, skipDelay } = shell.settings.tooltips;
  return (
    <MantineProvider
      theme={{ ...theme, components: { Tooltip: { defaultProps: { openDelay, withArrow: true } } } }}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
    >
      <TooltipGroup openDelay={openDelay} closeDelay={skipDelay}>
        <SiteActions shell={shell} route={route}>
          <Layout>
            <ErrorBoundary title={shell.settings.errorScreen.title} resetKey={location}>
              <RouteView initial={route} onRoute={setRoute} />
            </ErrorBoundary>
          </Layout>
        </SiteActions>
      </TooltipGroup>
    </MantineProvider>
  );
}
