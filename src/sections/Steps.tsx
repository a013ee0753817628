import { Text, Title } from '@mantine/core';
import type { SectionOf } from '../../shared/route-data.ts';
import classes from './Steps.module.css';

export function Steps({ section }: { section: SectionOf<'steps'> }) {
  return (
    <ol className={classes.steps}>
      {section.steps.map((step, index) => (
        <li key={index} className={classes.step}>
          <span className={classes.number} aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <Title order={3} className={classes.title}>
              {step.title}
            </Title>
            {step.duration && <Text className={classes.duration}>{step.duration}</Text>}
            <Text className={classes.description}>{step.description}</Text>
          </div>
        </li>
      ))}
    </ol>
  );
}
