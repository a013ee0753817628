// The row of the site's languages above the header, each named in itself: a link to the same page
// or article in that language, or to that language's home page when the route has none (not found).
// Plain links, so it works without scripts; it shows only on a site with more than one language.
import { Container } from '@mantine/core';
import { Link } from 'wouter';
import { languagePath } from '../../shared/languages.ts';
import type { RouteData } from '../../shared/route-data.ts';
import { useSite } from '../site-context.tsx';
import classes from './LanguageSwitcher.module.css';

export function LanguageSwitcher({ route }: { route: RouteData }) {
  const { settings, language } = useSite();
  const languages = settings.languages ?? [];
  if (languages.length < 2) return null;
  const alternates = route.kind === 'page' || route.kind === 'article' ? route.alternates : [];
  const home = (code: string) => (code === languages[0].code ? '/' : languagePath(code, '/'));
  return (
    <nav aria-label={settings.siteWords.languageMenu} className={classes.bar}>
      <Container size="lg" component="ul" className={classes.list}>
        {languages.map(({ code, name }) => (
          <li key={code}>
            <Link
              href={alternates.find((alternate) => alternate.code === code)?.path ?? home(code)}
              lang={code}
              hrefLang={code}
              className={classes.link}
              aria-current={code === language.code ? 'true' : undefined}
            >
              {name}
            </Link>
          </li>
        ))}
      </Container>
    </nav>
  );
}
