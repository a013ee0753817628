// Words taken from another field (the banner's highlighted words, from its headline: see
// shared/words-from.ts): chosen by selecting them in that field's text, shown here read-only, so
// they are always words that are there. An edit of the headline moves them along (the store's
// follow-words.ts); "No highlight" removes them.
import { Button, Group, Text, Textarea } from '@mantine/core';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { KindProps } from './form-context.ts';

export function WordsField({ value, common, set, source }: KindProps & { source: string }) {
  const words = typeof value === 'string' ? value : '';
  const box = useRef<HTMLTextAreaElement>(null);
  const choose = useEffectEvent(() => {
    const element = box.current;
    if (!element) return;
    const chosen = source.slice(element.selectionStart, element.selectionEnd).trim();
    if (chosen && chosen !== words) set(chosen);
  });
  // The browser's own `select` event (a selection made with the mouse, the keyboard or a script);
  // React's onSelect follows the caret rather than a finished selection.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const onSelect = () => choose();
    element.addEventListener('select', onSelect);
    return () => element.removeEventListener('select', onSelect);
  }, []);
  const at = words ? source.indexOf(words) : -1;
  return (
    <div>
      <Textarea
        {...common}
        description="Select the words in the headline below to show them in the accent colour."
        ref={box}
        readOnly
        autosize
        minRows={1}
        value={source}
      />
      <Group gap="xs" mt={4} wrap="nowrap" justify="space-between">
        <Text size="sm" data-part="chosen">
          {at < 0 ? (
            words ? (
              `“${words}” is not in the headline: select other words.`
            ) : (
              'No words highlighted.'
            )
          ) : (
            <>
              {source.slice(0, at)}
              <mark>{words}</mark>
              {source.slice(at + words.length)}
            </>
          )}
        </Text>
        {words && (
          <Button variant="subtle" size="compact-xs" onClick={() => set(undefined)}>
            No highlight
          </Button>
        )}
      </Group>
    </div>
  );
}
