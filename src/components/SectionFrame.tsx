// The one wrapper every section shares: spacing, background, the optional eyebrow/title/subtitle
// header, and hiding by query. Components below it render only their own content.
import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { OnDarkContext } from './ActionButton.tsx';
import type { RenderedSection } from '../../shared/route-data.ts';
import { editMode } from './edit-mode.ts';
import { useQueryFlag } from '../routing/use-query-flag.ts';
import classes from './SectionFrame.module.css';

/** `index`: the section's place in the page's sections, marked on its root in edit mode only (edit-mode.ts). */
export function SectionFrame({
  section,
  index,
  children,
}: {
  section: RenderedSection;
  index: number;
  children: ReactNode;
}) {
  const hidden = useQueryFlag(section.hideWhenQuery);
  if (hidden) return null;
  const background = section.background ?? 'plain';
  const headed = section.type !== 'hero' && (section.title || section.subtitle || section.eyebrow);
  return (
    <section
      id={section.id}
      className={classes.section}
      data-background={background}
      data-type={section.type}
      data-hide-when-query={section.hideWhenQuery}
      {...(editMode && { 'data-section': index })}
    >
      <OnDarkContext.Provider value={background === 'brand'}>
        <Container size="lg">
          {headed && (
            <header className={classes.header}>
              {section.eyebrow && <Text className={classes.eyebrow}>{section.eyebrow}</Text>}
              {section.title && <Title order={2}>{section.title}</Title>}
              {section.subtitle && <Text className={classes.subtitle}>{section.subtitle}</Text>}
            </header>
          )}
          {children}
        </Container>
      </OnDarkContext.Provider>
    </section>
  );
}
