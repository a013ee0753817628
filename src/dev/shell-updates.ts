// In the studio's preview and `npm run dev`: the site shell (settings and forms: the header's menu,
// the footer, the dialogs' forms) is the one of the language of the page shown, read again when a
// link leads to another language. In the studio's preview it also follows the edit previewed, as
// the route data does (route-updates.ts), so a new menu link shows before it is saved. In the
// visitors' build the shell is the page's own and never changes.
import { useEffect, useState } from 'react';
import type { SiteShell } from '../../shared/route-data.ts';
import { editMode } from '../components/edit-mode.ts';
import { followPreview } from './follow-preview.ts';
import { fetchShell } from './fetch-shell.ts';

/** `translation`: the code of the translation whose page is shown, undefined on the site's own pages. */
export function useLiveShell(initial: SiteShell, translation: string | undefined): SiteShell {
  const [shell, setShell] = useState(initial);
  useEffect(() => {
    if (!(import.meta.env.DEV || import.meta.env.STUDIO_PREVIEW)) return;
    const load = () => fetchShell(translation);
    if (editMode) return followPreview(load, (next) => next && setShell(next));
    let current = true;
    void load().then((next) => current && next && setShell(next));
    return () => {
      current = false;
    };
  }, [translation]);
  // The prerendered page names its language on <html>; here the page follows the shell shown.
  useEffect(() => {
    document.documentElement.lang = shell.language.code;
    document.documentElement.dir = shell.language.direction ?? 'ltr';
  }, [shell.language]);
  return shell;
}
