// Dev only, in the studio's preview: the site shell (settings and forms: the header's menu, the
// footer, the dialogs' forms) follows the edit the studio previews, as the route data does
// (route-updates.ts), so a new menu link shows in the preview before it is saved. Elsewhere (the
// visitors' build, `npm run dev`) the shell is the bundle's own and never changes.
import { useEffect, useState } from 'react';
import { routeDataEvent, shellDataUrl, type SiteShell } from '../../shared/route-data.ts';
import { editMode } from '../components/edit-mode.ts';

export function useLiveShell(initial: SiteShell): SiteShell {
  const [shell, setShell] = useState(initial);
  useEffect(() => {
    const hot = import.meta.hot;
    if (!import.meta.env.DEV || !editMode || !hot) return;
    // Only the newest answer is shown: edits can follow each other faster than a fetch returns.
    let latest = 0;
    const refresh = () => {
      const ticket = ++latest;
      fetch(shellDataUrl)
        .then((response) => (response.ok ? (response.json() as Promise<SiteShell>) : undefined))
        .then(
          (next) => ticket === latest && next && setShell(next),
          () => undefined,
        );
    };
    hot.on(routeDataEvent, refresh);
    refresh();
    return () => {
      latest = -1;
      hot.off(routeDataEvent, refresh);
    };
  }, []);
  return shell;
}
