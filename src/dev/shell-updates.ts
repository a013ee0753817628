// Dev only, in the studio's preview: the site shell (settings and forms: the header's menu, the
// footer, the dialogs' forms) follows the edit the studio previews, as the route data does
// (route-updates.ts), so a new menu link shows in the preview before it is saved. Elsewhere (the
// visitors' build, `npm run dev`) the shell is the bundle's own and never changes.
import { useEffect, useState } from 'react';
import { shellDataUrl, type SiteShell } from '../../shared/route-data.ts';
import { editMode } from '../components/edit-mode.ts';
import { followPreview } from './follow-preview.ts';
import { siteUrl } from '../routing/site-base.ts';
import { previewWindowHeaders } from './preview-window.ts';

export function useLiveShell(initial: SiteShell): SiteShell {
  const [shell, setShell] = useState(initial);
  useEffect(() => {
    const hot = import.meta.hot;
    if (!import.meta.env.DEV || !editMode || !hot) return;
    return followPreview(
      hot,
      () =>
        fetch(siteUrl(shellDataUrl), { headers: previewWindowHeaders() }).then((response) =>
          response.ok ? (response.json() as Promise<SiteShell>) : undefined,
        ),
      (next) => next && setShell(next),
    );
  }, []);
  return shell;
}
