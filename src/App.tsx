// The whole application below the router: theme, site shell and actions, layout, and the page
// for the current address inside an error boundary.
import { MantineProvider } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { SiteActions } from './actions/SiteActions.tsx';
import { Layout } from './layout/Layout.tsx';
import { ErrorBoundary } from './pages/ErrorBoundary.tsx';
import type { RouteData, SiteShell } from '../shared/route-data.ts';
import { RouteView } from './routing/RouteView.tsx';
import { useLiveShell } from './dev/shell-updates.ts';
import { cssVariablesResolver, siteTheme } from './theme.ts';
import { translationOf } from '../shared/languages.ts';

/**
 * `stylesInHead`: the prerendered page carries Mantine's CSS variables and global classes in its
 * <head> (see entry-server's themeStyles), where HTML allows <style>; without a prerendered page
 * (the dev server) the provider writes them itself.
 */
export function App({
  shell: bundled,
  initial,
  stylesInHead = false,
}: {
  shell: SiteShell;
  initial: RouteData;
  stylesInHead?: boolean;
}) {
  const [location] = useLocation();
  const [route, setRoute] = useState(initial);
  const translation = translationOf(bundled.settings.languages, route.path)?.code;
  const shell =
    // eslint-disable-next-line react-hooks/rules-of-hooks -- both flags are constants of the build
    import.meta.env.DEV || import.meta.env.STUDIO_PREVIEW ? useLiveShell(bundled, translation) : bundled;
  const theme = useMemo(() => siteTheme(shell.settings.theme), [shell.settings.theme]);
  // Marks the page interactive (hydrated), for tests and for anyone measuring the site.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      withCssVariables={!stylesInHead}
      withGlobalClasses={!stylesInHead}
    >
      <SiteActions shell={shell}>
        <Layout route={route}>
          <ErrorBoundary title={shell.settings.errorScreen.title} resetKey={location}>
            <RouteView initial={route} onRoute={setRoute} />
          </ErrorBoundary>
        </Layout>
      </SiteActions>
    </MantineProvider>
  );
}
