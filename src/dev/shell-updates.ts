// In the studio's preview: the site shell (settings and forms: the header's menu, the footer, the
// dialogs' forms) follows the edit the studio previews, as the route data does (route-updates.ts),
// so a new menu link shows in the preview before it is saved. Elsewhere (the visitors' build,
// `npm run dev`) the shell is the bundle's own and never changes.
import { useEffect, useState } from 'react';
import type { SiteShell } from '../../shared/route-data.ts';
import { editMode } from '../components/edit-mode.ts';
import { followPreview } from './follow-preview.ts';
import { fetchShell } from './fetch-shell.ts';

export function useLiveShell(initial: SiteShell): SiteShell {
  const [shell, setShell] = useState(initial);
  useEffect(() => {
    if (!(import.meta.env.DEV || import.meta.env.STUDIO_PREVIEW) || !editMode) return;
    return followPreview(fetchShell, (next) => next && setShell(next));
  }, []);
  return shell;
}
