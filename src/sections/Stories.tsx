import { Badge, Card, List, Text, ThemeIcon, Title } from '@mantine/core';
import { SiteIcon } from '../components/icons.tsx';
import type { SectionOf } from '../../shared/route-data.ts';
import classes from './Stories.module.css';
import { ResponsiveGrid } from '../components/ResponsiveGrid.tsx';
import { useWords } from '../site-context.tsx';

export function Stories({ section }: { section: SectionOf<'stories'> }) {
  const words = useWords();
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
            <dt>{words.challenge}</dt>
            <dd>{story.challenge}</dd>
            <dt>{words.solution}</dt>
            <dd>{story.solution}</dd>
            <dt>{words.results}</dt>
            <dd>
              <List spacing={4} size="sm" icon={<SiteIcon name="circle-check" size={18} />}>
                {story.results.map((result, place) => (
                  <List.Item key={place}>{result}</List.Item>
                ))}
              </List>
            </dd>
            <dt>{words.outcome}</dt>
            <dd className={classes.outcome}>{story.outcome}</dd>
          </dl>
        </Card>
      ))}
    </ResponsiveGrid>
  );
}
