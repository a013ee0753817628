// Under a page's or an article's own fields: the page as a search result shows it (title, address,
// description), with the length of the title and of the description against what results show
// (search-snippet.ts), so an editor sees the cut before publishing rather than after.
import { Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api, type Entry, type Json } from './api.ts';
import { descriptionRoom, lengthNote, shownInResults, titleRoom } from './search-snippet.ts';

/** The site's name and address, read once: the title a result shows ends with the name. */
let siteFacts: Promise<{ name: string; url: string }> | undefined;
function useSiteFacts() {
  const [facts, setFacts] = useState<{ name: string; url: string }>();
  useEffect(() => {
    siteFacts ??= api.entry('site.yaml').then(({ data }) => {
      const settings = (data ?? {}) as Record<string, Json>;
      return { name: String(settings.name ?? ''), url: String(settings.url ?? '') };
    });
    siteFacts.then(setFacts, () => (siteFacts = undefined));
  }, []);
  return facts;
}

/** What becomes the page's description in the results: a page's description, an article's summary. */
const descriptionOf = (entry: Entry, data: Record<string, Json>) =>
  String((entry.kind === 'article' ? data.summary : data.description) ?? '');

function Length({ text, room, label }: { text: string; room: number; label: string }) {
  const note = lengthNote(text, room);
  return (
    <Text size="xs" c={note.over ? 'orange.9' : 'dimmed'}>
      {label}: {note.words}
    </Text>
  );
}

export function SearchPreview({ entry, data }: { entry: Entry; data: Json }) {
  const facts = useSiteFacts();
  if (entry.kind !== 'page' && entry.kind !== 'article') return null;
  const fields = (data ?? {}) as Record<string, Json>;
  const title = `${String(fields.title ?? '')}${facts?.name ? ` | ${facts.name}` : ''}`;
  const description = descriptionOf(entry, fields);
  const address = `${facts?.url.replace(/\/$/, '') ?? ''}${entry.route ?? ''}`;
  return (
    <section aria-label="In search results">
      <Text size="sm" fw={600} mb={4}>
        In search results
      </Text>
      <Paper withBorder p="sm" radius="md">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" truncate="end">
            {address}
          </Text>
          <Text size="lg" c="#1a0dab" lh={1.3} data-part="title">
            {shownInResults(title, titleRoom)}
          </Text>
          <Text size="sm" c="#4d5156" data-part="description">
            {shownInResults(description, descriptionRoom)}
          </Text>
        </Stack>
      </Paper>
      <Stack gap={0} mt={4}>
        <Length label="Title with the site's name" text={title} room={titleRoom} />
        <Length label="Description" text={description} room={descriptionRoom} />
      </Stack>
    </section>
  );
}
