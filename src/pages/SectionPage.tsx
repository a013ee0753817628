import type { PageRoute } from '../route-data.ts';
import { RenderSection } from '../sections/RenderSection.tsx';

export function SectionPage({ route }: { route: PageRoute }) {
  return (
    <>
      {route.sections.map((section, index) => (
        <RenderSection key={`${route.path}-${index}`} section={section} />
      ))}
    </>
  );
}
