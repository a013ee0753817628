import { ButtonRow } from '../components/ButtonRow.tsx';
import type { SectionOf } from '../../shared/route-data.ts';
import { StatGrid } from '../components/StatGrid.tsx';

export function Stats({ section }: { section: SectionOf<'stats'> }) {
  return (
    <>
      <StatGrid items={section.items} columns={section.columns} />
      <ButtonRow buttons={section.buttons} justify="center" />
    </>
  );
}
