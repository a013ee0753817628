import type { RenderedSection } from '../../shared/route-data.ts';
import { sectionComponent } from '../sections/registry.ts';
import { SectionFrame } from './SectionFrame.tsx';

export function RenderSection({ section }: { section: RenderedSection }) {
  // Sections are loaded before their page renders (see routing/load-route.ts). A type that is
  // still missing here is a bug or content that slipped past validation: fail loudly.
  const Component = sectionComponent(section.type);
  if (!Component) throw new Error(`Unknown or unloaded section type "${section.type}"`);
  return (
    <SectionFrame section={section}>
      <Component section={section} />
    </SectionFrame>
  );
}
