// The site shell (settings, forms), shared with every component without threading props through
// each section.
import { createContext, useContext, type ReactNode } from 'react';
import type { FormDefinition } from '../shared/generated/content.ts';
import type { SiteShell } from '../shared/route-data.ts';
import type { SiteWords } from '../shared/site-words.ts';

const SiteContext = createContext<SiteShell | null>(null);

export function SiteProvider({ shell, children }: { shell: SiteShell; children: ReactNode }) {
  return <SiteContext.Provider value={shell}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteShell {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() needs <SiteProvider> above it');
  return value;
}

/** The words of the site's own parts, in the page's language. */
export const useWords = (): SiteWords => useSite().settings.siteWords;

export function useForm(id: FormDefinition['id']): FormDefinition {
  const form = useSite().forms.find((f) => f.id === id);
  if (!form) throw new Error(`No form "${id}" in site/forms`);
  return form;
}
