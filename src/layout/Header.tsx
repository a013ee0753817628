// The site header: the site's name, the top navigation with its active link, the header button,
// and a menu. Any number of links fits: the row of links sits in a box that CSS measures (a
// scroll-state container query); when they do not fit on one line they give way to the menu
// button, and the name and the header button never wrap. Below the medium breakpoint the links
// and the header button are always in the menu. The menu button, and the overflow measurement for
// browsers without that query, are worked by src/enhance/ (menu.ts, overflow.ts): this renders the
// markup and the labels they switch between.
import { Button, Container, Group, UnstyledButton } from '@mantine/core';
import { IconMenu2, IconX } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import { useSite } from '../site-context.tsx';
import classes from './Header.module.css';
import { siteUrl } from '../routing/site-base.ts';
import { languagePath, siteLanguage } from '../../shared/languages.ts';

/** The home page (`/`, or a language's `/de`) is active only there; every other link on its path and below it. */
export function isActive(linkPath: string, location: string, home = '/'): boolean {
  if (linkPath === '/' || linkPath === home) return location === linkPath;
  return location === linkPath || location.startsWith(`${linkPath}/`);
}

export function Header() {
  const { settings, language } = useSite();
  const words = settings.siteWords;
  const home = language.code === siteLanguage(settings).code ? '/' : languagePath(language.code, '/');
  const [location] = useLocation();
  const { links, cta } = settings.navigation;
  const navLinks = (mobile: boolean) =>
    links.map((link, position) => (
      <Link
        key={position}
        href={link.to}
        className={mobile ? classes.mobileLink : classes.link}
        aria-current={isActive(link.to, location, home) ? 'page' : undefined}
      >
        {link.label}
      </Link>
    ));
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Link href={home} className={classes.logo} data-one-line>
          {settings.theme?.logo ? (
            <img src={siteUrl(settings.theme.logo)} alt={settings.name} className={classes.logoImage} />
          ) : (
            settings.name
          )}
        </Link>
        <nav aria-label={words.mainMenu} className={classes.nav}>
          <div className={classes.links} data-overflow-box>
            <div className={classes.row}>{navLinks(false)}</div>
            {/* Not Mantine's Burger, whose lines are a <div>, which a <button> may not contain. */}
            <UnstyledButton
              className={classes.burger}
              data-menu-toggle
              data-open-label={words.openMenu}
              data-close-label={words.closeMenu}
              aria-label={words.openMenu}
              aria-expanded={false}
              aria-controls="mobile-navigation"
            >
              <IconMenu2 size={26} aria-hidden="true" className={classes.openIcon} />
              <IconX size={26} aria-hidden="true" className={classes.closeIcon} />
            </UnstyledButton>{' '}
          </div>
          <Button
            component={Link}
            href={cta.to}
            className={classes.cta}
            aria-current={isActive(cta.to, location, home) ? 'page' : undefined}
            data-one-line
          >
            {cta.label}
          </Button>
        </nav>
      </Container>
      <nav id="mobile-navigation" aria-label={words.mobileMenu} className={classes.mobileNav} hidden>
        <Group gap={0} className={classes.mobileList}>
          {navLinks(true)}
          <Button component={Link} href={cta.to} fullWidth mt="sm" className={classes.mobileCta}>
            {cta.label}
          </Button>
        </Group>
      </nav>
    </header>
  );
}
