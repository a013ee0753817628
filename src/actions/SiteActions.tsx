// Provides the site shell to the page React renders, and shares it with the white paper dialogs,
// which src/enhance/actions.ts opens on a button's click (open-dialog.tsx) wherever the page came
// from.
import { useEffect, type ReactNode } from 'react';
import type { SiteShell } from '../../shared/route-data.ts';
import { SiteProvider } from '../site-context.tsx';
import { shareShell } from './dialog-shell.ts';

export function SiteActions({ shell, children }: { shell: SiteShell; children: ReactNode }) {
  useEffect(() => shareShell(shell), [shell]);
  return <SiteProvider shell={shell}>{children}</SiteProvider>;
}
