// Whether a version of the saved site may go live where PUBLISH_NEEDS_APPROVAL asks for a second
// pair of eyes: someone who made none of the changes it would bring live approved that exact
// version (its commit) in a review, and decided nothing else on it since. A save made after the
// approval is a new version, so the approval no longer counts. Every way to go live asks here: the
// studio's Publish and Schedule, and `npm run releases -- publish | schedule`.
import { readBuildRecord } from '../../server/releases/store.ts';
import type { ReviewDecision, ReviewRecord } from '../../shared/team-review.ts';
import { authorsBetween, isAncestor } from './git.ts';
import { releaseSpan } from './held-languages.ts';
import { listReleases } from './publish.ts';
import { readReviews } from './team-reviews.ts';

export class NotApproved extends Error {}

export interface ApprovalPlace {
  root: string;
  dataDir: string;
  releasesDir?: string;
  /** DIST_DIR: before the first publish, its build record says which commit visitors see. */
  distDir?: string;
}

/** The commit visitors see now: the live release's, else the one DIST_DIR's build records; undefined when unknown. */
export async function liveCommit(place: ApprovalPlace): Promise<string | undefined> {
  const live = (await listReleases(place)).find((release) => release.live);
  if (live) return live.commit || undefined;
  return (place.distDir && (await readBuildRecord(place.distDir)).commit) || undefined;
}

/** The last decision anyone made on exactly `commit`, in any review. */
export function lastDecisionOn(reviews: ReviewRecord[], commit: string): ReviewDecision | undefined {
  return reviews
    .flatMap((review) => review.decisions)
    .filter((decision) => decision.commit === commit)
    .sort((a, b) => a.at.localeCompare(b.at))
    .at(-1);
}

/**
 * Whose changes a release of `commit` brings live after `live`: for one holding a language back,
 * the authors of the saves it brings, never those of the held-back language alone.
 */
export async function authorsOf(root: string, live: string | undefined, commit: string): Promise<Set<string>> {
  const { saved, paths } = await releaseSpan(root, live, commit);
  return authorsBetween(root, live, saved, paths);
}

/**
 * Who approved `commit` for going live, when that approval counts: the last decision on it is an
 * approval, by someone who made none of the changes since the live version. Undefined otherwise.
 */
export async function approverOf(place: ApprovalPlace, commit: string): Promise<string | undefined> {
  const decision = lastDecisionOn(await readReviews(place.dataDir), commit);
  if (decision?.verdict !== 'approved') return undefined;
  const authors = await authorsOf(place.root, await liveCommit(place), commit);
  return authors.has(decision.by.toLowerCase()) ? undefined : decision.by;
}

const unapproved =
  'These changes need the approval of someone who did not make them before they can go live. Ask for a review in the Publish view; once another publisher approves this version, it can be published.';
const savedSince =
  'Changes were saved after the last approval, so the approval no longer counts: what goes live must be exactly what was approved. Ask for a review of the newest version.';

/**
 * The approver to record with the release; refused in words (NotApproved) when approval is
 * required and this exact version has none that counts. Where it is not required, the approver
 * is still recorded when there is one.
 */
export async function approvalFor(
  place: ApprovalPlace,
  commit: string,
  required: boolean,
): Promise<string | undefined> {
  const approver = await approverOf(place, commit);
  if (approver || !required) return approver;
  const reviews = await readReviews(place.dataDir);
  const decision = lastDecisionOn(reviews, commit);
  if (decision?.verdict === 'approved')
    throw new NotApproved(
      'The approval of these changes was given by someone who made some of them, so it does not count: someone else must approve them.',
    );
  if (!decision) {
    // An approval of an earlier version not live yet: saves were made after it.
    const live = await liveCommit(place);
    const earlier = reviews.flatMap((review) => review.decisions).filter((d) => d.verdict === 'approved');
    for (const approval of earlier)
      if (
        (await isAncestor(place.root, approval.commit, commit)) &&
        !(live && (await isAncestor(place.root, approval.commit, live)))
      )
        throw new NotApproved(savedSince);
  }
  throw new NotApproved(unapproved);
}
