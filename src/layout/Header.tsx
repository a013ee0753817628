// The site header: the site's name, the top navigation with its active link, the header button,
// and a menu. Any number of links fits: the row of links sits in a box that CSS measures (a
// scroll-state container query); when they do not fit on one line they give way to the menu
// button, and the name and the header button never wrap. Below the medium breakpoint the links
// and the header button are always in the menu.
import { Button, Container, Group, UnstyledButton } from '@mantine/core';
import { IconMenu2, IconX } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useSite } from '../site-context.tsx';
import classes from './Header.module.css';
import { siteUrl } from '../routing/site-base.ts';

/** Home is active only on `/`; every other link on its path and anything below it. */
export function isActive(linkPath: string, location: string): boolean {
  if (linkPath === '/') return location === '/';
  return location === linkPath || location.startsWith(`${linkPath}/`);
}

/**
 * For browsers without scroll-state container queries: the same measurement in script, after
 * hydration. Chromium needs none of it, so its first paint is already right.
 */
function useOverflowFallback() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || CSS.supports('container-type', 'scroll-state')) return;
    const measure = () => setOverflowing(box.scrollWidth > box.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, overflowing };
}

export function Header() {
  const { settings } = useSite();
  const [location] = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { ref, overflowing } = useOverflowFallback();
  const { links, cta } = settings.navigation;
  const navLinks = (mobile: boolean) =>
    links.map((link, position) => (
      <Link
        key={position}
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
        <Link href="/" className={classes.logo} onClick={close} data-one-line>
          {settings.theme?.logo ? (
            <img src={siteUrl(settings.theme.logo)} alt={settings.name} className={classes.logoImage} />
          ) : (
            settings.name
          )}
        </Link>
        <nav aria-label="Main" className={classes.nav}>
          <div ref={ref} className={classes.links} data-overflowing={overflowing || undefined}>
            <div className={classes.row}>{navLinks(false)}</div>
            {/* Not Mantine's Burger, whose lines are a <div>, which a <button> may not contain. */}
            <UnstyledButton
              className={classes.burger}
              onClick={toggle}
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
              aria-controls="mobile-navigation"
            >
              {opened ? <IconX size={26} aria-hidden="true" /> : <IconMenu2 size={26} aria-hidden="true" />}
            </UnstyledButton>{' '}
          </div>
          <Button
            component={Link}
            href={cta.to}
            className={classes.cta}
            aria-current={isActive(cta.to, location) ? 'page' : undefined}
            data-one-line
          >
            {cta.label}
          </Button>
        </nav>
      </Container>
      <nav
        id="mobile-navigation"
        aria-label="Main (mobile)"
        className={classes.mobileNav}
        data-opened={opened || undefined}
        hidden={!opened}
      >
        <Group gap={0} className={classes.mobileList}>
          {navLinks(true)}
          <Button component={Link} href={cta.to} fullWidth mt="sm" onClick={close} className={classes.mobileCta}>
            {cta.label}
          </Button>
        </Group>
      </nav>
    </header>
  );
}
