// A release that holds languages back: the saved site, except that each held-back language's
// translation files are as visitors see them now (a file added since is left out, a changed one is
// the live one, a deleted one is put back). It is a commit of its own, composed with git's plumbing
// over a temporary index, whose parent is the live commit and whose author, committer and times are
// the saved commit's: the same saved site, live site and languages always give the same commit, so
// what a publisher was shown can be checked against what the request asks for. Each is kept under
// refs/studio/releases/ (garbage collection would remove a commit no ref names), and only a commit
// kept there counts as composed: a save whose message imitates one is an ordinary save.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { translationFile } from '../content/compile-file.ts';
import { parseYaml } from '../content/yaml-source.ts';
import { git, isAncestor } from './git.ts';

export interface SiteLanguage {
  code: string;
  /** Its name written in that language, as site.yaml declares it ("Deutsch"). */
  name: string;
  direction: 'ltr' | 'rtl';
}

const timeoutMs = 60_000;
const refPrefix = 'refs/studio/releases/';
const savedTrailer = 'Studio-Saved-Commit';
const heldTrailer = 'Studio-Held-Back';

/** The languages site.yaml declares in `commit`, the one the site is written in first; none when it declares none. */
export async function languagesAt(root: string, commit: string): Promise<SiteLanguage[]> {
  const text = await git(root, ['cat-file', 'blob', `${commit}:./site/site.yaml`], timeoutMs).catch(() => '');
  const { data } = parseYaml('site/site.yaml', text);
  const declared = data && typeof data === 'object' ? (data as { languages?: unknown }).languages : undefined;
  if (!Array.isArray(declared)) return [];
  return declared.flatMap((language: { code?: unknown; name?: unknown; direction?: unknown } | null) =>
    typeof language?.code === 'string' && typeof language.name === 'string'
      ? [{ code: language.code, name: language.name, direction: language.direction === 'rtl' ? 'rtl' : 'ltr' }]
      : [],
  );
}

/** The translation files that differ between `live` and `saved`, each with its language; paths from the repository's top. */
async function changedTranslations(
  root: string,
  live: string,
  saved: string,
): Promise<{ language: string; path: string }[]> {
  const prefix = await git(root, ['rev-parse', '--show-prefix'], timeoutMs);
  const names = await git(
    root,
    ['diff', '--name-only', '-z', '--no-renames', '--relative', live, saved, '--', 'site'],
    timeoutMs,
  );
  return names
    .split('\0')
    .filter((name) => name.startsWith('site/'))
    .flatMap((name) => {
      const found = translationFile(name.slice('site/'.length));
      return found ? [{ language: found.language, path: `${prefix}${name}` }] : [];
    });
}

/** The codes of the languages whose translations differ between `live` and `saved`, sorted. */
export async function languagesChanged(root: string, live: string, saved: string): Promise<string[]> {
  return [...new Set((await changedTranslations(root, live, saved)).map((file) => file.language))].sort();
}

/**
 * The commit of a release of `saved` that holds back the languages in `holdBack`, on top of
 * `live`; `saved` itself when none of them has a translation that differs from the live one.
 */
export async function composeRelease(
  root: string,
  { saved, live, holdBack }: { saved: string; live: string; holdBack: readonly string[] },
): Promise<string> {
  const held = new Set(holdBack);
  const files = (await changedTranslations(root, live, saved)).filter((file) => held.has(file.language));
  if (!files.length) return saved;
  const top = await git(root, ['rev-parse', '--show-toplevel'], timeoutMs);
  const liveFiles = new Map<string, string>();
  const listing = await git(root, ['ls-tree', '-r', '-z', '--full-name', live, '--', 'site'], timeoutMs);
  for (const line of listing.split('\0').filter(Boolean)) {
    const tab = line.indexOf('\t');
    const [mode, , object] = line.slice(0, tab).split(' ');
    liveFiles.set(line.slice(tab + 1), `${mode} ${object}`);
  }
  // Mode 0 takes a path out of the index: a file the live site does not have.
  const removed = `0 ${'0'.repeat(saved.length)}`;
  const input = files.map((file) => `${liveFiles.get(file.path) ?? removed}\t${file.path}\0`).join('');
  const scratch = await mkdtemp(path.join(tmpdir(), 'held-languages-'));
  let tree: string;
  try {
    const env = { GIT_INDEX_FILE: path.join(scratch, 'index') };
    await git(top, ['read-tree', saved], timeoutMs, { env });
    await git(top, ['update-index', '-z', '--index-info'], timeoutMs, { env, input });
    tree = await git(top, ['write-tree'], timeoutMs, { env });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  if (tree === (await git(root, ['rev-parse', `${saved}^{tree}`], timeoutMs))) return saved;
  const format = '%an%x00%ae%x00%ad%x00%cn%x00%ce%x00%cd';
  const [authorName, authorEmail, authorDate, committerName, committerEmail, committerDate] = (
    await git(root, ['show', '-s', `--format=${format}`, '--date=raw', saved], timeoutMs)
  ).split('\0');
  const codes = [...new Set(files.map((file) => file.language))].sort();
  const message = `Publish without ${codes.join(', ')}\n\n${savedTrailer}: ${saved}\n${heldTrailer}: ${codes.join(' ')}`;
  // Never signed: a signature differs at every signing, and the commit must come out the same.
  const commit = await git(root, ['commit-tree', '--no-gpg-sign', tree, '-p', live, '-m', message], timeoutMs, {
    env: {
      GIT_AUTHOR_NAME: authorName,
      GIT_AUTHOR_EMAIL: authorEmail,
      GIT_AUTHOR_DATE: authorDate,
      GIT_COMMITTER_NAME: committerName,
      GIT_COMMITTER_EMAIL: committerEmail,
      GIT_COMMITTER_DATE: committerDate,
    },
  });
  await git(root, ['update-ref', `${refPrefix}${commit}`, commit], timeoutMs);
  return commit;
}

/** The saved commit and held-back languages of a composed release; undefined for any other commit. */
export async function composedOf(
  root: string,
  commit: string,
): Promise<{ saved: string; holdBack: string[] } | undefined> {
  if (!/^[0-9a-f]{40,64}$/.test(commit)) return undefined;
  const kept = await git(root, ['rev-parse', '--verify', '--quiet', `${refPrefix}${commit}^{commit}`], timeoutMs).catch(
    () => '',
  );
  if (kept !== commit) return undefined;
  const message = await git(root, ['show', '-s', '--format=%B', commit], timeoutMs);
  const saved = new RegExp(`^${savedTrailer}: ([0-9a-f]{40,64})$`, 'm').exec(message)?.[1];
  const held = new RegExp(`^${heldTrailer}: (.+)$`, 'm').exec(message)?.[1];
  return saved && held ? { saved, holdBack: held.split(' ') } : undefined;
}

/**
 * What a release of `commit` brings after `live`: the saves up to the one it was made from, and,
 * when it holds a language back or the live release did, only the paths (from `root`) that differ
 * between the two; every path otherwise.
 */
export async function releaseSpan(
  root: string,
  live: string | undefined,
  commit: string,
): Promise<{ saved: string; paths?: string[] }> {
  const composed = await composedOf(root, commit);
  const saved = composed?.saved ?? commit;
  if (!live || (!composed && (await isAncestor(root, live, commit)))) return { saved };
  const names = await git(
    root,
    ['diff', '--name-only', '-z', '--no-renames', '--relative', live, commit, '--', '.'],
    timeoutMs,
  );
  return { saved, paths: names.split('\0').filter(Boolean) };
}
