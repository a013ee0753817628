// A blog article: category, author, date, read time, title, hero image, body, related reading.
import { Badge, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { SiteIcon } from '../components/icons.tsx';
import { Prose } from '../components/Prose.tsx';
import { proseKey } from '../routing/prose-in-dom.ts';
import { SmartImage } from '../components/SmartImage.tsx';
import { formatDate } from '../lib/format-date.ts';
import { useSite } from '../site-context.tsx';
import { withValues } from '../../shared/site-words.ts';
import { languagePath, siteLanguage } from '../../shared/languages.ts';
import type { ArticleLink, ArticleRoute } from '../../shared/route-data.ts';
import classes from './ArticlePage.module.css';

function ReadingList({ title, links, className }: { title: string; links: ArticleLink[]; className: string }) {
  return (
    <nav aria-label={title} className={className}>
      <Title order={2} className={classes.listTitle}>
        {title}
      </Title>
      <ul className={classes.list}>
        {links.map((link) => (
          <li key={link.path}>
            <Link href={link.path} className={classes.listLink}>
              {link.icon && (
                <span className={classes.listIcon}>
                  <SiteIcon name={link.icon} size={20} />
                </span>
              )}
              <span>
                <span className={classes.listCategory}>{link.category}</span>
                <span className={classes.listName}>{link.title}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ArticlePage({ route }: { route: ArticleRoute }) {
  const { article, recommended, sidebar } = route;
  const { language, settings } = useSite();
  const words = settings.siteWords;
  const own = siteLanguage(settings);
  const listing = language.code === own.code ? '/resources/blogs' : languagePath(language.code, '/resources/blogs');
  // A body not translated yet is the source's text, named as such for screen readers and search engines.
  const bodyLanguage = settings.languages?.find(({ code }) => code === article.bodyLanguage);
  return (
    <article className={classes.page}>
      <Container size="lg">
        <Link href={listing} className={classes.back}>
          {words.backToArticles}
        </Link>
        <div className={classes.layout} data-with-sidebar={sidebar.length ? true : undefined}>
          <div className={classes.main}>
            <header>
              <Group gap="sm" mb="md">
                <Badge variant="light" size="lg" className={classes.badge}>
                  {article.category}
                </Badge>
              </Group>
              <Title order={1} className={classes.title}>
                {article.title}
              </Title>
              <Group gap="lg" mt="md" className={classes.meta}>
                <Text>{article.author}</Text>
                <Text>
                  <time dateTime={article.date}>{formatDate(article.date, language.code)}</time>
                </Text>
                <Text>{withValues(words.readTime, { minutes: article.readTime })}</Text>
              </Group>
            </header>
            <SmartImage
              image={{ ...article.image, src: article.cover }}
              slot="cover"
              loading="priority"
              className={classes.image}
            />
            <Prose
              html={article.html}
              proseKey={proseKey('article')}
              lang={bodyLanguage?.code}
              dir={bodyLanguage && (bodyLanguage.direction ?? 'ltr')}
            />
            {recommended.length > 0 && (
              <ReadingList title={words.recommendedReading} links={recommended} className={classes.recommended} />
            )}
          </div>
          {sidebar.length > 0 && <ReadingList title={words.relatedPosts} links={sidebar} className={classes.sidebar} />}
        </div>
      </Container>
    </article>
  );
}
