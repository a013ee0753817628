import { Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { SiteIcon } from '../components/icons.tsx';
import type { SectionOf } from '../../shared/route-data.ts';
import classes from './Metrics.module.css';
import { StatGrid } from '../components/StatGrid.tsx';
import { ResponsiveGrid } from '../components/ResponsiveGrid.tsx';

export function Metrics({ section }: { section: SectionOf<'metrics'> }) {
  return (
    <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing={48} className={classes.layout}>
      <ul className={classes.features}>
        {section.features.map((feature, position) => (
          <li key={position} className={classes.feature}>
            <ThemeIcon variant="light" size={36}>
              <SiteIcon name={feature.icon ?? 'circle-check'} size={20} />
            </ThemeIcon>
            <div>
              <Title order={3} className={classes.featureTitle}>
                {feature.title}
              </Title>
              {feature.description && <Text className={classes.featureText}>{feature.description}</Text>}
            </div>
          </li>
        ))}
      </ul>
      <Paper radius="lg" p="xl" className={classes.panel}>
        <Title order={3} className={classes.panelTitle}>
          {section.panelTitle}
        </Title>
        <StatGrid items={section.metrics} columns={2} compact />
      </Paper>
    </ResponsiveGrid>
  );
}
