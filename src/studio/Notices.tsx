// What stands between the editor and a save, at the top of the panel: a file changed on disk, a
// file that cannot be read, a refused save, and the problems the live check found.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { openEntry } from './store/commands.ts';
import { useStore, useStudio } from './store/store.ts';

export function Notices() {
  const store = useStore();
  const { dispatch } = store;
  const file = useStudio((state) => state.entry?.file);
  const conflict = useStudio((state) => state.conflict);
  const unreadable = useStudio((state) => state.unreadable);
  const saveProblem = useStudio((state) => state.saveProblem);
  const check = useStudio((state) => state.check);
  const errors = check?.errors ?? [];
  const elsewhere = check?.elsewhere ?? [];
  return (
    <>
      {conflict && (
        <Alert color="orange" title="This file changed on disk" role="alert">
          <Text size="sm" mb="xs">
            Someone edited site/{file} outside the studio since you opened it. The studio will not overwrite it.
          </Text>
          <Button size="xs" onClick={() => file && void openEntry(store, file, { push: false, discard: true })}>
            Reload it (drops your unsaved edits)
          </Button>
        </Alert>
      )}
      {unreadable && (
        <Alert color="red" title="This file cannot be opened yet" role="alert">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {unreadable.message}
          </Text>
        </Alert>
      )}
      {saveProblem && (
        <Alert
          color="red"
          title="Not saved"
          role="alert"
          withCloseButton
          onClose={() => dispatch({ type: 'dismissSaveProblem' })}
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {saveProblem}
          </Text>
        </Alert>
      )}
      {(errors.length > 0 || elsewhere.length > 0) && (
        <Alert color="red" title="Problems to fix before saving">
          <Stack gap={4}>
            {errors.map((error, i) => (
              <Text
                key={i}
                size="sm"
                component="button"
                style={{ textAlign: 'left', background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
                onClick={() =>
                  error.at[0] === 'sections' &&
                  typeof error.at[1] === 'number' &&
                  dispatch({ type: 'select', index: error.at[1] })
                }
              >
                {error.text}
              </Text>
            ))}
            {elsewhere.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </>
  );
}
