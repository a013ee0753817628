// Figures as text (never images), shared by the stats section, cards and the metrics panel.
import { Text } from '@mantine/core';
import type { Stat } from '../../shared/generated/content.ts';
import { SiteIcon } from './icons.tsx';
import classes from './StatGrid.module.css';
import { ResponsiveGrid } from './ResponsiveGrid.tsx';

export function StatGrid({ items, columns, compact = false }: { items: Stat[]; columns?: number; compact?: boolean }) {
  const cols = columns ?? Math.min(items.length, 4);
  return (
    <ResponsiveGrid
      component="ul"
      cols={{ base: compact ? 2 : 1, xs: 2, md: cols }}
      spacing="lg"
      className={classes.grid}
      data-compact={compact || undefined}
    >
      {items.map((item, position) => (
        <li key={position} className={classes.stat}>
          {item.icon && (
            <span className={classes.icon}>
              <SiteIcon name={item.icon} />
            </span>
          )}
          <span className={classes.value}>{item.value}</span>
          <span className={classes.label}>{item.label}</span>
          {item.description && <Text className={classes.description}>{item.description}</Text>}
        </li>
      ))}
    </ResponsiveGrid>
  );
}
