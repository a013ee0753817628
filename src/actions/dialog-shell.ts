// The site shell the dialogs read their form and theme from. Where React renders the whole page
// (npm run dev, the studio's preview) the App shares its shell here, which follows the studio's
// edits; on a visitor's page the bundle's own shell serves.
import type { SiteShell } from '../../shared/route-data.ts';

let shared: SiteShell | undefined;

export function shareShell(shell: SiteShell): void {
  shared = shell;
}

export const sharedShell = (): SiteShell | undefined => shared;
