// A call-to-action band: the shared section header (title and sentence) above centred buttons.
import { ButtonRow } from '../components/ButtonRow.tsx';
import type { SectionOf } from '../../shared/route-data.ts';

export function Cta({ section }: { section: SectionOf<'cta'> }) {
  return <ButtonRow buttons={section.buttons} justify="center" mt="0" />;
}
