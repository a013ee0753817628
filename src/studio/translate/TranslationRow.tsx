// One text of the original beside its translation: the original's words (read only, in its own
// language), the translation's box (in the translation's language and direction), the text's state,
// and for an outdated translation what changed in the original, with Keep translation.
import { Badge, Button, Group, Paper, SimpleGrid, Text, Textarea } from '@mantine/core';
import type { TranslationField, TranslationLanguage, TranslationState } from '../../../shared/translation-protocol.ts';
import { TextChange } from '../review/ValueChange.tsx';

const stateWords: Record<TranslationState, { label: string; color: string }> = {
  translated: { label: 'Translated', color: 'green' },
  missing: { label: 'Not translated', color: 'gray' },
  outdated: { label: 'Original changed', color: 'orange' },
};

export function TranslationRow({
  field,
  source,
  language,
  value,
  edited,
  kept,
  check = false,
  onChange,
  onKeep,
}: {
  field: TranslationField;
  source: TranslationLanguage;
  language: TranslationLanguage;
  value: string;
  edited: boolean;
  kept: boolean;
  /** Restored from a draft over a text saved anew (or whose original changed) since it began. */
  check?: boolean;
  onChange: (text: string) => void;
  onKeep: () => void;
}) {
  const state = stateWords[field.state];
  const changed = field.state === 'outdated' && !edited && !kept;
  return (
    <Paper withBorder p="sm" role="group" aria-label={field.field}>
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {field.field}
        </Text>
        {edited || kept ? (
          <Badge color="blue" variant="light">
            {kept ? 'Kept, not saved yet' : 'Changed, not saved yet'}
          </Badge>
        ) : (
          <Badge color={state.color} variant="light">
            {state.label}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={2} spacing="md">
        <Text size="sm" lang={source.code} dir={source.direction} style={{ whiteSpace: 'pre-wrap' }}>
          {field.source}
        </Text>
        <Textarea
          autosize
          minRows={field.long ? 8 : 1}
          aria-label={`${field.field} in ${language.name}`}
          lang={language.code}
          dir={language.direction}
          // On the box itself too (Mantine gives `dir` to its frame), for what reads the box alone.
          attributes={{ input: { dir: language.direction } }}
          value={value}
          placeholder="Not translated yet: visitors see the original words"
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </SimpleGrid>
      {check && (
        <Text size="sm" mt="xs" c="orange.8">
          Check this one: since your draft began, someone saved this text or its original changed. The words on the left
          are the original as it is now.
        </Text>
      )}
      {changed && <WhatChanged field={field} onKeep={onKeep} />}
    </Paper>
  );
}

/** The original's words the translation was made from against the words now, and Keep translation. */
function WhatChanged({ field, onKeep }: { field: TranslationField; onKeep: () => void }) {
  return (
    <Paper mt="xs" p="xs" bg="var(--mantine-color-orange-0)">
      <Text size="sm" fw={500}>
        {field.was === undefined
          ? 'The original changed since this was translated. It now says what is shown on the left.'
          : 'What changed in the original since this was translated:'}
      </Text>
      {field.was !== undefined && (
        <Text size="sm" mt={4}>
          <TextChange before={field.was} after={field.source} />
        </Text>
      )}
      <Group gap="xs" mt={6}>
        <Text size="xs" c="dimmed">
          Change the translation to match, or keep it if it still says the same.
        </Text>
        <Button size="compact-xs" variant="light" onClick={onKeep}>
          Keep translation
        </Button>
      </Group>
    </Paper>
  );
}
