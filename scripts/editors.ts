// `npm run editors -- <command>`: the site owner's tool for who may sign in to the studio on the
// server, and for reading its audit log. Reads and writes DATA_DIR exactly as the server does
// (same environment); safe while the server runs. The owner's own changes are audited as "owner".
import { parseArgs } from 'node:util';
import { configFromEnv } from '../server/config.ts';
import { appendAudit, auditFile, readAuditLog, type AuditAction } from '../server/studio-access/audit.ts';
import {
  addEditor,
  editorsFile,
  EditorsError,
  readEditors,
  removeEditor,
  setLeadsAccess,
  type Role,
} from '../server/studio-access/editors.ts';
import { forgetEditor } from '../server/studio-access/sessions.ts';
import { textTable } from './text-table.ts';

const usage = `Usage: npm run editors -- <command>
  add EMAIL [--publisher] [--leads | --no-leads]
                                 let EMAIL sign in to the studio at /_studio/ (as a publisher: also publish and roll back;
                                 with --leads: also see, export and erase the leads in the studio's inbox);
                                 adding someone already on the list gives them that role, and --leads or --no-leads
                                 gives or takes their access to the leads (without either it stays as it is)
  list                           who may sign in, with their role and when they were added
  remove EMAIL                   EMAIL can no longer sign in: their sessions, links and open studio pages end at once
  log [--since YYYY-MM-DD] [--json]
                                 the audit log: sign-ins, saves, publishes, roll-backs and changes to this list
Reads and writes DATA_DIR (default ./var), as the server does.`;

const roleText = { editor: 'an editor', publisher: 'a publisher' } satisfies Record<Role, string>;
const rights = {
  editor: 'signs in and saves; publishing needs a publisher',
  publisher: 'signs in, saves, publishes and rolls back',
} satisfies Record<Role, string>;

const whatText = {
  'sign-in': 'signed in',
  'sign-out': 'signed out',
  save: 'saved',
  discard: 'discarded',
  publish: 'published',
  'publish-failed': 'publish failed',
  rollback: 'rolled back',
  schedule: 'scheduled a release',
  'schedule-moved': 'moved a scheduled release',
  'schedule-cancelled': 'cancelled a scheduled release',
  'schedule-failed': 'scheduled release failed to build',
  'scheduled-live': 'scheduled release went live',
  'editor-added': 'added editor',
  'editor-removed': 'removed editor',
  'role-changed': 'changed role',
  share: 'shared a preview',
  'share-revoked': 'revoked a preview link',
  'review-asked': 'asked for a review',
  'review-note': 'left a note in a review',
  'review-approved': 'approved changes',
  'review-changes-asked': 'asked for changes',
  'leads-access': 'changed access to leads',
  'lead-status': 'changed a lead',
  'leads-exported': 'exported leads',
  'lead-retried': 'retried a lead',
  'leads-erased': "erased a person's leads",
} satisfies Record<AuditAction, string>;

/** Control and direction-changing characters shown as \uXXXX: text from the log cannot drive the terminal. */
const printable = (text: string) =>
  text.replace(
    /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const minute = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');
const second = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

async function add(dataDir: string, email: string, role: Role): Promise<string> {
  const before = await readEditors(dataDir);
  const change = await addEditor(dataDir, email, role);
  const { editor } = change;
  if (change.kind === 'unchanged') return `${editor.email} is already ${roleText[role]}; nothing changed.`;
  if (change.kind === 'role-changed') {
    await appendAudit(dataDir, {
      who: 'owner',
      action: 'role-changed',
      detail: `${editor.email}: ${change.from} → ${role}`,
    });
    return `${editor.email} was ${roleText[change.from]} and is now ${roleText[role]} (${rights[role]}).`;
  }
  await appendAudit(dataDir, { who: 'owner', action: 'editor-added', detail: `${editor.email} as ${role}` });
  const first =
    before.length === 0 ? '\nThis is the first editor: the studio is now open at /_studio/ on the server.' : '';
  return `Added ${editor.email} as ${roleText[role]} (${rights[role]}).${first}`;
}

/** Gives or takes an editor's access to the leads; the sentence to print. */
async function leadsAccess(dataDir: string, email: string, leads: boolean): Promise<string> {
  const result = await setLeadsAccess(dataDir, email, leads);
  if (!result) throw new EditorsError(`${email.trim()} is not on the editors list.`);
  const { editor, changed } = result;
  if (!changed) return `${editor.email} ${leads ? 'already sees' : 'already does not see'} the leads; nothing changed.`;
  await appendAudit(dataDir, {
    who: 'owner',
    action: 'leads-access',
    detail: `${editor.email}: ${leads ? 'may see the leads' : 'no longer sees the leads'}`,
  });
  return leads
    ? `${editor.email} now sees the leads in the studio's inbox (and may export them and erase a person's).`
    : `${editor.email} no longer sees the leads.`;
}

async function remove(dataDir: string, email: string): Promise<string> {
  const removed = await removeEditor(dataDir, email);
  if (!removed) throw new EditorsError(`${email.trim()} is not on the editors list; nothing was removed.`);
  // Their sessions and unused sign-in links go too; a running server also ends their open pages.
  await forgetEditor(dataDir, removed.email);
  await appendAudit(dataDir, { who: 'owner', action: 'editor-removed', detail: `${removed.email} (${removed.role})` });
  const last =
    (await readEditors(dataDir)).length === 0
      ? '\nNo editors are left: nobody can sign in, and /_studio/ now answers "not found".'
      : '';
  return `Removed ${removed.email} (${removed.role}): they can no longer sign in to the studio.${last}`;
}

async function list(dataDir: string): Promise<string> {
  const editors = await readEditors(dataDir);
  if (!editors.length)
    return `No editors in ${editorsFile(dataDir)}: the studio is off (/_studio/ answers "not found").\nAdd someone with: npm run editors -- add EMAIL [--publisher]`;
  const rows = editors.map((editor) => [editor.email, editor.role, editor.leads ? 'yes' : 'no', minute(editor.added)]);
  return `${textTable(['E-MAIL', 'ROLE', 'LEADS', 'ADDED (UTC)'], rows)}\n\nAn editor signs in and saves; a publisher also publishes and rolls back. LEADS: sees the leads in the studio's inbox.`;
}

async function log(dataDir: string, options: { since?: string; json?: boolean }): Promise<string> {
  let from = -Infinity;
  if (options.since !== undefined) {
    from = /^\d{4}-\d{2}-\d{2}$/.test(options.since) ? Date.parse(`${options.since}T00:00:00Z`) : NaN;
    // A day that does not exist (2026-02-30) would otherwise roll over into the next month.
    if (Number.isNaN(from) || new Date(from).toISOString().slice(0, 10) !== options.since)
      throw new EditorsError(`--since wants a date as YYYY-MM-DD, got "${options.since}".`);
  }
  const { events, skipped } = await readAuditLog(dataDir);
  if (skipped)
    console.error(
      `${skipped} line(s) of ${auditFile(dataDir)} could not be read (a write cut off by a crash, or an edit by hand) and were skipped.`,
    );
  const shown = events.filter((event) => Date.parse(event.at) >= from);
  if (options.json) return shown.map((event) => JSON.stringify(event)).join('\n');
  if (!shown.length)
    return options.since ? `Nothing in the audit log since ${options.since}.` : 'The audit log is empty.';
  const rows = shown.map((e) => [second(e.at), printable(e.who), whatText[e.action], printable(e.detail)]);
  return textTable(['WHEN (UTC)', 'WHO', 'WHAT', 'DETAIL'], rows);
}

const commands = { add: ['publisher', 'leads'], list: [], remove: [], log: ['since', 'json'] } satisfies Record<
  string,
  string[]
>;

async function run(argv: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      allowNegative: true,
      options: {
        publisher: { type: 'boolean' },
        leads: { type: 'boolean' },
        since: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${usage}`, { cause: error });
  }
  const { values, positionals } = parsed;
  const [command, argument, extra] = positionals;
  if (values.help || !command) return usage;
  if (!Object.hasOwn(commands, command)) throw new Error(`Unknown command "${command}".\n${usage}`);
  const takes: string[] = commands[command as keyof typeof commands];
  const wrong = (['publisher', 'leads', 'since', 'json'] as const).find(
    (o) => values[o] !== undefined && !takes.includes(o),
  );
  if (wrong) throw new Error(`${command} takes no --${wrong}.\n${usage}`);
  if (extra !== undefined) throw new Error(`Unexpected "${extra}": one address at a time.\n${usage}`);
  const { dataDir } = configFromEnv();
  switch (command) {
    case 'add': {
      if (argument === undefined) throw new Error(`add needs an e-mail address.\n${usage}`);
      const added = await add(dataDir, argument, values.publisher ? 'publisher' : 'editor');
      if (values.leads === undefined) return added;
      return `${added}\n${await leadsAccess(dataDir, argument, values.leads)}`;
    }
    case 'remove':
      if (argument === undefined) throw new Error('remove needs an e-mail address (see npm run editors -- list).');
      return remove(dataDir, argument);
    default:
      if (argument !== undefined) throw new Error(`${command} takes no "${argument}".\n${usage}`);
      return command === 'list' ? list(dataDir) : log(dataDir, values);
  }
}

try {
  const output = await run(process.argv.slice(2));
  if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
