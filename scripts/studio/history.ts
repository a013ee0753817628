// An entry's history read from git: every commit that changed its file (followed across renames),
// newest first, a page at a time, each with who made it, when, its message, and the change said as
// the review says it (commit-compare.ts); and the pages and articles deleted in the history that do
// not exist now. Reading only: restoring is history-restore.ts.
import { ConfinedFileError, readConfined, siteFiles } from '../../shared/confined-files.ts';
import type {
  DeletedAnswer,
  DeletedEntry,
  HistoryAnswer,
  HistoryPerson,
  HistoryVersion,
} from '../../shared/history.ts';
import { changedKind, readContent, titleOf } from './changes.ts';
import { compareInCommit } from './commit-compare.ts';
import { StudioError, versionOf } from './files.ts';
import { gitIn } from './git-client.ts';

/** Versions listed per page. */
export const PAGE = 10;
/** Deleted pages and articles are looked for in this many of the newest deleting commits. */
const DELETIONS = 200;

export const commitPattern = /^[0-9a-f]{7,64}$/i;

type Git = ReturnType<typeof gitIn>;

/** Why there is no history here, in the words the review uses, or undefined when there is one. */
export async function noHistory(root: string): Promise<string | undefined> {
  try {
    await gitIn(root).raw(['rev-parse', '--show-prefix']);
    return undefined;
  } catch (error) {
    return /ENOENT/.test(String((error as Error).message))
      ? 'git is not installed here, so the history of the site cannot be shown.'
      : 'This folder is not a git repository, so the history of the site cannot be shown.';
  }
}

/** The full name of `commit` when it is a commit of the repository, else undefined. */
export async function knownCommit(git: Git, commit: string): Promise<string | undefined> {
  if (!commitPattern.test(commit)) return undefined;
  const full = await git.raw(['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]).catch(() => '');
  return full.trim() || undefined;
}

/** The commit HEAD names, or undefined before the first commit. */
async function headCommit(git: Git): Promise<string | undefined> {
  const full = await git.raw(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']).catch(() => '');
  return full.trim() || undefined;
}

/** Whether `commit` is part of the history HEAD comes from. */
export async function inHistory(git: Git, commit: string): Promise<boolean> {
  const head = await headCommit(git);
  if (!head) return false;
  const base = await git.raw(['merge-base', commit, head]).catch(() => '');
  return base.trim() === commit;
}

/** site/`file` as `commit` holds it, byte for byte; undefined when it holds none. */
export async function fileAt(git: Git, commit: string, file: string): Promise<Buffer | undefined> {
  return (git.binaryCatFile(['blob', `${commit}:./site/${file}`]) as Promise<Buffer>).catch(() => undefined);
}

async function onDiskNow(root: string, file: string): Promise<Buffer | undefined> {
  return readConfined(siteFiles(root), file).catch((error: unknown) => {
    if (error instanceof ConfinedFileError && error.code === 'missing') return undefined;
    throw error;
  });
}

const underSite = (fromRoot: string) => (fromRoot.startsWith('site/') ? fromRoot.slice('site/'.length) : fromRoot);

/** One record of `git log -z --format=%x1e%H%x00%an%x00%ae%x00%aI%x00…`: its commit, author and time, and the rest. */
function fieldsOf(record: string): { commit: string; author: HistoryPerson; at: string; rest: string[] } {
  const [commit = '', name = '', email = '', at = '', ...rest] = record.split('\0');
  return { commit, author: { name, email }, at: at && new Date(at).toISOString(), rest };
}

/**
 * A page of the history of site/`file`: the versions after the first `skip` of those `head` (HEAD
 * unless given: the commit the first page started from) reaches, newest first.
 */
export async function entryHistory(
  root: string,
  file: string,
  { head, skip = 0 }: { head?: string; skip?: number } = {},
): Promise<HistoryAnswer> {
  const problem = await noHistory(root);
  if (problem) return { git: false, message: problem };
  const git = gitIn(root);
  const start = head === undefined ? await headCommit(git) : await knownCommit(git, head);
  if (head !== undefined && !start)
    throw new StudioError(404, `There is no version "${head.slice(0, 40)}" in the site's history.`);
  const now = await onDiskNow(root, file);
  const version = now && versionOf(now.toString('utf8'));
  if (!start) return { git: true, file, ...(version && { version }), versions: [], head: '' };
  // --follow: the versions from before a rename too; -z with --name-status gives each commit's path
  // (two for a rename: the old one and the new one).
  const log = await git.raw([
    'log',
    '--follow',
    '--no-merges',
    '-M',
    '-z',
    '--relative',
    '--name-status',
    '--format=%x1e%H%x00%an%x00%ae%x00%aI%x00%B',
    `--skip=${skip}`,
    `-n${PAGE + 1}`,
    start,
    '--',
    `site/${file}`,
  ]);
  const records = log.split('\x1e').filter(Boolean);
  const versions: HistoryVersion[] = [];
  for (const record of records.slice(0, PAGE)) {
    const { commit, author, at, rest } = fieldsOf(record);
    const [message = '', status = '', first, second] = rest;
    const renamed = /^[RC]/.test(status.trim()) && second !== undefined;
    const path = underSite(renamed ? second : (first ?? `site/${file}`));
    const previous = renamed ? underSite(first!) : path;
    const [change, bytes] = await Promise.all([
      compareInCommit(root, commit, path, { previous }),
      fileAt(git, commit, path),
    ]);
    versions.push({
      commit,
      author,
      at,
      message: message.trimEnd(),
      file: path,
      change,
      current:
        bytes !== undefined && version !== undefined && path === file && versionOf(bytes.toString('utf8')) === version,
    });
  }
  return {
    git: true,
    file,
    ...(version && { version }),
    versions,
    head: start,
    ...(records.length > PAGE && { next: skip + PAGE }),
  };
}

/** The entry's name in `commit`. */
async function titleIn(git: Git, commit: string, file: string): Promise<string> {
  const kind = changedKind(file);
  const bytes = await fileAt(git, commit, file);
  const content =
    bytes && kind !== 'image' && kind !== 'other' ? readContent(file, kind, bytes.toString('utf8')) : undefined;
  return titleOf(file, kind, content && !('problem' in content) ? content.data : undefined);
}

/** The pages and articles deleted in the history (the newest deletion of each) that do not exist now. */
export async function deletedEntries(root: string): Promise<DeletedAnswer> {
  const problem = await noHistory(root);
  if (problem) return { git: false, message: problem };
  const git = gitIn(root);
  const head = await headCommit(git);
  if (!head) return { git: true, deleted: [] };
  // -M: a renamed page is not a deleted one.
  const log = await git.raw([
    'log',
    '--no-merges',
    '-M',
    '--diff-filter=D',
    '-z',
    '--relative',
    '--name-only',
    '--format=%x1e%H%x00%an%x00%ae%x00%aI%x00',
    `-n${DELETIONS}`,
    head,
    '--',
    'site/pages',
    'site/blog',
  ]);
  const seen = new Set<string>();
  const deleted: DeletedEntry[] = [];
  for (const record of log.split('\x1e').filter(Boolean)) {
    const { commit, author, at, rest } = fieldsOf(record);
    for (const name of rest.map((part) => part.trim()).filter(Boolean)) {
      const file = underSite(name);
      const kind = changedKind(file);
      if ((kind !== 'page' && kind !== 'article') || seen.has(file)) continue;
      seen.add(file);
      if ((await onDiskNow(root, file).catch(() => null)) !== undefined) continue;
      const from = (await git.raw(['rev-parse', '--verify', '--quiet', `${commit}^`]).catch(() => '')).trim();
      if (!from) continue;
      deleted.push({ file, kind, title: await titleIn(git, from, file), deletedIn: commit, by: author, at, from });
    }
  }
  return { git: true, deleted };
}
