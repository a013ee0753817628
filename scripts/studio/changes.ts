// The "Changes" view: files under site/ changed since the last git commit, each with its diff, so an
// editor sees exactly what they hand over. Where git or the repository is missing, it says so.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Changes } from '../../shared/studio-protocol.ts';

const run = promisify(execFile);

export async function siteChanges(root: string): Promise<Changes> {
  const git = (...args: string[]) =>
    run('git', ['-C', root, ...args], { maxBuffer: 16 * 1024 * 1024 }).then((r) => r.stdout);
  let status: string;
  try {
    status = await git('status', '--porcelain', '-z', '--untracked-files=all', '--', 'site');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      git: false,
      files: [],
      message: missing
        ? 'git is not installed here, so changes since the last commit cannot be listed.'
        : 'This folder is not a git repository, so changes since the last commit cannot be listed.',
    };
  }
  const files: Changes['files'] = [];
  for (const record of status.split('\0').filter(Boolean)) {
    const code = record.slice(0, 2);
    const file = record.slice(3);
    if (!file.startsWith('site/')) continue;
    const untracked = code === '??';
    const diff = untracked
      ? await run('git', ['-C', root, 'diff', '--no-index', '--', '/dev/null', file]).then(
          (r) => r.stdout,
          (e: { stdout?: string }) => e.stdout ?? '',
        )
      : await git('diff', 'HEAD', '--', file).catch(() => '');
    files.push({ file, status: untracked ? 'added' : code.includes('D') ? 'deleted' : 'modified', diff });
  }
  return { git: true, files };
}
