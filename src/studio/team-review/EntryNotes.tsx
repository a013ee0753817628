// The notes reviewers left on the open entry, listed at the top of the panel with where each is:
// a note at a section not open now, or at a change with no field of its own (a moved section),
// is found here; each is shown under its field too.
import { List, Paper, Text } from '@mantine/core';
import { useForm } from '../fields/form-context.ts';

export function EntryNotes() {
  const { notes } = useForm();
  if (!notes.length) return null;
  return (
    <Paper withBorder p="xs" bg="yellow.0" component="section" aria-label="Notes from a review">
      <Text size="sm" fw={600}>
        {notes.length === 1 ? 'A note from a review' : `${notes.length} notes from a review`}
      </Text>
      <List size="sm" spacing={2}>
        {notes.map((note) => (
          <List.Item key={note.id}>
            {note.where}: “{note.text}” ({note.by})
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
