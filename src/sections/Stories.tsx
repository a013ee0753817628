import { Badge, Card, List, Text, ThemeIcon, Title } from '@mantine/core';
import { SiteIcon } from '../components/icons.tsx';
import type { SectionOf } from '../../shared/route-data.ts';
import classes from './Stories.module.css';
import { ResponsiveGrid } from '../components/ResponsiveGrid.tsx';

export function Stories({ section }: { section: SectionOf<'stories'> }) {
  return (
    <ResponsiveGrid component="ul" cols={{ base: 1, md: 2 }} spacing="xl" className={classes.grid}>
      {section.stories.map((story, position) => (
        <Card component="li" key={position} withBorder radius="lg" padding="xl" className={classes.story}>
          <div className={classes.head}>
            <ThemeIcon size={48} variant="light">
              <SiteIcon name={story.icon} size={26} />
            </ThemeIcon>
            <Badge variant="light" className={classes.badge}>
              {story.category}
            </Badge>
          </div>
          <Title order={3} className={classes.title}>
            {story.title}
          </Title>
          <Text className={classes.subtitle}>{story.subtitle}</Text>
          <dl className={classes.parts}>
            <dt>Challenge</dt>
            <dd>{story.challenge}</dd>
            <dt>Solution</dt>
            <dd>{story.solution}</dd>
            <dt>Results</dt>
            <dd>
              <List spacing={4} size="sm" icon={<SiteIcon name="circle-check" size={18} />}>
                {story.results.map((result, place) => (
                  <List.Item key={place}>{result}</List.Item>
                ))}
              </List>
            </dd>
            <dt>Outcome</dt>
            <dd className={classes.outcome}>{story.outcome}</dd>
          </dl>
        </Card>
      ))}
    </ResponsiveGrid>
  );
}
