// A page built from sections. Every page has one h1: the hero's title, or else the first section's
// title, or else (when that section has none) the page's own title above it.
import { Container, Title } from '@mantine/core';
import type { PageRoute } from '../browser-data.ts';
import { RenderSection } from '../components/RenderSection.tsx';
import { PageLeadContext } from '../components/SectionFrame.tsx';

export function SectionPage({ route }: { route: PageRoute }) {
  const [first] = route.sections;
  const leadsWithTitle = first && first.type !== 'hero' && 'title' in first && Boolean(first.title);
  return (
    <>
      {first?.type !== 'hero' && !leadsWithTitle && (
        <Container size="lg" pt="xl">
          <Title order={1}>{route.title}</Title>
        </Container>
      )}
      {route.sections.map((section, index) => (
        <PageLeadContext.Provider key={`${route.path}-${index}`} value={index === 0 && leadsWithTitle}>
          <RenderSection section={section} />
        </PageLeadContext.Provider>
      ))}
    </>
  );
}
