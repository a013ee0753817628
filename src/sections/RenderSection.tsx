import type { RenderedSection, SectionType } from '../route-data.ts';
import { sectionComponents, type SectionComponent } from './registry.ts';
import { SectionFrame } from './SectionFrame.tsx';

export function RenderSection({ section }: { section: RenderedSection }) {
  // The registry's type guarantees a component for every schema type; content that slipped past
  // validation still shows up loudly rather than rendering as nothing.
  const Component = sectionComponents[section.type] as SectionComponent<SectionType> | undefined;
  if (!Component) throw new Error(`Unknown section type "${(section as { type: string }).type}"`);
  return (
    <SectionFrame section={section}>
      <Component section={section as never} />
    </SectionFrame>
  );
}
