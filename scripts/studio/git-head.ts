// What the review needs from git, the system tool (Debian's package): the files under site/ that
// differ from the last commit (untracked ones included), and a file as it was committed. Every call
// runs in the studio's folder; git's paths, relative to the repository's top, are turned into paths
// under site/ here, so the folder may also sit inside a larger repository.
import { execFile } from 'node:child_process';
import { StudioError } from './files.ts';

export class NoGit extends Error {}

function git(root: string, args: string[], encoding: 'utf8' | 'buffer' = 'utf8'): Promise<string | Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-C', root, ...args],
      { encoding, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

/** The folder's place in its repository ("" at the top), or NoGit saying in words why there is none. */
async function prefixOf(root: string): Promise<string> {
  try {
    return (await git(root, ['rev-parse', '--show-prefix'])).toString().trim();
  } catch (error) {
    throw new NoGit(
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'git is not installed here, so changes since the last commit cannot be listed.'
        : 'This folder is not a git repository, so changes since the last commit cannot be listed.',
    );
  }
}

/** The paths under site/ ("pages/home.yaml") that differ from the last commit, or were never committed. */
export async function changedSiteFiles(root: string): Promise<string[]> {
  const prefix = await prefixOf(root);
  // No renames: a moved file is the old one removed and the new one added, each discarded alone.
  const status = (
    await git(root, ['status', '--porcelain', '-z', '--no-renames', '--untracked-files=all', '--', 'site'])
  ).toString();
  const files = new Set<string>();
  for (const record of status.split('\0').filter(Boolean)) {
    const fromTop = record.slice(3);
    if (!fromTop.startsWith(`${prefix}site/`)) continue;
    files.add(fromTop.slice(prefix.length + 'site/'.length));
  }
  return [...files].sort();
}

/** site/<file> as the last commit holds it, byte for byte; undefined when the commit has none (or there is no commit). */
export async function committedFile(root: string, file: string): Promise<Buffer | undefined> {
  await prefixOf(root);
  return (git(root, ['cat-file', 'blob', `HEAD:./site/${file}`], 'buffer') as Promise<Buffer>).catch(() => undefined);
}

/** For the endpoints: no git here is a refusal in the same words the review shows. */
export async function committedOrRefuse(root: string, file: string): Promise<Buffer | undefined> {
  try {
    return await committedFile(root, file);
  } catch (error) {
    if (error instanceof NoGit) throw new StudioError(409, error.message);
    throw error;
  }
}
