import type { RenderedSection } from '../../shared/route-data.ts';
import { Island } from '../islands/Island.tsx';
import { isIsland, sectionComponent } from '../sections/registry.ts';
import { SectionFrame } from './SectionFrame.tsx';

/** `index`: the section's place in the page's sections. */
export function RenderSection({ section, index }: { section: RenderedSection; index: number }) {
  // Sections are loaded before their page renders (see routing/load-route.ts). A type that is
  // still missing here is a bug or content that slipped past validation: fail loudly.
  const Component = sectionComponent(section.type);
  if (!Component) throw new Error(`Unknown or unloaded section type "${section.type}"`);
  // eslint-disable-next-line react-hooks/static-components -- the registry returns the one component it loaded for this type, the same object at every render, never a new one
  const body = <Component section={section} />;
  return (
    <SectionFrame section={section} index={index}>
      {/* An interactive section is an island: on visitors' pages the only part React hydrates. */}
      {isIsland(section.type) ? (
        <Island id={index} section={section}>
          {body}
        </Island>
      ) : (
        body
      )}
    </SectionFrame>
  );
}
