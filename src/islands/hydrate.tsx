// Hydrates one island: its props come from the JSON the server wrote beside it, its component
// from the registry, the site shell from the bundle (a translated page carries its own). The root and its useId prefix are those the
// server rendered it with (entry-server.tsx), so the markup matches exactly.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import bundledShell from 'virtual:site';
import type { SiteShell } from '../../shared/route-data.ts';
import { loadSections } from '../sections/registry.ts';
import type { IslandProps } from './Island.tsx';
import { IslandRoot } from './IslandRoot.tsx';
import { islandPrefix } from './prefix.ts';
import { keepTyped } from './keep-typed.ts';

export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const id = Number(element.dataset.island);
  const json = element.ownerDocument.querySelector(`script[data-island-props="${id}"]`)?.textContent;
  if (!json) throw new Error(`Island ${id} has no props`);
  const island = JSON.parse(json) as IslandProps;
  const pageShell = element.ownerDocument.querySelector('script[data-site-shell]')?.textContent;
  const shell = pageShell ? (JSON.parse(pageShell) as SiteShell) : bundledShell;
  await loadSections([island.section]);
  await new Promise<void>((resolve) => {
    const hydrated = () => {
      keepTyped(element);
      // The changes keepTyped handed to React are rendered before anyone sends the form.
      setTimeout(resolve, 0);
    };
    // In a transition React yields to the browser between units of work: a slow phone never sees
    // one long task for the whole island (it is already painted and readable).
    startTransition(() => {
      hydrateRoot(element, <IslandRoot shell={shell} island={island} onHydrated={hydrated} />, {
        identifierPrefix: islandPrefix(id),
      });
    });
  });
}
