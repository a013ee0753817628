// The site shell (settings, forms) and the page-level actions buttons can trigger, shared with
// every component without threading props through each section.
import { createContext, useContext, type ReactNode } from 'react';
import type { ButtonAction, FormDefinition } from '../shared/generated/content.ts';
import type { SiteShell } from '../shared/route-data.ts';

export type ActionHandlers = Record<ButtonAction, () => void>;

interface SiteContextValue extends SiteShell {
  actions: ActionHandlers;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export function SiteProvider({
  shell,
  actions,
  children,
}: {
  shell: SiteShell;
  actions: ActionHandlers;
  children: ReactNode;
}) {
  return <SiteContext.Provider value={{ ...shell, actions }}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() needs <SiteProvider> above it');
  return value;
}

export function useForm(id: FormDefinition['id']): FormDefinition {
  const form = useSite().forms.find((f) => f.id === id);
  if (!form) throw new Error(`No form "${id}" in site/forms`);
  return form;
}
