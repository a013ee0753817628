// The changes under review, in the review's words (src/studio/review/), each with the notes left at
// it and a way to leave one; a page's "Before and after" shows it rendered beside.
import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { UnpublishedAnswer } from '../../../shared/publishing.ts';
import type { DataChange, DataPath } from '../../../shared/review.ts';
import type { ReviewNote, ReviewNoteAsk } from '../../../shared/team-review.ts';
import { samePath } from '../data-path.ts';
import { routeOf } from '../publish/UnpublishedList.tsx';
import { when } from '../publish/publish-api.ts';
import { ChangeLine } from '../review/ChangeLine.tsx';
import { describeFile, fileHeading, type Said } from '../review/describe.ts';
import { changeSummary } from '../review/summary.ts';
import { useStudio } from '../store/store.ts';

const whereOf = (said: Said) => (said.kind === 'sentence' ? said.text : said.where);
/** The field a change is at: a Markdown text's change is at the entry's text, []. */
const pathOf = (change: DataChange | undefined): DataPath => (change && 'path' in change ? change.path : []);

interface ChangesProps {
  answer: UnpublishedAnswer;
  notes: ReviewNote[];
  onNote: (note: ReviewNoteAsk) => Promise<void>;
  shown?: string;
  onShow: (route: string) => void;
}

export function ReviewChanges({ answer, notes, onNote, shown, onShow }: ChangesProps) {
  const contract = useStudio((state) => state.site?.contract);
  const entries = useStudio((state) => state.entries);
  if (!contract) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Changes to review">
      {answer.changes.length === 0 && <Text>Nothing left to review: visitors see everything that was saved.</Text>}
      {answer.changes
        .filter((change) => !change.code)
        .map((change) => (
          <Card key={change.commit} withBorder padding="sm" component="article">
            <Text fw={600}>{changeSummary(contract, change.files)}</Text>
            <Text size="xs" c="dimmed">
              {change.author.name} ({change.author.email}), {when(change.at)}
            </Text>
            {change.files.map((file) => {
              const route = routeOf(entries, file);
              const heading = fileHeading(file);
              const lines = file.status === 'modified' && !file.problem ? describeFile(contract, file) : [];
              const at = (path: DataPath) => notes.filter((n) => n.file === file.file && samePath(n.path, path));
              return (
                <div key={file.file} style={{ marginTop: 8 }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {heading}
                    </Text>
                    {route !== undefined && (
                      <Button
                        size="compact-xs"
                        variant={shown === route ? 'filled' : 'light'}
                        aria-pressed={shown === route}
                        aria-label={`Before and after: ${heading}`}
                        onClick={() => onShow(route)}
                      >
                        Before and after
                      </Button>
                    )}
                  </Group>
                  <Stack component="ul" gap={6} mt={4} pl={0} style={{ listStyle: 'none' }}>
                    {(lines.length ? lines : [{ said: { kind: 'sentence', text: heading } as Said, indexes: [] }]).map(
                      (line) => {
                        const path = pathOf(file.changes[line.indexes[0]]);
                        const where = whereOf(line.said);
                        return (
                          <li key={line.indexes.join(',') || 'file'} style={{ overflowWrap: 'anywhere' }}>
                            {lines.length > 0 && <ChangeLine said={line.said} committedOf={() => undefined} />}
                            {at(path).map((note) => (
                              <Text key={note.id} size="sm" c="dimmed" role="note" aria-label={`Note from ${note.by}`}>
                                {note.by}: {note.text}
                              </Text>
                            ))}
                            <NoteForm where={where} onSend={(text) => onNote({ file: file.file, path, where, text })} />
                          </li>
                        );
                      },
                    )}
                  </Stack>
                </div>
              );
            })}
          </Card>
        ))}
    </Stack>
  );
}

/** "Leave a note", opened into a text box and Send. */
function NoteForm({ where, onSend }: { where: string; onSend: (text: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  if (!open)
    return (
      <Button size="compact-xs" variant="subtle" aria-label={`Leave a note: ${where}`} onClick={() => setOpen(true)}>
        Leave a note
      </Button>
    );
  const send = async () => {
    setBusy(true);
    try {
      await onSend(text);
      setText('');
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} mt={4}>
      <Textarea
        label={`Note: ${where}`}
        description="The editor sees it at this field when they open the page."
        value={text}
        autosize
        minRows={2}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group gap="xs">
        <Button size="compact-sm" loading={busy} disabled={!text.trim()} onClick={send}>
          Send note
        </Button>
        <Button size="compact-sm" variant="default" disabled={busy} onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
