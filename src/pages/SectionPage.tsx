// A page built from sections. Every page has one h1: the hero's title, or, on a page that does not
// open with a hero, the page's own title above its sections (whose titles are h2, their items h3).
import { Container, Title } from '@mantine/core';
import type { PageRoute } from '../../shared/route-data.ts';
import { RenderSection } from '../components/RenderSection.tsx';
import classes from './SectionPage.module.css';

export function SectionPage({ route }: { route: PageRoute }) {
  return (
    <>
      {route.sections[0]?.type !== 'hero' && (
        <Container size="lg" className={classes.header}>
          <Title order={1}>{route.title}</Title>
        </Container>
      )}
      {route.sections.map((section, index) => (
        <RenderSection key={`${route.path}-${index}`} section={section} index={index} />
      ))}
    </>
  );
}
