// What stands between the editor and a save, at the top of the panel: a file changed on disk (kept
// in view while the panel scrolls; merge/ offers the merge), a file that cannot be read, a refused
// save, and a summary of the problems the live check found: each is said at its field, so the
// summary only counts them and names their places to go to; a problem no field shows is said here.
import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { showProblem, summaryId, useProblems } from './problems.ts';
import { ConflictNotice } from './merge/ConflictNotice.tsx';
import { MergeDialog } from './merge/MergeDialog.tsx';
import { useStore, useStudio } from './store/store.ts';

export function Notices() {
  const store = useStore();
  const { dispatch } = store;
  const conflict = useStudio((state) => state.conflict);
  const unreadable = useStudio((state) => state.unreadable);
  const saveProblem = useStudio((state) => state.saveProblem);
  const problems = useProblems();
  const atFields = problems.filter((problem) => problem.at);
  const inWords = problems.filter((problem) => !problem.at);
  return (
    <>
      {conflict && <ConflictNotice />}
      <MergeDialog />
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
            {/* The problems that refused it are said at their fields and summed up below: only the first line here. */}
            {problems.length ? saveProblem.split('\n')[0] : saveProblem}
          </Text>
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert color="red" title="Problems to fix before saving" id={summaryId} tabIndex={-1}>
          <Stack gap={4}>
            {atFields.length > 0 && (
              <>
                <Text size="sm">
                  {atFields.length === 1
                    ? '1 problem, said at its field:'
                    : `${atFields.length} problems, each said at its field:`}
                </Text>
                <List size="sm" spacing={2}>
                  {atFields.map((problem, i) => (
                    <List.Item key={i}>
                      <Anchor component="button" type="button" size="sm" onClick={() => showProblem(store, problem)}>
                        {problem.place}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              </>
            )}
            {inWords.map((problem, i) => (
              <Text key={i} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {problem.words}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </>
  );
}
