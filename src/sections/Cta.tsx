import { Text, Title } from '@mantine/core';
import { ButtonRow } from '../components/ButtonRow.tsx';
import type { SectionOf } from '../route-data.ts';
import classes from './Cta.module.css';

export function Cta({ section }: { section: SectionOf<'cta'> }) {
  return (
    <div className={classes.cta}>
      {section.eyebrow && <Text className={classes.eyebrow}>{section.eyebrow}</Text>}
      <Title order={2} className={classes.title}>
        {section.title}
      </Title>
      {section.subtitle && <Text className={classes.subtitle}>{section.subtitle}</Text>}
      <ButtonRow buttons={section.buttons} justify="center" />
    </div>
  );
}
