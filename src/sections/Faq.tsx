// Native <details> elements: they open without JavaScript and screen readers know them.
import type { SectionOf } from '../../shared/route-data.ts';
import classes from './Faq.module.css';

export function Faq({ section }: { section: SectionOf<'faq'> }) {
  return (
    <div className={classes.list}>
      {section.items.map((item, position) => (
        <details key={position} className={classes.item}>
          <summary className={classes.question}>{item.question}</summary>
          <p className={classes.answer}>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
