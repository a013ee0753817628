// Dev only: when the dev server says the route data changed (the studio previews an unsaved edit),
// the open page fetches its data again and re-renders in place: no reload, so scroll position,
// focus and the studio's marks on the page stay. RouteView calls this under `import.meta.env.DEV`,
// so a build contains none of it.
import { useEffect, useEffectEvent } from 'react';
import { routeDataEvent, type RouteData } from '../../shared/route-data.ts';
import { forgetRoutes, loadRoute } from '../routing/load-route.ts';

export function useRouteUpdates(path: string, show: (route: RouteData) => void): void {
  // The caller's `show` is a new function at each render; the subscription follows the path only.
  const showLatest = useEffectEvent(show);
  useEffect(() => {
    const hot = import.meta.hot;
    if (!hot) return;
    // Only the newest answer is shown: edits can follow each other faster than a fetch returns.
    let latest = 0;
    const refresh = () => {
      const ticket = ++latest;
      forgetRoutes();
      loadRoute(path).then(
        (route) => ticket === latest && showLatest(route),
        () => undefined,
      );
    };
    hot.on(routeDataEvent, refresh);
    // An edit sent between this page's request and now was announced before anyone listened: ask
    // once (the server keeps the newest preview), or on a busy machine the page misses every edit
    // made while it was loading and shows stale data until the next one.
    refresh();
    return () => {
      latest = -1;
      hot.off(routeDataEvent, refresh);
    };
  }, [path]);
}
