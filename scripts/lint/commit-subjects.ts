// Part of `npm run lint` and `npm test`: every commit subject since the commit named in
// .githooks/subjects-checked-since has at most 72 characters (the commit-msg hook refuses longer
// ones when they are written; this catches a commit made without the hook). Commits older than
// that base keep their long subjects: history is not rewritten, so a fresh clone still passes. So do
// the commits of a branch begun before the base and merged after it (they were written where the
// hook did not exist yet): only commits descended from the base are checked.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const maxSubjectLength = 72;

const git = (root: string, args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });

/** The subjects longer than the limit among the commits descended from `base` up to HEAD, as `hash subject`. */
export function longSubjects(root: string, base: string): { checked: number; long: string[]; note?: string } {
  if (git(root, ['rev-parse', '--git-dir']).status !== 0)
    return { checked: 0, long: [], note: 'not a git repository: no commit to check' };
  // A shallow clone may not hold the base: then the commits it has are checked, back to its edge.
  const known = git(root, ['cat-file', '-e', `${base}^{commit}`]).status === 0;
  const range = known ? ['--ancestry-path', `${base}..HEAD`] : ['HEAD'];
  const log = git(root, ['log', '--format=%h %s', ...range]);
  if (log.status !== 0) throw new Error(`git log failed: ${log.stderr.trim()}`);
  const subjects = log.stdout.split('\n').filter(Boolean);
  const long = subjects.filter((line) => line.slice(line.indexOf(' ') + 1).length > maxSubjectLength);
  return { checked: subjects.length, long, note: known ? undefined : `base ${base} is not in this clone` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The repository it is run in: npm scripts run at the project's root.
  const root = process.cwd();
  const base = readFileSync(path.join(root, '.githooks', 'subjects-checked-since'), 'utf8').trim();
  const { checked, long, note } = longSubjects(root, base);
  if (note) console.log(`Commit subjects: ${note}.`);
  if (long.length) {
    console.error(`${long.length} commit subject(s) longer than ${maxSubjectLength} characters:`);
    for (const line of long) console.error(`  ${line}`);
    console.error('Reword them (git rebase -i, "reword") with the detail in the body, after a blank line.');
    process.exit(1);
  }
  console.log(`Commit subjects: ${checked} checked, none over ${maxSubjectLength} characters.`);
}
