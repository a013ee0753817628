// The footer: the provider, its link columns (one holds the 'White Papers' button), the contact
// details declared once in site.yaml, and the copyright line.
import { Container, Stack, Text, Title } from '@mantine/core';
import { ActionButton, OnDarkContext } from '../components/ActionButton.tsx';
import { ContactDetails } from '../components/ContactDetails.tsx';
import { TextLink } from '../components/TextLink.tsx';
import { useSite } from '../site-context.tsx';
import classes from './Footer.module.css';
import { siteUrl } from '../routing/site-base.ts';
import { ResponsiveGrid } from '../components/ResponsiveGrid.tsx';

export function Footer() {
  const { settings } = useSite();
  const { footer } = settings;
  return (
    <footer className={classes.footer}>
      <OnDarkContext.Provider value={true}>
        <Container size="lg">
          <ResponsiveGrid cols={{ base: 1, sm: 2, md: 2 + footer.columns.length }} spacing="xl">
            <Stack gap="xs">
              {settings.theme?.logo ? (
                <img src={siteUrl(settings.theme.logo)} alt={settings.name} className={classes.logo} />
              ) : (
                <Text fw={800} fz="lg" c="white">
                  {settings.name}
                </Text>
              )}
              <Text fz="sm" className={classes.muted}>
                {settings.description}
              </Text>
            </Stack>
            {footer.columns.map((column, position) => (
              <Stack key={position} gap="xs" component="nav" aria-label={column.title}>
                <Title order={2} fz="md" c="white">
                  {column.title}
                </Title>
                {column.links.map((link, place) =>
                  link.action === undefined ? (
                    <TextLink key={place} to={link.to} href={link.href} className={classes.link}>
                      {link.label}
                    </TextLink>
                  ) : (
                    <div key={place}>
                      <ActionButton button={{ ...link, variant: link.variant ?? 'secondary' }} size="sm" />
                    </div>
                  ),
                )}
              </Stack>
            ))}
            <Stack gap="xs">
              <Title order={2} fz="md" c="white">
                {footer.contactTitle ?? settings.siteWords.contact}
              </Title>
              <ContactDetails lineClassName={classes.contact} cityClassName={classes.muted} />
            </Stack>
          </ResponsiveGrid>
          <Text fz="sm" className={classes.copyright}>
            {footer.copyright}
          </Text>
        </Container>
      </OnDarkContext.Provider>
    </footer>
  );
}
