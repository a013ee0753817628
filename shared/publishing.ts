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
  /** Who approved exactly this version in a review, when someone who made none of its changes did. */
  approvedBy?: string;
  live: boolean;
  /** It went live as scheduled: for when, and whether late (no server was running at its time). */
  scheduled?: { for: string; late: boolean; article?: { title: string; change: 'goes-live' | 'expires' } };
  /** What it brought since the release before it; none for the oldest kept one. */
  changes?: ReleaseChanges;
}

/** What a release brought: the entries it changed by title (the first few), and whether the site's code changed. */
export interface ReleaseChanges {
  entries: string[];
  /** How many more entries changed than are named. */
  more: number;
  code: boolean;
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
  /**
   * The commit these changes lead to (the newest save when they were listed): what Publish sends
   * back, so what goes live is what was shown. Never shown on screen.
   */
  commit: string;
  /** Newest first; the newest `unpublishedListed` at most. */
  changes: UnpublishedChangeView[];
  /** How many older unpublished changes are not listed. */
  earlier: number;
  /**
   * The site's other languages whose translations changed since the live version, each with
   * whether this list holds it back (its translations stay as visitors see them now); the
   * language the site is written in is never among them: it always goes live.
   */
  languages?: PublishLanguage[];
  /**
   * Set when the live build records no commit it was built from (a build of edits not yet
   * committed, or made outside git): the whole history counts as unpublished.
   */
  sinceUnknown?: true;
}

/** A language with translations saved but not live, as site.yaml declares it ("Deutsch"). */
export interface PublishLanguage {
  code: string;
  name: string;
  direction: 'ltr' | 'rtl';
  heldBack: boolean;
}

/** The most languages a publish can hold back: more than any site declares. */
export const mostHeldBack = 50;

/** The most unpublished changes listed: each costs a few git processes, and a person reads a few. */
export const unpublishedListed = 30;

/**
 * What Publish sends: the commit of the list the publisher reviewed, and the languages that list
 * held back (none: every language goes live).
 */
export interface PublishRequest {
  commit: string;
  holdBack?: string[];
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
  /** `leads`: whether they may open the leads inbox. */
  editor: { email: string; role: Role; leads: boolean };
  run?: PublishRun;
}
