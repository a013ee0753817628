// What each kept release brought since the one before it, for the releases list: the entries it
// changed by their titles as of that release (the first few named, the rest counted), and whether
// the site's code changed too. One `git diff` a release, and one read for each entry named.
import type { ReleaseChanges, ReleaseView } from '../../shared/publishing.ts';
import { gitIn } from './git-client.ts';
import { titleAt } from './unpublished.ts';

/** The most entries named for one release; the rest are counted. */
export const entriesNamed = 4;
const commitPattern = /^[0-9a-f]{7,64}$/i;

/** What `to` changed since `from`, or nothing when either is no commit of the repository in `root`. */
export async function changesBetween(root: string, from: string, to: string): Promise<ReleaseChanges | undefined> {
  if (!commitPattern.test(from) || !commitPattern.test(to)) return undefined;
  const git = gitIn(root);
  const names = await git
    .raw(['diff', '--name-only', '-z', '--no-renames', '--relative', from, to, '--', '.'])
    .catch(() => undefined);
  if (names === undefined) return undefined;
  const changed = names.split('\0').filter(Boolean);
  const content = [...new Set(changed.filter((name) => name.startsWith('site/')))].map((name) =>
    name.slice('site/'.length),
  );
  const entries = await Promise.all(content.slice(0, entriesNamed).map((file) => titleAt(git, to, file)));
  return {
    entries,
    more: content.length - entries.length,
    code: changed.some((name) => !name.startsWith('site/')),
  };
}

/** The releases (newest first), each with what it brought since the next older one. */
export async function withChanges<T extends ReleaseView>(root: string, releases: T[]): Promise<T[]> {
  return Promise.all(
    releases.map(async (release, index) => {
      const before = releases[index + 1];
      const changes = before && (await changesBetween(root, before.commit, release.commit));
      return changes ? { ...release, changes } : release;
    }),
  );
}
