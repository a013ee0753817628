import { Badge, Card, List, Text, ThemeIcon, Title } from '@mantine/core';
import { ActionButton, OnDarkContext } from '../components/ActionButton.tsx';
import { ButtonRow } from '../components/ButtonRow.tsx';
import { SiteIcon } from '../components/icons.tsx';
import type { SectionOf } from '../../shared/route-data.ts';
import classes from './Cards.module.css';
import { StatGrid } from '../components/StatGrid.tsx';
import { ResponsiveGrid } from '../components/ResponsiveGrid.tsx';

export function Cards({ section }: { section: SectionOf<'cards'> }) {
  const columns = section.columns ?? 3;
  return (
    <>
      <ResponsiveGrid
        component="ul"
        cols={{ base: 1, sm: Math.min(columns, 2), md: columns }}
        spacing="lg"
        className={classes.grid}
      >
        {section.cards.map((card, index) => (
          <Card
            component="li"
            key={index}
            withBorder
            padding="xl"
            radius="lg"
            className={classes.card}
            data-color={card.color ?? 'blue'}
            data-surface="light"
          >
            <OnDarkContext.Provider value={false}>
              <div className={classes.top}>
                {card.icon && (
                  <ThemeIcon size={48} variant="light" className={classes.icon}>
                    <SiteIcon name={card.icon} size={26} />
                  </ThemeIcon>
                )}
                {section.numbered && <span className={classes.number}>{String(index + 1).padStart(2, '0')}</span>}
                {card.badge && (
                  <Badge variant="light" className={classes.badge}>
                    {card.badge}
                  </Badge>
                )}
              </div>
              <Title order={3} className={classes.title}>
                {card.title}
              </Title>
              {card.description && <Text className={classes.description}>{card.description}</Text>}
              {card.items && (
                <List
                  spacing={6}
                  size="sm"
                  mt="md"
                  className={classes.items}
                  icon={<SiteIcon name="circle-check" size={18} />}
                >
                  {card.items.map((item, position) => (
                    <List.Item key={position}>{item}</List.Item>
                  ))}
                </List>
              )}
              {card.metrics && (
                <div className={classes.metrics}>
                  <StatGrid items={card.metrics} columns={2} compact />
                </div>
              )}
              {card.links && (
                <div className={classes.links}>
                  {card.links.map((link, position) => (
                    <ActionButton key={position} button={{ variant: 'subtle', icon: 'arrow-right', ...link }} />
                  ))}
                </div>
              )}
            </OnDarkContext.Provider>
          </Card>
        ))}
      </ResponsiveGrid>
      <ButtonRow buttons={section.buttons} justify="center" />
    </>
  );
}
