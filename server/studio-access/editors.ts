// The people who may sign in to the studio on the server, kept under DATA_DIR by the site owner
// (`npm run editors`). An editor saves; a publisher also publishes and rolls back.
// The list is one small JSON file, replaced whole (temp file, fsync, rename, fsync the folder) under
// a lock held across processes: the owner's command and a running server never lose each other's
// change, and a reader sees the old list or the new one, never part of one.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { writeDurably } from '../leads/durable-file.ts';

export type Role = 'editor' | 'publisher';

export interface Editor {
  email: string;
  role: Role;
  /** When the owner added them (ISO 8601). */
  added: string;
  /** May see the leads in the studio's inbox (`--leads`); absent means no. */
  leads?: boolean;
}

export const roles: readonly Role[] = ['editor', 'publisher'];

/** A refusal in a plain sentence, for the site owner or the sign-in page to show as it is. */
export class EditorsError extends Error {}

export const editorsFile = (dataDir: string) => path.join(dataDir, 'editors.json');

// RFC 5321's dot-atom (what real mailboxes use), without quoted local parts or address literals.
const localPart = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
const domainLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * One plain e-mail address, trimmed and lower-cased ("Ann@Example.com " → "ann@example.com").
 * Anything else is refused with a sentence saying why: a name or angle brackets, a list, a line
 * break (it could smuggle a header into the sign-in mail), spaces, or a malformed part.
 */
export function normaliseEmail(input: string): string {
  const text = input.trim();
  if (!text) throw new EditorsError('Give an e-mail address, like name@example.com.');
  if (/[\p{Cc}\u2028\u2029]/u.test(text))
    throw new EditorsError(
      'An e-mail address is one line: this one contains a line break or another control character.',
    );
  if (/[,;]/.test(text))
    throw new EditorsError('Give one e-mail address at a time: this one contains a comma or a semicolon.');
  if (/[<>"()]/.test(text))
    throw new EditorsError('Give the address alone, like name@example.com, without a name, quotes or brackets.');
  if (/\s/u.test(text)) throw new EditorsError('An e-mail address has no spaces.');
  if (/[^\x21-\x7e]/.test(text))
    throw new EditorsError(
      'Write the address in plain letters and digits; a domain with accents is written in its xn-- form.',
    );
  if (text.length > 254) throw new EditorsError('An e-mail address is at most 254 characters long.');
  const parts = text.split('@');
  if (parts.length !== 2) throw new EditorsError('An e-mail address has exactly one @, as in name@example.com.');
  const [local, domain] = parts;
  if (!localPart.test(local) || local.length > 64)
    throw new EditorsError(
      'The part before the @ is not a mailbox name: letters, digits and . _ + - (no dot at its start or end, no two dots in a row).',
    );
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => domainLabel.test(label)) || /^\d+$/.test(labels.at(-1)!))
    throw new EditorsError('The part after the @ must be a domain name, like example.com.');
  return text.toLowerCase();
}

/** Everyone who may sign in, in the order they were added; [] when the owner has added no one. */
export async function readEditors(dataDir: string): Promise<Editor[]> {
  const file = editorsFile(dataDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return parseEditors(text, file);
}

/** The editor with this address (any case, surrounding spaces ignored), or undefined. */
export async function findEditor(dataDir: string, email: string): Promise<Editor | undefined> {
  let wanted: string;
  try {
    wanted = normaliseEmail(email);
  } catch {
    return undefined;
  }
  return (await readEditors(dataDir)).find((editor) => editor.email === wanted);
}

export type EditorChange =
  | { kind: 'added'; editor: Editor }
  | { kind: 'role-changed'; editor: Editor; from: Role }
  | { kind: 'unchanged'; editor: Editor };

/** Adds someone, or gives an existing editor this role (keeping when they were first added). */
export async function addEditor(dataDir: string, email: string, role: Role, now = new Date()): Promise<EditorChange> {
  const address = normaliseEmail(email);
  if (!roles.includes(role)) throw new EditorsError(`The role is editor or publisher, not ${JSON.stringify(role)}.`);
  return change<EditorChange>(dataDir, (editors) => {
    const existing = editors.find((editor) => editor.email === address);
    if (!existing) {
      const editor = { email: address, role, added: now.toISOString() };
      return { editors: [...editors, editor], result: { kind: 'added', editor } };
    }
    if (existing.role === role) return { result: { kind: 'unchanged', editor: existing } };
    const editor = { ...existing, role };
    return {
      editors: editors.map((e) => (e === existing ? editor : e)),
      result: { kind: 'role-changed', editor, from: existing.role },
    };
  });
}

/** Gives someone on the list access to the leads, or takes it away; undefined when they are not on the list. */
export async function setLeadsAccess(
  dataDir: string,
  email: string,
  leads: boolean,
): Promise<{ editor: Editor; changed: boolean } | undefined> {
  const address = normaliseEmail(email);
  return change<{ editor: Editor; changed: boolean } | undefined>(dataDir, (editors) => {
    const existing = editors.find((editor) => editor.email === address);
    if (!existing) return { result: undefined };
    if (Boolean(existing.leads) === leads) return { result: { editor: existing, changed: false } };
    // Written only when granted: a list with nobody given the leads stays as it was.
    const { leads: _previous, ...rest } = existing;
    const editor: Editor = leads ? { ...rest, leads: true } : rest;
    return { editors: editors.map((e) => (e === existing ? editor : e)), result: { editor, changed: true } };
  });
}

/** Removes someone; returns who was removed, or undefined (nothing written) when they were not on the list. */
export async function removeEditor(dataDir: string, email: string): Promise<Editor | undefined> {
  const address = normaliseEmail(email);
  return change<Editor | undefined>(dataDir, (editors) => {
    const existing = editors.find((editor) => editor.email === address);
    if (!existing) return { result: undefined };
    return { editors: editors.filter((e) => e !== existing), result: existing };
  });
}

/** A hand-edited or damaged list is refused whole, naming the problem: better no studio than the wrong people in it. */
function parseEditors(text: string, file: string): Editor[] {
  const refuse = (why: string) =>
    new EditorsError(
      `${file} is not a valid editors list: ${why}. Fix it, or remove it and add the editors again with npm run editors -- add EMAIL.`,
    );
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw refuse('it is not JSON');
  }
  if (!Array.isArray(data)) throw refuse('it is not a list');
  const seen = new Set<string>();
  return data.map((entry: unknown, index) => {
    const at = `entry ${index + 1}`;
    if (typeof entry !== 'object' || entry === null) throw refuse(`${at} is not an object`);
    const { email, role, added } = entry as Record<string, unknown>;
    let address: string;
    try {
      address = normaliseEmail(typeof email === 'string' ? email : '');
    } catch (error) {
      throw refuse(`${at} has no valid e-mail address (${(error as Error).message})`);
    }
    if (seen.has(address)) throw refuse(`${address} is listed twice`);
    seen.add(address);
    if (!roles.includes(role as Role)) throw refuse(`${at} (${address}) has no role editor or publisher`);
    if (typeof added !== 'string' || Number.isNaN(Date.parse(added))) throw refuse(`${at} (${address}) has no date`);
    const { leads } = entry as Record<string, unknown>;
    if (leads !== undefined && typeof leads !== 'boolean')
      throw refuse(`${at} (${address}) has a leads access that is neither true nor false`);
    return { email: address, role: role as Role, added, ...(leads ? { leads: true } : {}) };
  });
}

/**
 * Reads, changes and replaces the list under its lock: one change at a time in this process
 * (a chain of promises) and across processes (proper-lockfile's lock folder beside the list).
 */
async function change<T>(dataDir: string, edit: (editors: Editor[]) => { editors?: Editor[]; result: T }): Promise<T> {
  const file = editorsFile(dataDir);
  const previous = chains.get(file) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(async () => {
      await mkdir(dataDir, { recursive: true, mode: 0o700 });
      let compromised: Error | undefined;
      const release = await lockfile.lock(file, {
        realpath: false,
        lockfilePath: `${file}.lock`,
        retries: { retries: 300, minTimeout: 10, maxTimeout: 100 },
        stale: 10_000,
        onCompromised: (error) => {
          compromised = error;
        },
      });
      try {
        const { editors, result } = edit(await readEditors(dataDir));
        if (editors) {
          // A lock lost to a stall longer than `stale` may now be another writer's: write nothing.
          if (compromised) throw new EditorsError('The editors list was busy for too long; nothing was changed.');
          await writeDurably(file, `${JSON.stringify(editors, null, 2)}\n`);
        }
        return result;
      } finally {
        await release().catch(() => undefined);
      }
    });
  chains.set(file, run);
  try {
    return await run;
  } finally {
    if (chains.get(file) === run) chains.delete(file);
  }
}

const chains = new Map<string, Promise<unknown>>();
