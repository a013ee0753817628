// The Publish view's calls (scripts/studio/publish-routes.ts on the server). The laptop studio
// (`npm run studio`) has no publishing: it answers 404 to them, and the studio shows no Publish button.
import { useEffect, useState } from 'react';
import type {
  PublishRequest,
  PublishRun,
  PublishState,
  ReleaseView,
  UnpublishedAnswer,
} from '../../../shared/publishing.ts';
import type { ScheduledAnswer, ScheduleRequest } from '../../../shared/scheduling.ts';
import { call, StudioRequestError } from '../api.ts';

export const publishApi = {
  state: () => call<PublishState>('publish'),
  /** Publishes the changes of the list the publisher was shown: `commit` and `holdBack` are that list's. */
  publish: (commit: string, holdBack: string[]) =>
    call<{ run: PublishRun }>('publish', { body: { commit, holdBack } satisfies PublishRequest }),
  releases: () => call<ReleaseView[]>('releases'),
  rollback: (id: string) => call<ReleaseView[]>('rollback', { body: { id } }),
  /** What is not live yet, as a release holding back the languages in `holdBack` would bring it. */
  unpublished: (holdBack: readonly string[] = []) =>
    call<UnpublishedAnswer>(
      `unpublished${holdBack.length ? `?${new URLSearchParams(holdBack.map((code) => ['hold', code]))}` : ''}`,
    ),
  scheduled: () => call<ScheduledAnswer>('scheduled'),
  /** Schedules the changes of the list the publisher was shown, for `at` on the site's clock. */
  schedule: (commit: string, at: string, holdBack: string[]) =>
    call<ScheduledAnswer>('schedule', { body: { commit, at, holdBack } satisfies ScheduleRequest }),
  move: (id: string, at: string) => call<ScheduledAnswer>(`scheduled/${encodeURIComponent(id)}/move`, { body: { at } }),
  cancel: (id: string) => call<ScheduledAnswer>(`scheduled/${encodeURIComponent(id)}/cancel`, { body: {} }),
};

/** Who is signed in and what they may do, where this studio publishes; null where it does not; undefined while asking. */
export function usePublishing(): PublishState | null | undefined {
  const [state, setState] = useState<PublishState | null>();
  useEffect(() => {
    let live = true;
    publishApi.state().then(
      (answer) => live && setState(answer),
      (error: unknown) =>
        live && setState(error instanceof StudioRequestError && error.status === 404 ? null : undefined),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** "27 Nov 2026, 22:14" in the reader's own time. */
export const when = (iso: string) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'at an unknown time';
