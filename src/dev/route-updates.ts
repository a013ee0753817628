// Dev only: when the dev server says the route data changed (the studio previews an unsaved edit),
// the open page fetches its data again and re-renders in place: no reload, so scroll position,
// focus and the studio's marks on the page stay. RouteView calls this under `import.meta.env.DEV`,
// so a build contains none of it.
import { useEffect, useEffectEvent } from 'react';
import type { RouteData } from '../../shared/route-data.ts';
import { forgetRoutes, loadRoute } from '../routing/load-route.ts';
import { followPreview } from './follow-preview.ts';

export function useRouteUpdates(path: string, show: (route: RouteData) => void): void {
  // The caller's `show` is a new function at each render; the subscription follows the path only.
  const showLatest = useEffectEvent(show);
  useEffect(() => {
    const hot = import.meta.hot;
    if (!hot) return;
    return followPreview(
      hot,
      () => {
        forgetRoutes();
        return loadRoute(path);
      },
      showLatest,
    );
  }, [path]);
}
