// The site shell of the edit this preview shows (its window's unsaved edit, else the saved site),
// in the language of `translation` (the site's own when none), as the studio's server answers it;
// undefined when it has none to give (the site has problems).
import { shellDataUrl, type SiteShell } from '../../shared/route-data.ts';
import { siteUrl } from '../routing/site-base.ts';
import { previewWindowHeaders } from './preview-window.ts';

export const fetchShell = (translation?: string): Promise<SiteShell | undefined> =>
  fetch(siteUrl(shellDataUrl(translation)), { headers: previewWindowHeaders() }).then((response) =>
    response.ok ? (response.json() as Promise<SiteShell>) : undefined,
  );
