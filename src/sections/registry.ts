// The renderer's map from section `type` to component. Typed against the generated Section union:
// a type added to the schema without a component here fails the type-check.
import type { ComponentType } from 'react';
import type { SectionOf, SectionType } from '../route-data.ts';
import { Articles } from './Articles.tsx';
import { Cards } from './Cards.tsx';
import { Cta } from './Cta.tsx';
import { Document } from './Document.tsx';
import { Faq } from './Faq.tsx';
import { Form } from './Form.tsx';
import { Hero } from './Hero.tsx';
import { Metrics } from './Metrics.tsx';
import { Stats } from './Stats.tsx';
import { Steps } from './Steps.tsx';
import { Stories } from './Stories.tsx';
import { Table } from './Table.tsx';
import { Testimonials } from './Testimonials.tsx';
import { Trends } from './Trends.tsx';

export type SectionComponent<K extends SectionType> = ComponentType<{ section: SectionOf<K> }>;

export const sectionComponents: { [K in SectionType]: SectionComponent<K> } = {
  hero: Hero,
  stats: Stats,
  cards: Cards,
  table: Table,
  steps: Steps,
  faq: Faq,
  metrics: Metrics,
  cta: Cta,
  stories: Stories,
  testimonials: Testimonials,
  trends: Trends,
  articles: Articles,
  document: Document,
  form: Form,
};
