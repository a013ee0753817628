import type { RenderedSection } from '../../shared/route-data.ts';
import { sectionComponent } from '../sections/registry.ts';
import { SectionFrame } from './SectionFrame.tsx';

/** `index`: the section's place in the page's sections. */
export function RenderSection({ section, index }: { section: RenderedSection; index: number }) {
  // Sections are loaded before their page renders (see routing/load-route.ts). A type that is
  // still missing here is a bug or content that slipped past validation: fail loudly.
  const Component = sectionComponent(section.type);
  if (!Component) throw new Error(`Unknown or unloaded section type "${section.type}"`);
  return (
    <SectionFrame section={section} index={index}>
      <Component section={section} />
    </SectionFrame>
  );
}
