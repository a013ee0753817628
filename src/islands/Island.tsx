// The boundary of an interactive part of a page. In the dev server and the studio's preview the
// whole page is React and an island is simply its children. When the server prerenders a page for
// visitors, it renders a placeholder instead and records the island's props: each island then
// becomes its own React root (entry-server.tsx, splice.ts), hydrated on its own in the browser
// (hydrate.tsx) while the rest of the page stays HTML.
import { createContext, useContext, type ReactNode } from 'react';
import { OnDarkContext } from '../components/ActionButton.tsx';
import type { RenderedSection } from '../../shared/route-data.ts';
import classes from './Island.module.css';

/** Everything an island's root needs besides the site shell: its section and the context above it. */
export interface IslandProps {
  section: RenderedSection;
  onDark: boolean;
}

/** The server's first pass: islands by id (unique on the page), in the order they render. */
export type IslandCollector = Map<number, IslandProps>;

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** `id`: unique on the page (the section's index); it names the island's root and its useId prefix. */
export function Island({ id, section, children }: { id: number; section: RenderedSection; children: ReactNode }) {
  const collector = useContext(IslandCollectorContext);
  const onDark = useContext(OnDarkContext);
  if (!collector) return children;
  // Keyed by id, so a second render of the same tree records the same island once.
  collector.set(id, { section, onDark });
  return <div data-island={id} data-island-type={section.type} className={classes.island} />;
}
