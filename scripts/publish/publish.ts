// Publishing: validate and build a commit (the one reviewed; the checked-out one unless named) in a
// child process into releases/<id>.partial (build-commit.ts), make
// it durable (every file and folder synced), rename it to releases/<id> (with _release.json: id,
// commit, when, by whom), then switch `current`, which every instance serving the folder follows
// (server/releases/live.ts). A failed validation or build leaves the live release and returns the
// compiler's messages. A publish killed at any point leaves `current` naming a whole release; the
// next publish removes the .partial folder it left. The last five releases are kept (and the live
// one, whatever its age); roll back switches `current` to any of them. One publish or roll-back at a time.
// The build served before the first publish (DIST_DIR) becomes a release of its own at that publish
// (release-zero.ts), so the first publish can be rolled back like any other.
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PublishPush } from '../../server/config.ts';
import { readManifest } from '../../server/plugins/site.ts';
import {
  newReleaseId,
  readCurrent,
  readReleaseInfo,
  releaseDir,
  releaseIds,
  writeCurrent,
  type ReleaseInfo,
} from '../../server/releases/store.ts';
import { listScheduled, type ScheduledRelease } from '../../server/releases/scheduled.ts';
import { buildCommit } from './build-commit.ts';
import { headCommit, pushCommit, resolveCommit } from './git.ts';
import { composedOf } from './held-languages.ts';
import { keepReleaseZero } from './release-zero.ts';
import { withPublishLock } from './lock.ts';
import type { PublishResult, PublishStep, StepName } from './steps.ts';

/** Releases kept: the newest five (the live one is never removed). */
export const KEEP_RELEASES = 5;

export interface PublishOptions {
  /** The checkout: the folder holding site/, a git repository. */
  root: string;
  /** DATA_DIR; the releases go to DATA_DIR/releases unless `releasesDir` says otherwise. */
  dataDir: string;
  releasesDir?: string;
  /** Who publishes (an e-mail address). */
  by: string;
  /** Who approved this commit in a review (scripts/publish/approval.ts): kept in the release's record. */
  approvedBy?: string;
  /** The commit to publish (its hash); default: the checked-out one. The release is built from it and it is what is pushed. */
  commit?: string;
  /** DIST_DIR: the build served while no release is live, kept as a release at the first publish. */
  distDir?: string;
  /** PUBLISH_PUSH: push the published commit there. */
  push?: PublishPush;
  /** Called at each step as it starts. */
  onStep?: (step: PublishStep) => void;
  /** Called with the child's process id once it runs (tests kill it). */
  onChild?: (pid: number) => void;
}

const heldBackNotPushed =
  'This release holds a language back, so it is not sent to the repository; the next release with every language is.';

const releasesOf = (options: { dataDir: string; releasesDir?: string }) =>
  options.releasesDir ?? path.join(options.dataDir, 'releases');

/** Removes what killed publishes left (releases/*.partial). */
async function removePartials(releasesDir: string): Promise<void> {
  for (const name of await readdir(releasesDir).catch(() => [])) {
    if (name.endsWith('.partial')) await rm(path.join(releasesDir, name), { recursive: true, force: true });
  }
}

/** Keeps the newest KEEP_RELEASES releases, and the live one whatever its age; removes the rest. */
async function prune(releasesDir: string): Promise<void> {
  const live = await readCurrent(releasesDir);
  const old = (await releaseIds(releasesDir)).slice(KEEP_RELEASES).filter((id) => id !== live);
  for (const id of old) await rm(releaseDir(releasesDir, id), { recursive: true, force: true });
}

export async function publish(options: PublishOptions): Promise<PublishResult> {
  const releasesDir = releasesOf(options);
  await mkdir(releasesDir, { recursive: true });
  const step = (name: StepName, detail?: string) =>
    options.onStep?.({ step: name, ...(detail && { detail }), at: new Date().toISOString() });
  return withPublishLock(releasesDir, async () => {
    step('preparing');
    await removePartials(releasesDir);
    // A named commit that is not one of this repository's throws UnknownCommit before any work.
    const commit = options.commit ? await resolveCommit(options.root, options.commit) : await headCommit(options.root);
    if (options.distDir) await keepReleaseZero(options.distDir, releasesDir);
    const id = newReleaseId();
    const built = await buildCommit({
      root: options.root,
      commit,
      into: releaseDir(releasesDir, id),
      info: {
        id,
        commit,
        at: new Date().toISOString(),
        by: options.by,
        ...(options.approvedBy && { approvedBy: options.approvedBy }),
      },
      step,
      onChild: options.onChild,
    });
    if (!built.ok) return built;
    step('switching');
    await writeCurrent(releasesDir, id);
    await prune(releasesDir);
    if (!options.push) return { ok: true, id };
    const to = `${options.push.remote} ${options.push.branch}`;
    step('pushing', to);
    try {
      // The published commit itself, never HEAD: a save committed since is not pushed without a publisher.
      if (!commit) throw new Error(`${options.root} is not a git repository: there is no commit to push.`);
      // A release holding a language back is not in the branch's history: pushed, it would make
      // the branch's next push of every saved change one the remote refuses.
      if (await composedOf(options.root, commit)) throw new Error(heldBackNotPushed);
      await pushCommit(options.root, commit, options.push);
      return { ok: true, id, push: { ok: true, to } };
    } catch (error) {
      return { ok: true, id, push: { ok: false, to, message: (error as Error).message } };
    }
  });
}

export interface KeptRelease extends ReleaseInfo {
  live: boolean;
  /** It went live as scheduled: for when, and whether late (no server ran at its time). */
  scheduled?: { for: string; late: boolean; article?: ScheduledRelease['article'] };
}

/** The kept releases, newest first, each with its record and whether it is live. */
export async function listReleases(options: { dataDir: string; releasesDir?: string }): Promise<KeptRelease[]> {
  const releasesDir = releasesOf(options);
  const live = await readCurrent(releasesDir);
  const schedules = new Map(
    (await listScheduled(releasesDir)).flatMap((record) =>
      record.state === 'live' ? [[record.releaseId, record] as const] : [],
    ),
  );
  const kept: KeptRelease[] = [];
  for (const id of await releaseIds(releasesDir)) {
    const info = (await readReleaseInfo(releasesDir, id)) ?? { id, commit: '', at: '', by: '' };
    const record = schedules.get(id);
    const scheduled = record && {
      for: record.at,
      late: record.late === true,
      ...(record.article && { article: record.article }),
    };
    kept.push({ ...info, live: id === live, ...(scheduled && { scheduled }) });
  }
  return kept;
}

export class UnknownRelease extends Error {}

/** Makes a kept release live again. */
export async function rollback(options: { dataDir: string; releasesDir?: string; id: string }): Promise<ReleaseInfo> {
  const releasesDir = releasesOf(options);
  return withPublishLock(releasesDir, async () => {
    const kept = await releaseIds(releasesDir);
    if (!kept.includes(options.id))
      throw new UnknownRelease(`There is no kept release "${String(options.id).slice(0, 40)}".`);
    // A release that would not open is refused here rather than by every instance after the switch.
    await readManifest(releaseDir(releasesDir, options.id));
    await writeCurrent(releasesDir, options.id);
    return (await readReleaseInfo(releasesDir, options.id)) ?? { id: options.id, commit: '', at: '', by: '' };
  });
}
