import { ButtonRow } from '../components/ButtonRow.tsx';
import { Prose } from '../components/Prose.tsx';
import { proseKey } from '../routing/prose-in-dom.ts';
import type { SectionOf } from '../../shared/route-data.ts';
import classes from './Document.module.css';
import { useWords } from '../site-context.tsx';

export function Document({ section }: { section: SectionOf<'document'> }) {
  const words = useWords();
  return (
    <div className={classes.document}>
      {section.scrollable ? (
        // Focusable so keyboard users can scroll the reading area too.
        <div className={classes.scroll} tabIndex={0} role="region" aria-label={section.title ?? words.document}>
          <Prose html={section.html} proseKey={proseKey(section.source)} />
        </div>
      ) : (
        <Prose html={section.html} proseKey={proseKey(section.source)} />
      )}
      <ButtonRow buttons={section.buttons} justify="center" />
    </div>
  );
}
