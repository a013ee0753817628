// The one wrapper every section shares: spacing, background, the optional eyebrow/title/subtitle
// header, and hiding by query. Components below it render only their own content.
import { Container, Text, Title } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { OnDarkContext } from './ActionButton.tsx';
import type { RenderedSection } from '../browser-data.ts';
import { useQueryFlag } from '../routing/use-query-flag.ts';
import classes from './SectionFrame.module.css';

/** True for the section that opens a page without a hero: its title is the page's h1. */
export const PageLeadContext = createContext(false);

export function SectionFrame({ section, children }: { section: RenderedSection; children: ReactNode }) {
  const hidden = useQueryFlag(section.hideWhenQuery);
  const lead = useContext(PageLeadContext);
  if (hidden) return null;
  const background = section.background ?? 'plain';
  const headed = section.type !== 'hero' && (section.title || section.subtitle || section.eyebrow);
  return (
    <section id={section.id} className={classes.section} data-background={background} data-type={section.type}>
      <OnDarkContext.Provider value={background === 'brand'}>
        <Container size="lg">
          {headed && (
            <header className={classes.header}>
              {section.eyebrow && <Text className={classes.eyebrow}>{section.eyebrow}</Text>}
              {section.title && <Title order={lead ? 1 : 2}>{section.title}</Title>}
              {section.subtitle && <Text className={classes.subtitle}>{section.subtitle}</Text>}
            </header>
          )}
          {children}
        </Container>
      </OnDarkContext.Provider>
    </section>
  );
}
