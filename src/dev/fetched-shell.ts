// `virtual:site` in the studio's prebuilt preview (scripts/studio/studio-bundle.ts): that bundle is
// built once for any content, so the site shell is not part of it but the studio's answer, read
// before the page renders (this window's unsaved edit, else the saved site).
import type { SiteShell } from '../../shared/route-data.ts';
import { fetchShell } from './fetch-shell.ts';

const shell = await fetchShell();
if (!shell) throw new Error('The site has problems to fix before it can be shown.');

export default shell satisfies SiteShell;
