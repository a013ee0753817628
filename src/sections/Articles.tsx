// The blog listing, generated from site/blog: one page of its articles, newest first, and the links to its other pages.
import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { SmartImage } from '../components/SmartImage.tsx';
import { TextLink } from '../components/TextLink.tsx';
import { formatDate } from '../lib/format-date.ts';
import { useSite } from '../site-context.tsx';
import { withValues } from '../../shared/site-words.ts';
import type { SectionOf } from '../../shared/route-data.ts';
import classes from './Articles.module.css';
import { ResponsiveGrid } from '../components/ResponsiveGrid.tsx';
import { ListingPager } from '../components/ListingPager.tsx';

export function Articles({ section }: { section: SectionOf<'articles'> }) {
  const { language, settings } = useSite();
  return (
    <>
      <ResponsiveGrid component="ul" cols={{ base: 1, sm: 2, md: 3 }} spacing="xl" className={classes.grid}>
        {section.articles.map((article, index) => (
          <Card component="li" key={article.slug} withBorder radius="lg" padding={0} className={classes.card}>
            <SmartImage
              image={{ ...article.image, alt: '' }}
              slot="card"
              loading={index < 3 ? 'eager' : 'lazy'}
              className={classes.image}
            />
            <div className={classes.body}>
              <Group gap="xs" mb="xs">
                <Badge variant="light" className={classes.badge}>
                  {article.category}
                </Badge>
                <Text size="sm" c="dimmed">
                  {withValues(settings.siteWords.readTime, { minutes: article.readTime })}
                </Text>
              </Group>
              <Title order={3} className={classes.title}>
                <TextLink to={article.path} className={classes.link}>
                  {article.title}
                </TextLink>
              </Title>
              <Text className={classes.excerpt}>{article.excerpt}</Text>
              <Text size="sm" c="dimmed" mt="auto" pt="md">
                <time dateTime={article.date}>{formatDate(article.date, language.code)}</time>
              </Text>
            </div>
          </Card>
        ))}
      </ResponsiveGrid>
      <ListingPager pager={section.pager} />
    </>
  );
}
