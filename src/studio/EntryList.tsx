// The content list, grouped as the people editing the site think of it (shared/entry-groups.ts):
// pages by title and address, articles, the menu and footer, contact details, forms, the brand,
// redirects, documents and the other settings, with a filter box (which says so when nothing matches) and buttons for a new page or
// article (the `npm run new` scaffolds), asked for by title with the address derived from it.
import { Button, Group, Modal, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { entryGroups, groupOf } from '../../shared/entry-groups.ts';
import { slugOf } from '../../shared/slug.ts';
import { api, type EntrySummary } from './api.ts';
import { DeletedEntries } from './history/DeletedEntries.tsx';
import { progressWords } from './translate/progress-words.ts';

const sameEntry = (a: EntrySummary, b?: EntrySummary) => a.file === b?.file && a.part === b.part;

export function EntryList({
  entries,
  current,
  onOpen,
  onCreated,
}: {
  entries: EntrySummary[];
  current?: EntrySummary;
  onOpen: (entry: EntrySummary) => void;
  onCreated: (file: string) => void;
}) {
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState<'page' | 'article'>();
  const needle = filter.trim().toLowerCase();
  const shown = entries.filter((e) => !needle || `${e.title} ${e.route ?? ''}`.toLowerCase().includes(needle));
  return (
    <Stack gap="xs" h="100%">
      <TextInput
        label="Filter"
        placeholder="Title or address"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setCreating('page')}>
          New page
        </Button>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setCreating('article')}>
          New article
        </Button>
      </Group>
      <DeletedEntries onRestored={onCreated} />
      <ScrollArea style={{ flex: 1 }} type="auto">
        <nav aria-label="Content">
          {needle && !shown.length && (
            <Text size="sm" c="dimmed" mt="sm" role="status">
              Nothing matches "{filter.trim()}"
            </Text>
          )}
          {entryGroups.map(([group, title]) => {
            const items = shown.filter((e) => groupOf(e) === group);
            if (!items.length) return null;
            return (
              <div key={group}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="sm" mb={4}>
                  {title}
                </Text>
                {items.map((entry) => (
                  <NavLink
                    key={`${entry.file} ${entry.part ?? ''}`}
                    href={`?${entry.route ? `path=${encodeURIComponent(entry.route)}` : `file=${encodeURIComponent(entry.file)}${entry.part ? `&part=${entry.part}` : ''}`}`}
                    active={sameEntry(entry, current)}
                    label={entry.title}
                    description={<EntryDescription entry={entry} />}
                    onClick={(event) => {
                      event.preventDefault();
                      onOpen(entry);
                    }}
                  />
                ))}
              </div>
            );
          })}
        </nav>
      </ScrollArea>
      <NewEntry kind={creating} onClose={() => setCreating(undefined)} onCreated={onCreated} />
    </Stack>
  );
}

/** The entry's address, and for a site in several languages how far each other one has it. */
function EntryDescription({ entry }: { entry: EntrySummary }) {
  if (!entry.translations) return entry.route;
  return (
    <>
      {entry.route && <span style={{ display: 'block' }}>{entry.route}</span>}
      {entry.translations.map(({ language, name, missing, outdated }) => (
        <span key={language} style={{ display: 'block' }}>
          <span lang={language} dir="auto">
            {name}
          </span>
          {': '}
          {progressWords({ missing, outdated })}
        </span>
      ))}
    </>
  );
}

function NewEntry({
  kind,
  onClose,
  onCreated,
}: {
  kind?: 'page' | 'article';
  onClose: () => void;
  onCreated: (file: string) => void;
}) {
  const [title, setTitle] = useState('');
  // The address follows the title until it is edited by hand.
  const [address, setAddress] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const article = kind === 'article';
  const derived = article ? slugOf(title) : `/${slugOf(title)}`;
  const shownAddress = address ?? derived;
  const reset = () => {
    setAddress(undefined);
    setTitle('');
    setProblem(undefined);
  };
  return (
    <Modal
      opened={kind !== undefined}
      onClose={() => {
        reset();
        onClose();
      }}
      title={article ? 'New article' : 'New page'}
    >
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          try {
            const { file } = await api.create(kind!, shownAddress, title);
            reset();
            onClose();
            onCreated(file);
          } catch (error) {
            setProblem((error as Error).message);
          }
        }}
      >
        <Stack>
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            required
            data-autofocus
          />
          <TextInput
            label={article ? 'Address of the article (slug)' : 'Address'}
            description={
              article
                ? 'Made from the title: lowercase words joined by dashes. Change it if you like.'
                : 'Made from the title, starting with /. Change it if you like.'
            }
            value={shownAddress}
            onChange={(e) => setAddress(e.currentTarget.value)}
            required
          />
          {problem && (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          )}
          <Button type="submit">Create</Button>
        </Stack>
      </form>
    </Modal>
  );
}
