import { Badge, Card, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import { SiteIcon } from '../components/icons.tsx';
import type { SectionOf } from '../../shared/route-data.ts';
import classes from './Trends.module.css';
import { ResponsiveGrid } from '../components/ResponsiveGrid.tsx';
import { useWords } from '../site-context.tsx';

export function Trends({ section }: { section: SectionOf<'trends'> }) {
  const words = useWords();
  const impact = { Critical: words.criticalImpact, High: words.highImpact };
  return (
    <ResponsiveGrid component="ul" cols={{ base: 1, md: 2 }} spacing="xl" className={classes.grid}>
      {section.trends.map((trend, position) => (
        <Card component="li" key={position} withBorder radius="lg" padding="xl">
          <Group justify="space-between" mb="md">
            <ThemeIcon size={48} variant="light">
              <SiteIcon name={trend.icon} size={26} />
            </ThemeIcon>
            <Group gap="xs">
              <Badge className={classes.impact} data-impact={trend.impact}>
                {impact[trend.impact]}
              </Badge>
              <Badge
                variant="outline"
                className={classes.timeline}
                leftSection={<SiteIcon name="calendar" size={14} />}
              >
                {trend.timeline}
              </Badge>
            </Group>
          </Group>
          <Text className={classes.eyebrow}>{trend.title}</Text>
          <Title order={3} className={classes.title}>
            {trend.trendTitle}
          </Title>
          <Text mt="sm" c="gray.8">
            {trend.description}
          </Text>
          <Title order={4} className={classes.label}>
            {words.keyFocus}
          </Title>
          <List spacing={4} size="sm" icon={<SiteIcon name="target" size={18} />}>
            {trend.keyFocus.map((focus, place) => (
              <List.Item key={place}>{focus}</List.Item>
            ))}
          </List>
          <Title order={4} className={classes.label}>
            {words.expectedOutcome}
          </Title>
          <Text size="sm" c="gray.8">
            {trend.expectedOutcome}
          </Text>
        </Card>
      ))}
    </ResponsiveGrid>
  );
}
