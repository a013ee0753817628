// The two things a publish asks of git (the system tool): which commit it builds, and, where
// PUBLISH_PUSH is set, pushing that commit so the repository stays the source of truth.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import type { PublishPush } from '../../server/config.ts';

function git(root: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-C', root, ...args],
      // No prompt for a password: a push that needs one fails with git's message instead of hanging.
      { encoding: 'utf8', timeout: timeoutMs, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } },
      (error, stdout, stderr) =>
        error ? reject(new Error((stderr || error.message).trim())) : resolve(stdout.toString().trim()),
    );
  });
}

/** The checked-out commit, or '' when the folder is not a git repository. */
export const headCommit = (root: string) => git(root, ['rev-parse', 'HEAD'], 30_000).catch(() => '');

/** `git push REMOTE HEAD:BRANCH`; rejects with git's own message. */
export async function pushHead(root: string, { remote, branch }: PublishPush): Promise<void> {
  await git(root, ['push', '--', remote, `HEAD:refs/heads/${branch}`], 120_000);
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
