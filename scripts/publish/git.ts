// The two things a publish asks of git (the system tool): which commit it builds, and, where
// PUBLISH_PUSH is set, pushing that commit so the repository stays the source of truth.
import { execFile } from 'node:child_process';
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
