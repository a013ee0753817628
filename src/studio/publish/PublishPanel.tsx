// Publish, and how it goes: each step as the server reports it while the site is checked and built
// in the background, then either the new live release or, when it failed, why and the compiler's
// problems (each by its entry's title), with the live site left as it was. Publish sends the list the publisher
// was shown; when changes were saved since, the server refuses, and the list is read again for the
// publisher to look at before publishing.
import { Alert, Button, Group, List, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconWorldUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { PublishRun, PublishStepView } from '../../../shared/publishing.ts';
import { StudioRequestError } from '../api.ts';
import { publishApi } from './publish-api.ts';

const stepWords: Record<PublishStepView['step'], string> = {
  preparing: 'Getting ready',
  validating: 'Checking the whole site for problems',
  building: 'Building the pages',
  built: 'Pages built',
  saving: 'Keeping the new version safe on the server',
  switching: 'Switching visitors to the new version',
  pushing: 'Sending it to the repository',
};

/** How often the page asks how the publish is going. */
const POLL_MS = 700;

export function PublishPanel({
  publisher,
  reviewed,
  onFinished,
  onPublished,
}: {
  publisher: boolean;
  /** The list of changes shown (undefined while it loads): what Publish puts live, the languages it holds back, and how many changes. */
  reviewed?: { commit: string; holdBack: string[]; pending: number };
  /** Called when the list and pages should be read again: a publish ended, or newer saves were found. */
  onFinished: () => void;
  /** Called when a publish went live. */
  onPublished?: () => void;
}) {
  const pending = reviewed?.pending;
  const [run, setRun] = useState<PublishRun>();
  const [problem, setProblem] = useState<string>();
  const [started, setStarted] = useState<string[]>();
  const running = run !== undefined && run.outcome === undefined;
  // A publish already under way when the view opens (or started from another window) is followed too.
  useEffect(() => {
    publishApi.state().then(
      (state) => state.run && !state.run.outcome && setRun(state.run),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      publishApi.state().then(
        (state) => {
          if (!state.run) return;
          setRun(state.run);
          if (state.run.outcome?.ok) onPublished?.();
          if (state.run.outcome) onFinished();
        },
        (error: Error) => setProblem(error.message),
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, onFinished, onPublished]);
  const start = () => {
    if (!reviewed) return;
    setProblem(undefined);
    setStarted(reviewed.holdBack);
    publishApi.publish(reviewed.commit, reviewed.holdBack).then(
      (answer) => setRun(answer.run),
      (error: Error) => {
        // Saved since the list was shown (or another publish ran): the server's words say so, and
        // the list is read again so the publisher sees what changed before publishing.
        if (error instanceof StudioRequestError && error.status === 409) onFinished();
        setProblem(error.message);
      },
    );
  };
  const outcome = run?.outcome;
  // Whether the publish this view started held a language back, for its outcome's words.
  const heldBack = started !== undefined && started.length > 0;
  return (
    <section aria-label="Publishing">
      <Group>
        <Button
          leftSection={<IconWorldUpload size={16} />}
          disabled={!publisher || running || !reviewed}
          loading={running}
          onClick={start}
          aria-describedby={publisher ? undefined : 'publish-why-not'}
        >
          Publish
        </Button>
        <Text id="publish-why-not" size="sm" c="dimmed">
          {!publisher
            ? 'Only a publisher can publish.'
            : pending === undefined
              ? 'Looking for what is not live yet…'
              : pending > 0
                ? `Puts the ${pending === 1 ? 'change' : `${pending} changes`} below on the live site.`
                : 'Nothing new to publish; publishing builds the live site again as it is saved.'}
        </Text>
      </Group>
      {run && (
        <List spacing={4} mt="sm" aria-label="Progress" center>
          {run.steps.map((step, i) => {
            const current = running && i === run.steps.length - 1;
            return (
              <List.Item
                key={`${step.step}-${step.at}`}
                icon={
                  current ? (
                    <Loader size={16} />
                  ) : (
                    <ThemeIcon size={16} radius="xl" color="teal">
                      <IconCheck size={12} />
                    </ThemeIcon>
                  )
                }
              >
                {stepWords[step.step]}
                {step.detail ? ` (${step.detail})` : ''}
                {current ? '…' : ''}
              </List.Item>
            );
          })}
        </List>
      )}
      {outcome?.ok && (
        <Alert color="teal" mt="sm" title="Published">
          {heldBack
            ? `Visitors now see the site as saved, except the translations held back (release ${outcome.id}).`
            : `Visitors now see the site as saved (release ${outcome.id}).`}
          {outcome.push && !outcome.push.ok && ` It could not be sent to ${outcome.push.to}: ${outcome.push.message}`}
        </Alert>
      )}
      {outcome && !outcome.ok && (
        <Alert color="red" mt="sm" title="Not published">
          <Text size="sm">{outcome.reason} Visitors still see the site as it was.</Text>
          {outcome.messages.length > 0 && (
            <List size="sm" mt="xs" aria-label="Problems found">
              {outcome.messages.map((message, i) => (
                <List.Item key={i} style={{ whiteSpace: 'pre-wrap' }}>
                  {message}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {problem && (
        <Alert color="orange" mt="sm">
          {problem}
        </Alert>
      )}
    </section>
  );
}
