// A review asked of the publishers before changes go live, as the studio's page and its server
// (scripts/studio/team-review-routes.ts) say it: the request with its message, the notes left at
// a change, and the decisions. A decision is of one exact version of the saved site (its commit):
// a save made after an approval leaves that approval behind.
import type { DataPath } from './review.ts';

/** A reviewer's note at one change of an entry, shown to the editor at that field. */
export interface ReviewNote {
  id: string;
  by: string;
  at: string;
  /** The entry's file under site/; never shown, the entry's name is. */
  file: string;
  /** The field the note is at, as the entry's data path ([] for the entry as a whole). */
  path: DataPath;
  /** Where it is in the review's words ("Contact › Title"), as the reviewer saw it. */
  where: string;
  text: string;
}

export type Verdict = 'approved' | 'changes-asked';

export interface ReviewDecision {
  by: string;
  at: string;
  verdict: Verdict;
  /** The version decided on: the newest save when the reviewer looked. */
  commit: string;
  note?: string;
}

export interface ReviewRecord {
  id: string;
  /** Who asked for the review. */
  by: string;
  at: string;
  message: string;
  /** The newest save when the review was asked for. */
  commit: string;
  notes: ReviewNote[];
  decisions: ReviewDecision[];
}

/**
 * How a review stands: waiting for a decision, approved (of the newest save), changes asked,
 * approved but saved since (the approval no longer counts), or its changes live.
 */
export type ReviewState = 'waiting' | 'approved' | 'changes-asked' | 'saved-since' | 'live';

export interface ReviewView extends ReviewRecord {
  state: ReviewState;
  /** The languages the version under review holds back (their translations stay as visitors see them). */
  holdBack?: string[];
}

export interface ReviewsAnswer {
  /** Whether a change needs someone else's approval before it goes live (PUBLISH_NEEDS_APPROVAL). */
  required: boolean;
  /** Newest first. */
  reviews: ReviewView[];
}

export interface ReviewAsk {
  /** The newest save the editor was shown. */
  commit: string;
  message: string;
}

export interface ReviewNoteAsk {
  file: string;
  path: DataPath;
  where: string;
  text: string;
}

export interface ReviewDecisionAsk {
  /** The version the reviewer was shown. */
  commit: string;
  verdict: Verdict;
  note?: string;
}

/** The longest message, note or decision note, in characters. */
export const reviewTextMax = 2000;
