// In the studio's preview: when the studio page says the route data changed (it previews an unsaved
// edit), the open page fetches its data again and re-renders in place: no reload, so scroll
// position, focus and the studio's marks on the page stay. RouteView calls this under
// `import.meta.env.DEV || import.meta.env.STUDIO_PREVIEW`, so the visitors' build contains none of it.
import { useEffect, useEffectEvent } from 'react';
import type { RouteData } from '../../shared/route-data.ts';
import { editMode } from '../components/edit-mode.ts';
import { forgetRoutes, loadRoute } from '../routing/load-route.ts';
import { followPreview } from './follow-preview.ts';

export function useRouteUpdates(path: string, show: (route: RouteData) => void): void {
  // The caller's `show` is a new function at each render; the subscription follows the path only.
  const showLatest = useEffectEvent(show);
  useEffect(() => {
    if (!editMode) return;
    return followPreview(() => {
      forgetRoutes();
      return loadRoute(path);
    }, showLatest);
  }, [path]);
}
