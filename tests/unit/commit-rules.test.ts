// The two rules that keep history out of the code and the log readable: the ESLint rule that
// refuses a comment citing an issue, a plan's part or stop, or a work session; and commit subjects
// of at most 72 characters, refused by the commit-msg hook in a real git repository and reported
// by the lint check for commits after the recorded base, never before it.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { localRules } from '../../scripts/lint/no-narrating-comments.js';
import { longSubjects, maxSubjectLength } from '../../scripts/lint/commit-subjects.ts';

const root = path.join(import.meta.dirname, '..', '..');

describe('local/no-narrating-comments', () => {
  const flagged = (code: string) =>
    new Linter({ configType: 'flat' })
      .verify(code, [{ plugins: { local: localRules }, rules: { 'local/no-narrating-comments': 'error' } }])
      .map((message) => `${message.line}: ${message.message}`);

  it('flags a comment that narrates where the code came from', () => {
    const narrating = [
      '// The publish view (part E of #22) shows this list.',
      '// Drafts on the server (issue 23), through the draft requests.',
      '/** Said without the key the issue saw there. */',
      '// Added in stop 3 of the plan.',
      '// As decided in the previous session.',
    ];
    for (const comment of narrating) expect(flagged(`${comment}\nexport const x = 1;\n`), comment).toHaveLength(1);
    expect(flagged('// Built in session 4.\nconst y = 2; // see issue #7\nexport { y };\n')).toEqual([
      '1: This comment cites a work session: say why the code is as it is, in terms of the code; history goes in the commit message.',
      '2: This comment cites an issue number: say why the code is as it is, in terms of the code; history goes in the commit message.',
    ]);
  });

  it('leaves a comment that explains the code alone, and code in backticks', () => {
    const present = [
      '// A lead leaves queue/ only after the mail server accepted it: at-least-once.',
      '// `title: #1 choice` is text: a comment needs a space before its #.',
      '// The session cookie is rotated on sign-in, so a stolen one stops working.',
      '// Held until that session ends, or this session signs out.',
      '// The first part of the path is the folder.',
    ];
    for (const comment of present) expect(flagged(`${comment}\nexport const x = 1;\n`), comment).toEqual([]);
  });
});

const run = (cwd: string, command: string, args: string[]) =>
  spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'T',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 'T',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });

async function repository(): Promise<{
  dir: string;
  commit: (subject: string, ...flags: string[]) => number;
  head: () => string;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'commit-rules-'));
  run(dir, 'git', ['init', '-q', '-b', 'main']);
  let n = 0;
  return {
    dir,
    commit: (subject, ...flags) => {
      n++;
      return (
        run(dir, 'git', ['commit', '-q', '--allow-empty', ...flags, '-m', subject, '-m', `Body ${n}.`]).status ?? -1
      );
    },
    head: () => run(dir, 'git', ['rev-parse', 'HEAD']).stdout.trim(),
  };
}

const long = `Explain at length in the subject line what this change does and why ${'x'.repeat(10)}`;

describe('commit subjects of at most 72 characters', () => {
  it('the commit-msg hook refuses a longer subject and accepts one of 72', async () => {
    expect(long.length).toBeGreaterThan(maxSubjectLength);
    const repo = await repository();
    run(repo.dir, 'git', ['config', 'core.hooksPath', path.join(root, '.githooks')]);
    expect(repo.commit(long)).not.toBe(0);
    expect(repo.commit('y'.repeat(72))).toBe(0);
    expect(repo.commit(`${'é'.repeat(70)} ok`)).not.toBe(0);
    expect(repo.commit(`${'é'.repeat(72)}`)).toBe(0);
  });

  it('the lint check names a long subject after the base and ignores those before it', async () => {
    const repo = await repository();
    repo.commit(long);
    const base = repo.head();
    repo.commit('Keep each editor’s draft apart');
    expect(longSubjects(repo.dir, base)).toEqual({ checked: 1, long: [], note: undefined });
    repo.commit(long);
    const found = longSubjects(repo.dir, base);
    expect(found.checked).toBe(2);
    expect(found.long).toEqual([expect.stringMatching(new RegExp(`^[0-9a-f]+ ${long}$`))]);
  });

  it('ignores a branch begun before the base and merged after it, but not a commit made on top of the base', async () => {
    const repo = await repository();
    repo.commit('Start');
    const before = repo.head();
    repo.commit('Set the rule');
    const base = repo.head();
    run(repo.dir, 'git', ['checkout', '-q', '-b', 'old', before]);
    repo.commit(long);
    run(repo.dir, 'git', ['checkout', '-q', 'main']);
    run(repo.dir, 'git', ['merge', '-q', '--no-ff', '-m', 'Merge the old branch', 'old']);
    expect(longSubjects(repo.dir, base)).toEqual({ checked: 1, long: [], note: undefined });
    repo.commit(long);
    expect(longSubjects(repo.dir, base).long).toHaveLength(1);
  });

  it("npm run lint's check passes on this repository and fails, naming it, on a long subject", async () => {
    const script = path.join(root, 'scripts', 'lint', 'commit-subjects.ts');
    const here = run(root, process.execPath, [script]);
    expect(here.stderr).toBe('');
    expect(here.status).toBe(0);
    const repo = await repository();
    repo.commit('Start');
    await mkdir(path.join(repo.dir, '.githooks'));
    await writeFile(path.join(repo.dir, '.githooks', 'subjects-checked-since'), `${repo.head()}\n`);
    repo.commit(long);
    const there = run(repo.dir, process.execPath, [script]);
    expect(there.status).toBe(1);
    expect(there.stderr).toContain(long);
  });
});
