// What the studio's Publish view and the studio on the server agree on (scripts/studio/publish-routes.ts
// answers, src/studio/publish/ shows): who is asking and what they may do, what is saved but not yet
// live, a publish's progress and outcome, and the kept releases.
import type { ChangedFile } from './review.ts';

export type Role = 'editor' | 'publisher';

/** A kept release: when it was published, by whom, from which commit, and whether visitors see it now. */
export interface ReleaseView {
  id: string;
  commit: string;
  at: string;
  by: string;
  live: boolean;
}

/** One file of an unpublished commit, compared as data as the review compares it, with git's own diff. */
export interface UnpublishedFileView extends ChangedFile {
  diff: string;
}

/** One saved change visitors do not see yet: a commit under site/. */
export interface UnpublishedChangeView {
  commit: string;
  author: { name: string; email: string };
  at: string;
  message: string;
  files: UnpublishedFileView[];
  /** It changed the site's code (files outside site/): said as one line, never as content. */
  code?: boolean;
}

export interface UnpublishedAnswer {
  /** The live release, if anything was ever published from the studio. */
  live?: ReleaseView;
  /** Newest first. */
  changes: UnpublishedChangeView[];
  /** Set when only the newest are listed (nothing published yet: the whole history counts). */
  newest?: number;
}

export interface PublishStepView {
  step: 'preparing' | 'validating' | 'building' | 'built' | 'saving' | 'switching' | 'pushing';
  detail?: string;
  at: string;
}

export type PublishOutcome =
  | { ok: true; id: string; push?: { ok: true; to: string } | { ok: false; to: string; message: string } }
  | { ok: false; reason: string; messages: string[] };

/** The publish running now, or the last one this server ran. */
export interface PublishRun {
  by: string;
  startedAt: string;
  steps: PublishStepView[];
  outcome?: PublishOutcome;
}

export interface PublishState {
  /** Who is asking, and whether they may publish and roll back. */
  editor: { email: string; role: Role };
  run?: PublishRun;
}
