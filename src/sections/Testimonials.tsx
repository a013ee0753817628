import type { SectionOf } from '../../shared/route-data.ts';
import classes from './Testimonials.module.css';
import { ResponsiveGrid } from '../components/ResponsiveGrid.tsx';

export function Testimonials({ section }: { section: SectionOf<'testimonials'> }) {
  return (
    <ResponsiveGrid cols={{ base: 1, md: Math.min(section.items.length, 3) }} spacing="xl">
      {section.items.map((item, position) => (
        <figure key={position} className={classes.item}>
          <blockquote className={classes.quote}>{item.quote}</blockquote>
          <figcaption className={classes.caption}>
            <strong>{item.author}</strong>
            <span>{item.role}</span>
          </figcaption>
        </figure>
      ))}
    </ResponsiveGrid>
  );
}
