// What a publish asks of git (the system tool): which commit it builds (the one named, checked to
// be a commit of this repository), whether saves were made after it, which commit a build of the
// checkout holds, and, where PUBLISH_PUSH is set, pushing that commit so the repository stays the
// source of truth.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import type { PublishPush } from '../../server/config.ts';

interface GitCall {
  /** Variables for this call only (a temporary index, a commit's fixed identity and time). */
  env?: Record<string, string>;
  /** Written to git's standard input. */
  input?: string;
}

/** git in `root`, its output trimmed; rejects with git's own message. */
export function git(root: string, args: string[], timeoutMs: number, { env, input }: GitCall = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      ['-C', root, ...args],
      // No prompt for a password: a push that needs one fails with git's message instead of hanging.
      { encoding: 'utf8', timeout: timeoutMs, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', ...env } },
      (error, stdout, stderr) =>
        error ? reject(new Error((stderr || error.message).trim())) : resolve(stdout.toString().trim()),
    );
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input ?? '');
  });
}

/** The checked-out commit, or '' when the folder is not a git repository. */
export const headCommit = (root: string) => git(root, ['rev-parse', 'HEAD'], 30_000).catch(() => '');

/** A commit's name as a publish accepts it: its hash, whole or its first 7 digits or more. */
export const commitPattern = /^[0-9a-f]{7,64}$/i;

export class UnknownCommit extends Error {}

/**
 * The full hash of `commit`, a hash (or its start) of a commit of this repository; anything else
 * (a branch, `HEAD~1`, an option, a hash git does not know) is refused in words, never passed to
 * git as a revision it would interpret.
 */
export async function resolveCommit(root: string, commit: string): Promise<string> {
  const shown = JSON.stringify(String(commit).slice(0, 70));
  if (!commitPattern.test(commit)) throw new UnknownCommit(`${shown} is not a commit: give its hash.`);
  const full = await git(root, ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`], 30_000).catch(() => '');
  if (!full) throw new UnknownCommit(`${shown} is not a commit of the repository in ${root}.`);
  return full;
}

/**
 * How many commits changing site/ were made after `commit` on the checked-out branch (merges left
 * out, as the list of changes leaves them out); undefined when `commit` is not in the branch's
 * history at all (the branch was reset or rewritten since), which is as good as newer saves.
 */
export async function savesSince(root: string, commit: string): Promise<number | undefined> {
  const inHistory = await git(root, ['merge-base', '--is-ancestor', commit, 'HEAD'], 30_000).then(
    () => true,
    () => false,
  );
  if (!inHistory) return undefined;
  return Number(await git(root, ['rev-list', '--count', '--no-merges', `${commit}..HEAD`, '--', 'site'], 30_000));
}

/**
 * The commit whose site/ the checkout holds now: HEAD when nothing under site/ differs from it
 * (untracked files included), '' otherwise or outside a repository. What a build of the checkout
 * records as the commit it was built from.
 */
export async function cleanSiteCommit(root: string): Promise<string> {
  const commit = await headCommit(root);
  if (!commit) return '';
  const status = await git(root, ['status', '--porcelain', '--untracked-files=all', '--', 'site'], 30_000).catch(
    () => 'unknown',
  );
  return status === '' ? commit : '';
}

/** `git push REMOTE COMMIT:refs/heads/BRANCH`; rejects with git's own message. */
export async function pushCommit(root: string, commit: string, { remote, branch }: PublishPush): Promise<void> {
  await git(root, ['push', '--', remote, `${commit}:refs/heads/${branch}`], 120_000);
}

/**
 * Writes site/ as committed in `commit` into dest/site, so a release is exactly that commit: a
 * save committed (or a file being written) while the build runs is not half in it.
 */
export async function exportSite(root: string, commit: string, dest: string): Promise<void> {
  const prefix = await git(root, ['rev-parse', '--show-prefix'], 30_000);
  await mkdir(dest, { recursive: true });
  const archive = spawn('git', ['-C', root, 'archive', '--format=tar', '--prefix=site/', `${commit}:${prefix}site`]);
  const untar = spawn('tar', ['-x', '-C', dest]);
  let errors = '';
  archive.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  untar.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  // A tar that stopped early closes the pipe: its exit code and words say why, not an EPIPE.
  untar.stdin.on('error', () => undefined);
  archive.stdout.pipe(untar.stdin);
  // Both ended, their output read to the end: either may be the last to exit.
  const ended = (child: ChildProcess) =>
    new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
  const [archived, extracted] = await Promise.all([ended(archive), ended(untar)]);
  if (archived !== 0 || extracted !== 0) throw new Error(`site/ of ${commit} could not be read: ${errors.trim()}`);
}

/**
 * The e-mail addresses (lower-cased) of the authors of the commits after `since` (every commit when
 * undefined) up to `commit`: whose changes would go live with it.
 */
export async function authorsBetween(
  root: string,
  since: string | undefined,
  commit: string,
  /** Only the commits changing these paths (from `root`), when a release brings only some of what was saved. */
  paths?: string[],
): Promise<Set<string>> {
  if (paths?.length === 0) return new Set();
  const range = since ? `${since}..${commit}` : commit;
  const out = await git(
    root,
    ['--literal-pathspecs', 'log', '--no-merges', '--format=%ae', range, '--', ...(paths ?? ['.'])],
    30_000,
  );
  return new Set(
    out
      .split('\n')
      .filter(Boolean)
      .map((email) => email.toLowerCase()),
  );
}

/** Whether `commit` is `descendant` or one of its ancestors (its changes are part of it). */
export const isAncestor = (root: string, commit: string, descendant: string) =>
  git(root, ['merge-base', '--is-ancestor', commit, descendant], 30_000).then(
    () => true,
    () => false,
  );
