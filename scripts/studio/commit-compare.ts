// One file of a commit compared as data, as the review compares a file with the last commit: its
// version before the commit against its version in it. The publish view (what is not live yet) and
// an entry's history (history.ts) both say a commit's change in the review's words through this.
import type { ChangedFile } from '../../shared/review.ts';
import { changedKind, contentChanges, readContent, titleOf } from './changes.ts';
import { gitIn } from './git-client.ts';

/**
 * site/`file` in `commit` against its version in the commit's first parent. `previous` is its path
 * there when the commit renamed it; `title` the name to show (else read from the file).
 */
export async function compareInCommit(
  root: string,
  commit: string,
  file: string,
  { title, previous = file }: { title?: string; previous?: string } = {},
): Promise<ChangedFile> {
  const git = gitIn(root);
  const read = (revision: string, at: string) =>
    git.raw(['cat-file', 'blob', `${revision}:./site/${at}`]).catch(() => undefined);
  const [before, after] = await Promise.all([read(`${commit}^`, previous), read(commit, file)]);
  const kind = changedKind(file);
  const status = before === undefined ? 'added' : after === undefined ? 'deleted' : 'modified';
  const content = (text: string | undefined) =>
    text === undefined || kind === 'image' || kind === 'other' ? undefined : readContent(file, kind, text);
  const [old, now] = [content(before), content(after)];
  const problem = [old, now].find((side) => side && 'problem' in side) as { problem: string } | undefined;
  const data = (side: typeof old) => (side && !('problem' in side) ? side : undefined);
  return {
    file,
    status,
    kind,
    title: title || titleOf(file, kind, data(now)?.data ?? data(old)?.data),
    ...(data(old) && { before: data(old)!.data }),
    ...(data(now) && { after: data(now)!.data }),
    changes: problem ? [] : contentChanges(data(old), data(now)),
    ...(problem && { problem: problem.problem }),
  };
}
