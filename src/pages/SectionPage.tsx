import type { PageRoute } from '../browser-data.ts';
import { RenderSection } from '../components/RenderSection.tsx';

export function SectionPage({ route }: { route: PageRoute }) {
  return (
    <>
      {route.sections.map((section, index) => (
        <RenderSection key={`${route.path}-${index}`} section={section} />
      ))}
    </>
  );
}
