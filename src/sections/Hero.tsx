import { Badge, Group, Text, Title } from '@mantine/core';
import { ButtonRow } from '../components/ButtonRow.tsx';
import { SiteIcon } from '../components/icons.tsx';
import { SmartImage } from '../components/SmartImage.tsx';
import type { SectionOf } from '../../shared/route-data.ts';
import classes from './Hero.module.css';
import { ResponsiveGrid } from '../components/ResponsiveGrid.tsx';

function Headline({ title, highlight }: { title: string; highlight?: string }) {
  if (!highlight || !title.includes(highlight)) return <>{title}</>;
  const [before, after] = title.split(highlight);
  return (
    <>
      {before}
      <span className={classes.highlight}>{highlight}</span>
      {after}
    </>
  );
}

export function Hero({ section }: { section: SectionOf<'hero'> }) {
  const text = (
    <div className={classes.text}>
      {section.eyebrow && <Text className={classes.eyebrow}>{section.eyebrow}</Text>}
      {section.badge && (
        <Badge size="lg" variant="light" className={classes.badge}>
          {section.badge}
        </Badge>
      )}
      <Title order={1} className={classes.title}>
        <Headline title={section.title} highlight={section.highlight} />
      </Title>
      {section.subtitle && <Text className={classes.subtitle}>{section.subtitle}</Text>}
      {section.meta && (
        <Group gap="lg" mt="md">
          {section.meta.map((item, position) => (
            <Text key={position} className={classes.meta}>
              {item.icon && <SiteIcon name={item.icon} size={18} />} {item.label}
            </Text>
          ))}
        </Group>
      )}
      <ButtonRow buttons={section.buttons} justify={section.image ? 'flex-start' : 'center'} />
    </div>
  );
  return (
    <div className={classes.hero} data-with-image={section.image ? true : undefined}>
      {section.image ? (
        <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="xl" className={classes.split}>
          {text}
          <SmartImage image={section.image} slot="hero" loading="priority" />
        </ResponsiveGrid>
      ) : (
        text
      )}
      {section.claims && (
        <ResponsiveGrid
          cols={{ base: 2, md: section.claims.length }}
          spacing="lg"
          className={classes.claims}
          component="ul"
        >
          {section.claims.map((claim, position) => (
            <li key={position} className={classes.claim}>
              {claim.icon && (
                <span className={classes.claimIcon}>
                  <SiteIcon name={claim.icon} size={22} />
                </span>
              )}
              <span className={classes.claimValue}>{claim.value}</span>
              <span className={classes.claimLabel}>{claim.label}</span>
              {claim.description && <span className={classes.claimDescription}>{claim.description}</span>}
            </li>
          ))}
        </ResponsiveGrid>
      )}
    </div>
  );
}
