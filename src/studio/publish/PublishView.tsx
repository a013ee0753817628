// The Publish view: what visitors see now (the live release), what was saved since and is not live
// yet (each change with who, when, which entry, in the review's words, and the page before and after),
// which languages' translations go with it, Publish with its progress, the reviews asked of the publishers, a preview to share with people without an account, and the kept
// releases to roll back to. Everyone signed in sees it; only a publisher publishes and rolls back,
// and an editor is told why not.
import { Alert, Modal, Stack, Text, Title } from '@mantine/core';
import { Loading } from '../Loading.tsx';
import { useCallback, useEffect, useState } from 'react';
import type { PublishState, UnpublishedAnswer } from '../../../shared/publishing.ts';
import { PagePreviews } from './PagePreviews.tsx';
import { heldBackOf, LanguageChoice } from './LanguageChoice.tsx';
import { PublishPanel } from './PublishPanel.tsx';
import { publishApi, when } from './publish-api.ts';
import { ReleaseList } from './ReleaseList.tsx';
import { SharePanel } from './SharePanel.tsx';
import { ScheduledReleases } from './ScheduledReleases.tsx';
import { routeOf, UnpublishedList } from './UnpublishedList.tsx';
import { useStudio } from '../store/store.ts';
import { ReviewsPanel } from '../team-review/ReviewsPanel.tsx';
import { isDirty } from '../store/studio-state.ts';

export function PublishView({
  editor,
  onClose,
  onOpenReview,
}: {
  editor: PublishState['editor'];
  onClose: () => void;
  onOpenReview: (id: string) => void;
}) {
  const [answer, setAnswer] = useState<UnpublishedAnswer>();
  const [problem, setProblem] = useState<string>();
  const [route, setRoute] = useState<string>();
  // Bumped after a publish or a roll back: the lists and both pages are read again.
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  // The languages the publisher unticked: the list is read again for each choice.
  const [holdBack, setHoldBack] = useState<string[]>([]);
  const [choosing, setChoosing] = useState(false);
  const choose = (next: string[]) => {
    setChoosing(true);
    setHoldBack(next);
  };
  // After a publish, every language waiting is offered ticked again.
  const published = useCallback(() => setHoldBack([]), []);
  useEffect(() => {
    let live = true;
    publishApi.unpublished(holdBack).then(
      (next) => {
        if (!live) return;
        setAnswer(next);
        setProblem(undefined);
        setChoosing(false);
      },
      (error: Error) => {
        if (!live) return;
        setProblem(error.message);
        setChoosing(false);
      },
    );
    return () => {
      live = false;
    };
  }, [round, holdBack]);
  const shownHeldBack = heldBackOf(answer?.languages);
  const publisher = editor.role === 'publisher';
  // The newest change's page is shown before and after until another is chosen.
  const entries = useStudio((state) => state.entries);
  const unsaved = useStudio((state) => (isDirty(state) ? state.entry?.title : undefined));
  const shown =
    route ??
    answer?.changes
      .flatMap((change) => change.files)
      .map((file) => routeOf(entries, file))
      .find((found) => found !== undefined);
  const shownTitle = shown !== undefined ? entries.find((entry) => entry.route === shown)?.title : undefined;
  const sharedPage = shown !== undefined && shownTitle ? { route: shown, title: shownTitle } : undefined;
  return (
    <Modal opened onClose={onClose} fullScreen title={<Title order={2}>Publish</Title>}>
      <Stack gap="lg" maw={1600} mx="auto">
        {!publisher && (
          <Alert color="blue" title="Only a publisher can publish">
            You can see here everything that is saved but not yet on the live site. Publishing it, or going back to an
            earlier version, is for the people the site owner made publishers: ask one of them, or ask the site owner to
            make you one.
          </Alert>
        )}
        {unsaved && (
          <Alert color="orange" title="Unsaved edits are not published">
            Your edits to {unsaved} are not saved yet, so publishing leaves them out. Close this, save, and come back to
            publish them.
          </Alert>
        )}
        <Text>
          {answer?.live
            ? answer.live.by
              ? `Visitors see the site as published ${when(answer.live.at)} by ${answer.live.by}.`
              : 'Visitors see the site as it was first set up.'
            : answer && 'Nothing has been published from the studio yet: visitors see the site as it was set up.'}
        </Text>
        <LanguageChoice languages={answer?.languages} disabled={choosing} onChange={choose} />
        <PublishPanel
          publisher={publisher}
          reviewed={
            answer && !choosing
              ? { commit: answer.commit, holdBack: shownHeldBack, pending: answer.changes.length + answer.earlier }
              : undefined
          }
          onFinished={reload}
          onPublished={published}
        />
        <ReviewsPanel
          commit={choosing ? undefined : answer?.commit}
          pending={answer ? answer.changes.length + answer.earlier : 0}
          round={round}
          onOpen={onOpenReview}
        />
        <ScheduledReleases
          publisher={publisher}
          commit={choosing ? undefined : answer?.commit}
          holdBack={shownHeldBack}
          round={round}
        />
        {problem && <Alert color="red">{problem}</Alert>}
        {!answer && !problem && <Loading>Loading what is not live yet…</Loading>}
        {answer && (
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
              gap: 24,
              alignItems: 'start',
            }}
          >
            <UnpublishedList answer={answer} shown={shown} onShow={setRoute} />
            {shown !== undefined ? (
              <PagePreviews route={shown} round={round} />
            ) : (
              answer.changes.length > 0 && (
                <Text c="dimmed">
                  Choose “Before and after” on a change to see its page as visitors see it now and once published.
                </Text>
              )
            )}
          </div>
        )}
        <SharePanel page={sharedPage} unsaved={unsaved} />
        <ReleaseList publisher={publisher} round={round} onRolledBack={reload} />
      </Stack>
    </Modal>
  );
}
