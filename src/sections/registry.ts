// The renderer's map from section `type` to its component, loaded on demand: a page downloads
// only the sections it uses. Typed against the generated Section union, so a type added to the
// schema without an entry here fails the type-check. The component for type `x` lives in
// src/sections/<X>.tsx (PascalCase): `npm run validate` checks it (componentFile in
// scripts/content/schema-check.ts) and the prerenderer relies on it to preload the chunk.
//
// A type wrapped in `island(…)` is interactive: on visitors' pages it is the only part that runs in
// the browser (src/islands/), every other section stays the prerendered HTML and ships no code.
// This is the one place that says so; a new section type is static unless its line says island.
import type { ComponentType } from 'react';
import type { RenderedSection, SectionOf, SectionType } from '../../shared/route-data.ts';

export type SectionComponent<K extends SectionType> = ComponentType<{ section: SectionOf<K> }>;

type Load<K extends SectionType> = () => Promise<SectionComponent<K>>;
interface Island<K extends SectionType> {
  island: Load<K>;
}

/** A section that needs the browser (state, effects, event handlers): hydrated on its own. */
const island = <K extends SectionType>(load: Load<K>): Island<K> => ({ island: load });

const loaders: { [K in SectionType]: Load<K> | Island<K> } = {
  hero: () => import('./Hero.tsx').then((m) => m.Hero),
  stats: () => import('./Stats.tsx').then((m) => m.Stats),
  cards: () => import('./Cards.tsx').then((m) => m.Cards),
  table: () => import('./Table.tsx').then((m) => m.Table),
  steps: () => import('./Steps.tsx').then((m) => m.Steps),
  faq: () => import('./Faq.tsx').then((m) => m.Faq),
  metrics: () => import('./Metrics.tsx').then((m) => m.Metrics),
  cta: () => import('./Cta.tsx').then((m) => m.Cta),
  stories: () => import('./Stories.tsx').then((m) => m.Stories),
  testimonials: () => import('./Testimonials.tsx').then((m) => m.Testimonials),
  trends: () => import('./Trends.tsx').then((m) => m.Trends),
  articles: () => import('./Articles.tsx').then((m) => m.Articles),
  document: () => import('./Document.tsx').then((m) => m.Document),
  // The inquiry form keeps what is typed, checks it and sends it: it needs React in the browser.
  form: island(() => import('./Form.tsx').then((m) => m.Form)),
};

const loaderOf = (type: SectionType): Load<SectionType> => {
  const entry = loaders[type] as Load<SectionType> | Island<SectionType>;
  return typeof entry === 'function' ? entry : entry.island;
};

export const sectionTypeNames = Object.keys(loaders) as SectionType[];

/** Whether sections of this type hydrate in visitors' browsers (see `island` above). */
export const isIsland = (type: SectionType): boolean => typeof loaders[type] !== 'function';

const loaded = new Map<SectionType, SectionComponent<SectionType>>();

/** Loads the components for these sections; resolves once all can render synchronously. */
export async function loadSections(sections: Iterable<Pick<RenderedSection, 'type'>>): Promise<void> {
  const missing = [...new Set([...sections].map((s) => s.type))].filter((type) => !loaded.has(type));
  await Promise.all(
    missing.map(async (type) => loaded.set(type, (await loaderOf(type)()) as SectionComponent<SectionType>)),
  );
}

export function sectionComponent(type: SectionType): SectionComponent<SectionType> | undefined {
  return loaded.get(type);
}
