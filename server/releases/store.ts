// The releases folder (DATA_DIR/releases, or RELEASES_DIR shared by the instances of one host):
// one built dist per release in <id>/, and `current`, a small file naming the live one. `current`
// is a file, not a symbolic link: the server refuses links inside a build (shared/confined-files.ts)
// and resolves a build's real path once when it opens it, so a link would be one more thing to
// re-resolve and to trust; a file is read whole, written by rename (a reader sees the old name or
// the new, never half of one), and its name is checked against the id pattern before any use.
import { randomBytes } from 'node:crypto';
import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { syncFolder } from '../../shared/sync-folder.ts';

/** 20261127-214012-a3f9: UTC date and time, then four random hex digits; sorts by age. */
export const releaseIdPattern = /^\d{8}-\d{6}-[0-9a-f]{4}$/;
export const isReleaseId = (value: unknown): value is string =>
  typeof value === 'string' && releaseIdPattern.test(value);

export function newReleaseId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(2).toString('hex')}`;
}

export const currentFile = (releasesDir: string) => path.join(releasesDir, 'current');
export const releaseDir = (releasesDir: string, id: string) => path.join(releasesDir, id);
/** What each release records about itself, beside its build. */
export const releaseInfoFile = '_release.json';

/**
 * What `npm run build` records beside the build it makes in dist/: the commit whose site/ it
 * built, '' when it cannot say (site/ differed from the commit, or no repository), and when.
 */
export const buildRecordFile = '_build.json';

export interface BuildRecord {
  commit: string;
  at: string;
}

/** The record of the build in `dir`; empty fields for a build that has none (made before records were). */
export async function readBuildRecord(dir: string): Promise<BuildRecord> {
  try {
    const record = JSON.parse(await readFile(path.join(dir, buildRecordFile), 'utf8'));
    const commit = typeof record.commit === 'string' && /^[0-9a-f]{40,64}$/.test(record.commit) ? record.commit : '';
    return { commit, at: typeof record.at === 'string' ? record.at : '' };
  } catch {
    return { commit: '', at: '' };
  }
}

/** An article's go-live or expiry time after the moment a release was built for. */
export interface ArticleChange {
  /** ISO 8601, as the article's front matter gives it. */
  at: string;
  title: string;
  change: 'goes-live' | 'expires';
}

export interface ReleaseInfo {
  id: string;
  /** The commit the release was built from (git rev-parse HEAD), or '' outside a repository. */
  commit: string;
  /** When it was published (ISO 8601). */
  at: string;
  /** Who published it (an e-mail address, or the operator's name from the command line); '' for the build served before the first publish. */
  by: string;
  /** Who approved exactly this version in a review, when someone who made none of its changes did. */
  approvedBy?: string;
  /** The moment it was built for, when not the moment it was built (a scheduled release). */
  asOf?: string;
  /** The articles' go-live and expiry times after that moment, soonest first: when it needs a successor. */
  articleTimes?: ArticleChange[];
}

/** The live release's id, or undefined when there is none (or `current` holds anything but an id). */
export async function readCurrent(releasesDir: string): Promise<string | undefined> {
  const text = await readFile(currentFile(releasesDir), 'utf8').catch(() => '');
  const id = text.trim();
  return isReleaseId(id) ? id : undefined;
}

/** Makes `id` the live release: a temporary file written and synced, renamed over `current`. */
export async function writeCurrent(releasesDir: string, id: string): Promise<void> {
  if (!isReleaseId(id)) throw new Error(`"${id}" is not a release id.`);
  const temporary = path.join(releasesDir, `.current-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o644);
  try {
    await handle.writeFile(`${id}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, currentFile(releasesDir));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(releasesDir);
}

/** The complete releases (folders named by an id, so never a `.partial` one), newest first. */
export async function releaseIds(releasesDir: string): Promise<string[]> {
  const entries = await readdir(releasesDir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && isReleaseId(entry.name))
    .map((entry) => entry.name)
    .sort()
    .reverse();
}

export async function readReleaseInfo(releasesDir: string, id: string): Promise<ReleaseInfo | undefined> {
  try {
    const info = JSON.parse(await readFile(path.join(releaseDir(releasesDir, id), releaseInfoFile), 'utf8'));
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const times = Array.isArray(info.articleTimes) ? (info.articleTimes as Partial<ArticleChange>[]) : [];
    const articleTimes = times.filter(
      (time): time is ArticleChange =>
        typeof time.at === 'string' &&
        !Number.isNaN(Date.parse(time.at)) &&
        typeof time.title === 'string' &&
        (time.change === 'goes-live' || time.change === 'expires'),
    );
    return {
      id,
      commit: text(info.commit),
      at: text(info.at),
      by: text(info.by),
      ...(text(info.approvedBy) && { approvedBy: text(info.approvedBy) }),
      ...(info.asOf && { asOf: text(info.asOf) }),
      ...(articleTimes.length && { articleTimes }),
    };
  } catch {
    return undefined;
  }
}
