// Sharing a preview: the build of one commit (the checked-out one unless named), made as a publish
// makes a release (the commit exported from git, validated and built in a child process with the
// checkout's build cache) but into DATA_DIR/previews/builds/<commit>, where every link to that
// commit finds it; then a link (server/previews/share-links.ts) that shows it until it expires.
// Nothing live changes. A build already there is used as it is: it is exactly that commit.
import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { readManifest } from '../../server/plugins/site.ts';
import {
  DEFAULT_SHARE_MS,
  MAX_SHARE_MS,
  shareBuildDir,
  shareBuildsDir,
  ShareLinks,
  type ShareRecord,
} from '../../server/previews/share-links.ts';
import { exportSite, headCommit, resolveCommit, UnknownCommit } from './git.ts';
import { withPublishLock } from './lock.ts';
import { buildInChild } from './build-commit.ts';
import type { StepName } from './steps.ts';

export interface ShareOptions {
  /** The checkout: a git repository holding site/. */
  root: string;
  dataDir: string;
  /** RELEASES_DIR, whose lock a build takes: builds share the checkout's build cache. Default DATA_DIR/releases. */
  releasesDir?: string;
  /** Who shares (an e-mail address, or "owner"). */
  by: string;
  /** The commit to show (its hash); default: the checked-out one. */
  commit?: string;
  /** One page of the site ("/services"); the whole site when absent. */
  page?: string;
  /** How long the link works; default 7 days, at most 90. */
  lastsMs?: number;
  now?: () => number;
  onStep?: (step: StepName, detail?: string) => void;
}

export type ShareResult =
  { ok: true; token: string; record: ShareRecord } | { ok: false; reason: string; messages: string[] };

export class ShareRefused extends Error {}

/** "7d", "36h", "90m" as milliseconds; refused in words otherwise or beyond 90 days. */
export function parseLasts(text: string): number {
  const match = /^(\d{1,4})\s*([dhm])$/i.exec(text.trim());
  const unit = { d: 24 * 3600_000, h: 3600_000, m: 60_000 }[(match?.[2] ?? '').toLowerCase() as 'd' | 'h' | 'm'];
  const ms = match && unit ? Number(match[1]) * unit : NaN;
  if (!(ms > 0) || ms > MAX_SHARE_MS)
    throw new ShareRefused(
      `"${text.slice(0, 20)}" is not how long a link may last: say 7d, 36h or 90m (90 days at most).`,
    );
  return ms;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Builds `commit` into its preview folder unless it is there; resolves with the failure, if any. */
async function buildOnce(
  options: ShareOptions,
  commit: string,
): Promise<{ reason: string; messages: string[] } | undefined> {
  const dir = shareBuildDir(options.dataDir, commit);
  if (await exists(path.join(dir, '_site.json'))) return undefined;
  // DATA_DIR/previews is the server's user's alone (server/personal-data.ts): an unpublished site.
  await mkdir(shareBuildsDir(options.dataDir), { recursive: true, mode: 0o700 });
  // A folder of its own per build: two shares of one commit at once each build, and the first
  // rename wins (the other finds the folder there and drops its own).
  const work = path.join(shareBuildsDir(options.dataDir), `${commit}.${randomBytes(4).toString('hex')}.partial`);
  const source = `${work}.source`;
  const releasesDir = options.releasesDir ?? path.join(options.dataDir, 'releases');
  await mkdir(releasesDir, { recursive: true });
  // One build at a time with publishes (their lock): two builds at once would share the build cache.
  return withPublishLock(releasesDir, async () => {
    try {
      await exportSite(options.root, commit, source);
      // Built as of now: an article shows in the preview as it would on the live site today.
      const built = await buildInChild(source, work, Date.now(), (step, detail) => options.onStep?.(step, detail));
      if (!built.ok)
        return {
          reason: built.reason.replace(/,? so nothing was published\.?/, '; no preview was made.'),
          messages: built.messages,
        };
      await rename(work, dir).catch(async (error: NodeJS.ErrnoException) => {
        if (!(await exists(path.join(dir, '_site.json')))) throw error;
      });
      return undefined;
    } finally {
      await rm(source, { recursive: true, force: true });
      await rm(work, { recursive: true, force: true });
    }
  });
}

export async function sharePreview(options: ShareOptions): Promise<ShareResult> {
  const now = options.now ?? Date.now;
  const lastsMs = options.lastsMs ?? DEFAULT_SHARE_MS;
  if (!(lastsMs > 0 && lastsMs <= MAX_SHARE_MS))
    throw new ShareRefused('A preview link lasts from a minute to 90 days.');
  const commit = options.commit ? await resolveCommit(options.root, options.commit) : await headCommit(options.root);
  if (!commit) throw new UnknownCommit(`${options.root} is not a git repository: there is no commit to share.`);
  const failure = await buildOnce(options, commit);
  if (failure) return { ok: false, ...failure };
  if (options.page !== undefined) {
    const { routes } = await readManifest(shareBuildDir(options.dataDir, commit));
    if (!routes.includes(options.page))
      throw new ShareRefused(`"${options.page.slice(0, 80)}" is not a page of the site at that point.`);
  }
  const links = new ShareLinks(options.dataDir, now);
  const made = await links.create({
    commit,
    ...(options.page !== undefined && { page: options.page }),
    by: options.by,
    expires: now() + lastsMs,
  });
  await links.removeUnusedBuilds(options.dataDir);
  return { ok: true, ...made };
}
