// The studio's top bar: the open entry's title, whether it has unsaved edits or problems, and Undo, Redo,
// Not live yet, Translate and Save (their keys, Ctrl+Z, Ctrl+Shift+Z, Ctrl+S, are in use-studio-keys.ts).
import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconDeviceFloppy, IconGitCompare } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ChangesView } from './ChangesView.tsx';
import { PublishButton } from './publish/PublishButton.tsx';
import { EntryActions } from './rename/EntryActions.tsx';
import { Presence } from './presence/Presence.tsx';
import { HistoryButton } from './history/HistoryButton.tsx';
import { LeadsButton } from './leads/LeadsButton.tsx';
import { TranslateButton } from './translate/TranslateButton.tsx';
import { showProblem, useProblems, whySaveWaits } from './problems.ts';
import { saveEntry } from './store/commands.ts';
import { useStore, useStudio } from './store/store.ts';
import { canUndo as undoable, invalidInputReason, isDirty } from './store/studio-state.ts';

export function Toolbar() {
  const store = useStore();
  const { dispatch } = store;
  const entry = useStudio((state) => state.entry);
  const dirty = useStudio(isDirty);
  const problems = useProblems();
  const invalidInput = useStudio(invalidInputReason);
  // Letters waiting in a number field are undone first, so they count as a step too.
  const canUndo = useStudio(undoable);
  const canRedo = useStudio((state) => state.history.future.length > 0);
  const saving = useStudio((state) => state.saving);
  const conflict = useStudio((state) => state.conflict);
  const [showChanges, setShowChanges] = useState(false);
  // Each click on the count goes to the next problem, from the first.
  const next = useRef(0);
  const goToNext = () => {
    if (!problems.length) return;
    showProblem(store, problems[next.current % problems.length]);
    next.current++;
  };
  const saveWaits = whySaveWaits({ saving, conflict, dirty, problems: problems.length, invalidInput });
  const undo = () => dispatch({ type: 'undo' });
  const redo = () => dispatch({ type: 'redo' });

  return (
    // One line at any width the studio is used at (1280 px and up): the entry's name gives way
    // (cut short, whole in its tooltip), the counts and the buttons never do.
    <header
      style={{
        display: 'flex',
        flexWrap: 'nowrap',
        alignItems: 'center',
        gap: 12,
        padding: '0 12px',
        borderBottom: '1px solid var(--mantine-color-gray-3)',
        minWidth: 0,
      }}
    >
      <Title order={1} size="h4" style={{ flex: 'none' }}>
        Studio
      </Title>
      {entry && (
        // data-open-file: for tests to know which file is open; the person reads the title.
        <Text
          size="sm"
          c="dimmed"
          truncate="end"
          title={entry.title}
          data-open-file={entry.file}
          style={{ flex: '0 1 auto', minWidth: 48 }}
        >
          {entry.title}
        </Text>
      )}
      <Presence />
      {dirty && (
        <Badge color="orange" variant="light" style={{ flex: 'none', overflow: 'visible' }}>
          Unsaved edits
        </Badge>
      )}
      {problems.length > 0 && (
        <Badge
          component="button"
          type="button"
          color="red"
          variant="light"
          onClick={goToNext}
          title="Show the next problem"
          style={{ cursor: 'pointer', flex: 'none', overflow: 'visible' }}
        >
          {problems.length} problem{problems.length === 1 ? '' : 's'}
        </Badge>
      )}
      <Group gap="xs" ml="auto" wrap="nowrap" style={{ flex: 'none' }}>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconArrowBackUp size={14} />}
          disabled={!canUndo}
          onClick={undo}
        >
          Undo
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconArrowForwardUp size={14} />}
          disabled={!canRedo}
          onClick={redo}
        >
          Redo
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconGitCompare size={14} />}
          onClick={() => setShowChanges(true)}
        >
          Not live yet
        </Button>
        <HistoryButton />
        <TranslateButton />
        <EntryActions />
        <PublishButton />
        <LeadsButton />
        {saveWaits && (
          <Text
            id="save-waits"
            size="xs"
            c={saveWaits === 'No unsaved edits' ? 'dimmed' : 'red'}
            style={{ whiteSpace: 'nowrap' }}
          >
            {saveWaits}
          </Text>
        )}
        <Button
          size="xs"
          leftSection={<IconDeviceFloppy size={14} />}
          disabled={saveWaits !== undefined}
          aria-describedby={saveWaits ? 'save-waits' : undefined}
          title={saveWaits}
          loading={saving}
          onClick={() => void saveEntry(store)}
        >
          Save
        </Button>
      </Group>
      <ChangesView opened={showChanges} onClose={() => setShowChanges(false)} />
    </header>
  );
}
