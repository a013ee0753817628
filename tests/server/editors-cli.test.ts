// `npm run editors`, run as the site owner runs it (a child process reading DATA_DIR): add, list,
// role change, remove and the audit log, each refusal on stderr with exit 1, several owners' commands
// at once, and log output that a hostile detail cannot turn into terminal commands.
import { execFile } from 'node:child_process';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { appendAudit, auditFile, readAudit } from '../../server/studio-access/audit.ts';
import { readEditors } from '../../server/studio-access/editors.ts';

const root = path.join(import.meta.dirname, '..', '..');
let dataDir: string;
beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'editors-cli-')), 'data');
});
afterEach(() => rm(path.dirname(dataDir), { recursive: true, force: true }));

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}
const settle = (run: Promise<{ stdout: string; stderr: string }>): Promise<Outcome> =>
  run.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: Outcome) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
const env = () => ({ ...process.env, DATA_DIR: dataDir });
const editors = (...args: string[]) =>
  settle(promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'editors.ts'), ...args], { env: env() }));

it('adds, lists, changes a role, removes, and logs each change as the owner', async () => {
  const empty = await editors('list');
  expect(empty).toMatchObject({ code: 0, stderr: '' });
  expect(empty.stdout).toMatch(/^No editors in .*editors\.json: the studio is off/);

  const first = await editors('add', ' Ann@Example.com ');
  expect(first.code).toBe(0);
  expect(first.stdout).toMatch(
    /^Added ann@example\.com as an editor \(signs in and saves; publishing needs a publisher\)\./,
  );
  expect(first.stdout).toContain('This is the first editor: the studio is now open at /_studio/ on the server.');
  const second = await editors('add', 'bob@example.com', '--publisher');
  expect(second.stdout).toBe('Added bob@example.com as a publisher (signs in, saves, publishes and rolls back).\n');
  expect((await editors('add', 'ann@example.com', '--publisher')).stdout).toBe(
    'ann@example.com was an editor and is now a publisher (signs in, saves, publishes and rolls back).\n',
  );
  expect((await editors('add', 'ANN@example.com', '--publisher')).stdout).toBe(
    'ann@example.com is already a publisher; nothing changed.\n',
  );
  expect((await editors('add', 'bob@example.com')).stdout).toMatch(
    /^bob@example\.com was a publisher and is now an editor/,
  );

  const listed = await editors('list');
  const [header, ...rows] = listed.stdout.split('\n');
  expect(header.split(/\s{2,}/)).toEqual(['E-MAIL', 'ROLE', 'LEADS', 'ADDED (UTC)']);
  expect(rows.slice(0, 2).map((row) => row.split(/\s{2,}/))).toEqual([
    ['ann@example.com', 'publisher', 'no', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/)],
    ['bob@example.com', 'editor', 'no', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/)],
  ]);
  expect(listed.stdout).toContain('An editor signs in and saves; a publisher also publishes and rolls back.');

  const removed = await editors('remove', 'Bob@example.com');
  expect(removed).toMatchObject({
    code: 0,
    stdout: 'Removed bob@example.com (editor): they can no longer sign in to the studio.\n',
  });
  expect((await readEditors(dataDir)).map((e) => e.email)).toEqual(['ann@example.com']);
  expect((await editors('remove', 'ann@example.com')).stdout).toContain('No editors are left: nobody can sign in');

  // The log: when, who, what, detail, oldest first; the unchanged add wrote nothing.
  const log = await editors('log');
  expect(log.code).toBe(0);
  const [logHeader, ...lines] = log.stdout.trimEnd().split('\n');
  expect(logHeader.split(/\s{2,}/)).toEqual(['WHEN (UTC)', 'WHO', 'WHAT', 'DETAIL']);
  expect(lines.map((line) => line.split(/\s{2,}/).slice(1))).toEqual([
    ['owner', 'added editor', 'ann@example.com as editor'],
    ['owner', 'added editor', 'bob@example.com as publisher'],
    ['owner', 'changed role', 'ann@example.com: editor → publisher'],
    ['owner', 'changed role', 'bob@example.com: publisher → editor'],
    ['owner', 'removed editor', 'bob@example.com (editor)'],
    ['owner', 'removed editor', 'ann@example.com (publisher)'],
  ]);
  expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}/);
});

it('logs what the server appended, as JSON lines on request, and from a day on', async () => {
  await appendAudit(
    dataDir,
    { who: 'ann@example.com', action: 'sign-in', detail: 'link' },
    new Date('2026-11-01T09:00:00Z'),
  );
  await appendAudit(
    dataDir,
    { who: 'ann@example.com', action: 'save', detail: 'Home page: hero headline' },
    new Date('2026-11-02T10:30:00Z'),
  );
  await appendAudit(
    dataDir,
    { who: 'bob@example.com', action: 'publish', detail: 'release 20261103' },
    new Date('2026-11-03T08:00:00Z'),
  );
  await appendAudit(
    dataDir,
    { who: 'bob@example.com', action: 'rollback', detail: 'to release 20261101' },
    new Date('2026-11-03T08:05:00Z'),
  );

  const since = await editors('log', '--since', '2026-11-02');
  expect(
    since.stdout
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => line.split(/\s{2,}/)),
  ).toEqual([
    ['2026-11-02 10:30:00', 'ann@example.com', 'saved', 'Home page: hero headline'],
    ['2026-11-03 08:00:00', 'bob@example.com', 'published', 'release 20261103'],
    ['2026-11-03 08:05:00', 'bob@example.com', 'rolled back', 'to release 20261101'],
  ]);
  const json = await editors('log', '--json', '--since', '2026-11-03');
  expect(
    json.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown),
  ).toEqual((await readAudit(dataDir)).slice(2));
  expect((await editors('log', '--since', '2026-12-01')).stdout).toBe('Nothing in the audit log since 2026-12-01.\n');
  await rm(auditFile(dataDir));
  expect((await editors('log')).stdout).toBe('The audit log is empty.\n');
});

it('shows control characters in the log as \\u escapes, and says when a line was skipped', async () => {
  // A detail carrying a terminal escape (clear the screen) and a right-to-left override.
  await appendAudit(dataDir, { who: 'ann@example.com', action: 'save', detail: 'Home\u001b[2J\u202eevil' });
  await appendFile(auditFile(dataDir), '{"at":"2026-11-27T10:00:00.000Z","who":"a');
  const log = await editors('log');
  expect(log.code).toBe(0);
  expect(log.stdout).toContain('Home\\u001b[2J\\u202eevil');
  expect([...log.stdout].filter((c) => c === '\u001b' || c === '\u202e')).toEqual([]);
  expect(log.stderr).toMatch(/^1 line\(s\) of .*audit\.log could not be read .* and were skipped\.\n$/);
});

// Each refusal: a plain message on stderr, exit 1, nothing written.
const refusals: [string, string[], RegExp][] = [
  ['an unknown command', ['promote', 'ann@example.com'], /^Unknown command "promote"\.\nUsage: npm run editors/],
  ['an unknown option', ['list', '--all'], /^Unknown option '--all'.*\nUsage: npm run editors/],
  ['add without an address', ['add'], /^add needs an e-mail address\./],
  ['add with a display name', ['add', 'Ann Lee <ann@example.com>'], /^Give the address alone, like name@example\.com/],
  ['add with two addresses in one', ['add', 'ann@example.com,bob@example.com'], /^Give one e-mail address at a time/],
  [
    'add with two addresses',
    ['add', 'ann@example.com', 'bob@example.com'],
    /^Unexpected "bob@example\.com": one address at a time/,
  ],
  ['add with a line break', ['add', 'ann@example.com\nBcc: eve@example.com'], /^An e-mail address is one line/],
  ['add with no @', ['add', 'ann'], /^An e-mail address has exactly one @/],
  ['add with --since', ['add', 'ann@example.com', '--since', '2026-01-01'], /^add takes no --since\./],
  ['remove without an address', ['remove'], /^remove needs an e-mail address/],
  [
    'remove of someone not on the list',
    ['remove', 'zoe@example.com'],
    /^zoe@example\.com is not on the editors list; nothing was removed\.\n$/,
  ],
  ['list --publisher', ['list', '--publisher'], /^list takes no --publisher\./],
  ['list with an address', ['list', 'ann@example.com'], /^list takes no "ann@example\.com"/],
  [
    'log with a date that is not YYYY-MM-DD',
    ['log', '--since', '1/11/2026'],
    /^--since wants a date as YYYY-MM-DD, got "1\/11\/2026"\.\n$/,
  ],
  ['log with a day that does not exist', ['log', '--since', '2026-02-30'], /^--since wants a date as YYYY-MM-DD/],
];
it.each(refusals)('refuses %s', async (_, args, message) => {
  const outcome = await editors(...args);
  expect(outcome).toMatchObject({ code: 1, stdout: '' });
  expect(outcome.stderr).toMatch(message);
  expect(await readEditors(dataDir)).toEqual([]);
  expect(await readAudit(dataDir)).toEqual([]);
});

it('gives and takes access to the leads with --leads and --no-leads, logged as the owner', async () => {
  const granted = await editors('add', 'cat@example.com', '--leads');
  expect(granted.code).toBe(0);
  expect(granted.stdout).toMatch(/^Added cat@example\.com as an editor/);
  expect(granted.stdout).toContain("cat@example.com now sees the leads in the studio's inbox");
  expect(await readEditors(dataDir)).toEqual([expect.objectContaining({ email: 'cat@example.com', leads: true })]);
  // A role change without either flag keeps the access as it is.
  await editors('add', 'cat@example.com', '--publisher');
  expect((await readEditors(dataDir))[0]).toMatchObject({ role: 'publisher', leads: true });
  expect(
    (await editors('list')).stdout
      .split('\n')[1]
      .split(/\s{2,}/)
      .slice(0, 3),
  ).toEqual(['cat@example.com', 'publisher', 'yes']);
  expect((await editors('add', 'cat@example.com', '--publisher', '--leads')).stdout).toContain(
    'cat@example.com already sees the leads; nothing changed.',
  );
  const taken = await editors('add', 'cat@example.com', '--publisher', '--no-leads');
  expect(taken.stdout).toContain('cat@example.com no longer sees the leads.');
  expect((await readEditors(dataDir))[0]).not.toHaveProperty('leads');
  expect((await editors('list', '--leads')).stderr).toMatch(/^list takes no --leads\./);
  const logged = (await readAudit(dataDir)).filter((event) => event.action === 'leads-access');
  expect(logged.map((event) => [event.who, event.detail])).toEqual([
    ['owner', 'cat@example.com: may see the leads'],
    ['owner', 'cat@example.com: no longer sees the leads'],
  ]);
});

it('prints the usage for no command or --help', async () => {
  for (const args of [[], ['--help']]) {
    const outcome = await editors(...args);
    expect(outcome).toMatchObject({ code: 0, stderr: '' });
    expect(outcome.stdout).toMatch(/^Usage: npm run editors -- <command>\n {2}add EMAIL \[--publisher\]/);
  }
});

it('four owners adding at once: all four land, each logged once', async () => {
  const names = ['ann', 'bob', 'cy', 'dee'];
  const outcomes = await Promise.all(names.map((name) => editors('add', `${name}@example.com`)));
  expect(outcomes.map((o) => o.code)).toEqual([0, 0, 0, 0]);
  expect((await readEditors(dataDir)).map((e) => e.email).sort()).toEqual(names.map((n) => `${n}@example.com`));
  expect((await readAudit(dataDir)).map((e) => e.detail).sort()).toEqual(
    names.map((n) => `${n}@example.com as editor`),
  );
}, 120_000);

it('is the npm script the README names', async () => {
  const outcome = await settle(
    promisify(execFile)('npm', ['run', '--silent', 'editors', '--', 'add', 'ann@example.com', '--publisher'], {
      cwd: root,
      env: env(),
    }),
  );
  expect(outcome).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Added ann@example\.com as a publisher/) });
}, 120_000);
