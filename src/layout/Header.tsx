// The site header: logo text, the top navigation with its active link, the 'Summon Us' button,
// and on small screens a menu that closes as soon as a link is chosen.
import { Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'wouter';
import { useSite } from '../site-context.tsx';
import classes from './Header.module.css';

/** Home is active only on `/`; every other link on its path and anything below it. */
export function isActive(linkPath: string, location: string): boolean {
  if (linkPath === '/') return location === '/';
  return location === linkPath || location.startsWith(`${linkPath}/`);
}

export function Header() {
  const { settings } = useSite();
  const [location] = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { links, cta } = settings.navigation;
  const navLinks = (mobile: boolean) =>
    links.map((link) => (
      <Link
        key={link.to}
        href={link.to}
        className={mobile ? classes.mobileLink : classes.link}
        aria-current={isActive(link.to, location) ? 'page' : undefined}
        onClick={close}
      >
        {link.label}
      </Link>
    ));
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Link href="/" className={classes.logo} onClick={close}>
          {settings.theme?.logo ? <img src={settings.theme.logo} alt={settings.name} className={classes.logoImage} /> : settings.name}
        </Link>
        <nav aria-label="Main" className={classes.desktopNav}>
          {navLinks(false)}
          <Button component={Link} href={cta.to} className={classes.cta} aria-current={isActive(cta.to, location) ? 'page' : undefined}>
            {cta.label}
          </Button>
        </nav>
        <Burger
          opened={opened}
          onClick={toggle}
          hiddenFrom="md"
          aria-label={opened ? 'Close navigation' : 'Open navigation'}
          aria-expanded={opened}
          aria-controls="mobile-navigation"
        />
      </Container>
      <nav id="mobile-navigation" aria-label="Main (mobile)" className={classes.mobileNav} data-opened={opened || undefined} hidden={!opened}>
        <Group gap={0} className={classes.mobileList}>
          {navLinks(true)}
          <Button component={Link} href={cta.to} fullWidth mt="sm" onClick={close}>
            {cta.label}
          </Button>
        </Group>
      </nav>
    </header>
  );
}
