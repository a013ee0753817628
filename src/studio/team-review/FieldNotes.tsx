// The notes a reviewer left at a field, under it, for the editor who opens the entry.
import { Paper, Text } from '@mantine/core';
import type { DataPath } from '../api.ts';
import { samePath } from '../data-path.ts';
import { useForm } from '../fields/form-context.ts';

export function FieldNotes({ path }: { path: DataPath }) {
  const notes = useForm().notes.filter((note) => samePath(note.path, path));
  if (!notes.length) return null;
  return (
    <>
      {notes.map((note) => (
        <Paper
          key={note.id}
          role="note"
          aria-label={`Review note from ${note.by}`}
          withBorder
          p={6}
          mt={4}
          bg="yellow.0"
        >
          <Text size="sm">
            <Text span fw={600}>
              {note.by}
            </Text>{' '}
            in a review: {note.text}
          </Text>
        </Paper>
      ))}
    </>
  );
}
