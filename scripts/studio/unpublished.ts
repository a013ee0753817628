// What is saved but not yet live: the commits after a given commit (the one the live release was
// built from), newest first, each with who made it, when, its message, whether it changed the
// site's code (files outside site/), and for every file it changed under site/ the entry's name
// and the changed lines (git's unified diff). The Publish view shows this list before a publisher
// presses Publish. Each listed commit costs a few git processes, so callers ask for the newest few
// and count the rest (countUnpublished).
import path from 'node:path';
import { changedKind, readContent, titleOf } from './changes.ts';
import { gitIn } from './git-client.ts';
import type { Person } from './git-client.ts';

export interface UnpublishedFile {
  /** Path under site/, e.g. "pages/home.yaml". */
  file: string;
  /** The entry's name as the studio lists it (a page's title), or the file's name. */
  title: string;
  /** The file's changed lines in this commit: git's unified diff (headers included). */
  diff: string;
}

export interface UnpublishedChange {
  commit: string;
  author: Person;
  /** When it was made (the author's time, ISO 8601 in UTC). */
  at: string;
  message: string;
  files: UnpublishedFile[];
  /** It changed files outside site/ (the site's code): the studio says it in one line, not as content. */
  code?: boolean;
}

const commitPattern = /^[0-9a-f]{7,64}$/i;

/** The patch of one commit cut into its files' diffs (git lists them in the order --name-only does). */
function splitPatch(patch: string): string[] {
  const starts = [...patch.matchAll(/^diff --git /gm)].map((match) => match.index);
  return starts.map((start, i) => patch.slice(start, starts[i + 1] ?? patch.length).replace(/\n+$/, '\n'));
}

export interface Range {
  /** The newest commit counted (a full hash, as `git rev-parse HEAD` gives it); default: HEAD. */
  upTo?: string;
  /**
   * Only these paths (from the studio's folder): the commits changing them, and of each only them.
   * For a release that brings part of what was saved (a language held back, now or when the live
   * one was published); every path when undefined.
   */
  paths?: string[];
}

/** The revisions `git log` walks: after `sinceCommit`, or all of the history; refuses what is no commit here. */
async function rangeOf(
  git: ReturnType<typeof gitIn>,
  root: string,
  sinceCommit: string | undefined,
  { upTo = 'HEAD' }: Range,
): Promise<string> {
  for (const commit of [sinceCommit, upTo === 'HEAD' ? undefined : upTo]) {
    if (commit === undefined) continue;
    const known =
      commitPattern.test(commit) &&
      (await git.raw(['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]).catch(() => '')).trim();
    if (!known) throw new Error(`${commit} is not a commit of the repository in ${root}.`);
  }
  return sinceCommit === undefined ? upTo : `${sinceCommit}..${upTo}`;
}

/** How many commits `unpublishedChanges` would list without a limit: one git process, however many. */
export async function countUnpublished(root: string, sinceCommit?: string, range: Range = {}): Promise<number> {
  if (range.paths?.length === 0) return 0;
  const git = gitIn(root);
  const revisions = await rangeOf(git, root, sinceCommit, range);
  return Number(
    (await git.raw(['rev-list', '--count', '--no-merges', revisions, '--', ...(range.paths ?? ['.'])])).trim(),
  );
}

/**
 * The newest `newest` commits (all when undefined) after `sinceCommit` (every commit when
 * undefined) up to `upTo` that change something in the studio's folder, newest first; merges are left out
 * (the commits they bring are listed themselves). Refuses a `sinceCommit` that is not a commit of
 * this repository.
 */
export async function unpublishedChanges(
  root: string,
  sinceCommit?: string,
  { newest, ...range }: Range & { newest?: number } = {},
): Promise<UnpublishedChange[]> {
  if (range.paths?.length === 0) return [];
  const only = range.paths && new Set(range.paths);
  const git = gitIn(root);
  const revisions = await rangeOf(git, root, sinceCommit, range);
  const limit = newest === undefined ? [] : [`--max-count=${Math.max(0, Math.floor(newest))}`];
  // Every commit of the studio's folder: a developer's change to the code goes live with the next
  // publish too, and is listed (as code) with the content.
  const hashes = (
    await git.raw(['log', '--no-merges', ...limit, '--format=%H', revisions, '--', ...(range.paths ?? ['.'])])
  )
    .split('\n')
    .filter(Boolean);
  const changes: UnpublishedChange[] = [];
  for (const commit of hashes) {
    // --relative: paths from the studio's folder, which may sit inside a larger repository.
    const options = ['--no-renames', '--relative', '--no-color'];
    const [meta, names, patch, everything] = await Promise.all([
      git.raw(['show', '-s', '--format=%an%x00%ae%x00%aI%x00%B', commit]),
      git.raw(['show', '--format=', '--name-only', '-z', ...options, commit, '--', 'site']),
      git.raw(['show', '--format=', '--patch', ...options, commit, '--', 'site']),
      git.raw(['show', '--format=', '--name-only', '-z', ...options, commit, '--', '.']),
    ]);
    const code = everything
      .split('\0')
      .filter((name) => name && (!only || only.has(name)))
      .some((name) => !name.startsWith('site/'));
    const [name = '', email = '', at = '', ...message] = meta.split('\0');
    const paths = names.split('\0').filter(Boolean);
    let diffs = splitPatch(patch);
    if (diffs.length !== paths.length)
      diffs = await Promise.all(
        paths.map((file) => git.raw(['show', '--format=', '--patch', ...options, commit, '--', file])),
      );
    const files: UnpublishedFile[] = [];
    for (const [i, relative] of paths.entries()) {
      if (!relative.startsWith('site/') || (only && !only.has(relative))) continue;
      const file = relative.slice('site/'.length);
      files.push({ file, title: await titleAt(git, commit, file), diff: diffs[i] });
    }
    changes.push({
      commit,
      author: { name, email },
      at: new Date(at).toISOString(),
      message: message.join('\0').trimEnd(),
      files,
      ...(code && { code }),
    });
  }
  return changes;
}

/** The entry's name in that commit (or, for a file it removed, in the one before). */
export async function titleAt(git: ReturnType<typeof gitIn>, commit: string, file: string): Promise<string> {
  const kind = changedKind(file);
  if (kind === 'image' || kind === 'other') return path.basename(file);
  const read = (revision: string) => git.raw(['cat-file', 'blob', `${revision}:./site/${file}`]).catch(() => undefined);
  const text = (await read(commit)) ?? (await read(`${commit}^`));
  const content = text === undefined ? undefined : readContent(file, kind, text);
  return titleOf(file, kind, content && !('problem' in content) ? content.data : undefined);
}
