// Words taken from another field (the banner's highlighted words, from its headline: see
// shared/words-from.ts): chosen by selecting them in that field's text, shown here read-only, so
// they are always words that are there. An edit of the headline moves them along (the store's
// follow-words.ts); "No highlight" removes them.
import { Button, Group, Text, Textarea } from '@mantine/core';
import type { SyntheticEvent } from 'react';
import type { KindProps } from './form-context.ts';

export function WordsField({ value, common, set, source }: KindProps & { source: string }) {
  const words = typeof value === 'string' ? value : '';
  const choose = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const { selectionStart, selectionEnd } = event.currentTarget;
    const chosen = source.slice(selectionStart, selectionEnd).trim();
    if (chosen && chosen !== words) set(chosen);
  };
  const at = words ? source.indexOf(words) : -1;
  return (
    <div>
      <Textarea
        {...common}
        description="Select the words in the headline below to show them in the accent colour."
        readOnly
        autosize
        minRows={1}
        value={source}
        onSelect={choose}
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
