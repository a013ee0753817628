// Where unsaved drafts are kept, and the three things done with them: keep, read back, drop. The
// laptop studio keeps them in this browser (localStorage). The studio on the server keeps them on
// the server, per signed-in editor, and also in this browser: typed while the server cannot be
// reached, a draft still survives a reload there, and on open the newer of the two copies wins.
// A browser copy the server once acknowledged loses to the server's answer: if the server has no
// draft any more, it was saved or dropped elsewhere, and the copy here is stale.
import { notifications } from '@mantine/notifications';
import { call, StudioRequestError } from '../api.ts';
import type { DraftPlace, StoredDraft } from '../../../shared/studio-protocol.ts';
import { newestCopy, type KeptDraft, type LocalCopy } from './newest-copy.ts';

/**
 * Where one draft is kept: its name in this browser (an entry's file; the translation view's own
 * name for a translation) and its server requests (`draft?file=…`), so every kind of draft is kept,
 * read back and dropped by the same rules.
 */
export interface DraftTarget {
  key: string;
  route: string;
  query: string;
}
const entryTarget = (file: string): DraftTarget => ({ key: file, route: 'draft', query: q(file) });

let place: DraftPlace | undefined;
/** Files whose draft is kept (read back, or kept by this page): a draft that became the file again is dropped. */
const known = new Set<string>();
export const hasKeptDraft = (file: string): boolean => known.has(file);
let asked: Promise<DraftPlace> | undefined;

/** Where drafts are kept, asked of the studio's server once. */
export function draftPlace(): Promise<DraftPlace> {
  asked ??= call<DraftPlace>('drafts').then(
    (answer) => (place = answer),
    (error: unknown) => {
      asked = undefined;
      throw error;
    },
  );
  return asked;
}

const q = (file: string) => `file=${encodeURIComponent(file)}`;
const localKey = (at: DraftPlace, key: string) => `studio-draft:${at.owner}:${key}`;

function readLocal<T extends KeptDraft>(at: DraftPlace, key: string): LocalCopy<T> | undefined {
  try {
    const copy = JSON.parse(localStorage.getItem(localKey(at, key)) ?? 'null') as LocalCopy<T> | null;
    return copy?.file === key && typeof copy.at === 'number' ? copy : undefined;
  } catch {
    return undefined;
  }
}

function writeLocal<T extends KeptDraft>(at: DraftPlace, copy: LocalCopy<T>): void {
  try {
    localStorage.setItem(localKey(at, copy.file), JSON.stringify(copy));
  } catch {
    // A full or disabled storage: the server's copy (if any) is what is kept.
  }
}

function removeLocal(at: DraftPlace, file: string): void {
  try {
    localStorage.removeItem(localKey(at, file));
  } catch {
    // Storage disabled: nothing was kept there.
  }
}

/** Server requests of one file in the order they were made: a drop never overtakes a keep. */
const queues = new Map<string, Promise<unknown>>();
function inTurn(file: string, request: () => Promise<unknown>): Promise<unknown> {
  const next = (queues.get(file) ?? Promise.resolve()).catch(() => undefined).then(request);
  queues.set(file, next);
  return next;
}

/** A keepalive request carries at most 64 KiB; a larger draft as the page closes stays in the browser copy. */
const keepaliveLimit = 60_000;
const warned = new Set<string>();

/** Keeps the draft; `closing`: the page is going away, so the request must outlive it. */
export function keepDraft(draft: StoredDraft, { closing = false } = {}): void {
  keepDraftAt(entryTarget(draft.file), draft, { closing });
}

/** Keeps a draft (whose `file` is its target's key) at `target`. */
export function keepDraftAt<T extends KeptDraft>(target: DraftTarget, draft: T, { closing = false } = {}): void {
  const at = place;
  // Where drafts go is not known yet (the first question failed): asked again for the next keystroke.
  if (!at) return void draftPlace().catch(() => undefined);
  known.add(draft.file);
  writeLocal(at, draft);
  if (at.where !== 'server') return;
  const body = JSON.stringify(draft);
  const send = () =>
    call(`${target.route}?${target.query}`, { body: draft, keepalive: closing && body.length < keepaliveLimit }).then(
      () => {
        // Acknowledged: marked so, unless a newer keystroke replaced the copy meanwhile.
        if (readLocal(at, draft.file)?.at === draft.at) writeLocal(at, { ...draft, synced: true });
      },
      (error: unknown) => {
        // Refused (too large, too many): said once; the browser copy keeps it. Unreachable: silent, kept here.
        if (error instanceof StudioRequestError && !warned.has(draft.file)) {
          warned.add(draft.file);
          notifications.show({ color: 'yellow', message: error.message });
        }
      },
    );
  if (closing) void send();
  else void inTurn(draft.file, send);
}

/** The draft kept for `file`, the newer of the browser's and the server's copies; undefined when none. */
export const readDraft = (file: string): Promise<StoredDraft | undefined> => readDraftAt(entryTarget(file));

/** The draft kept at `target`, the newer of the browser's and the server's copies; undefined when none. */
export async function readDraftAt<T extends KeptDraft>(target: DraftTarget): Promise<T | undefined> {
  const found = await newestDraft<T>(target);
  if (found) known.add(target.key);
  return found;
}

async function newestDraft<T extends KeptDraft>(target: DraftTarget): Promise<T | undefined> {
  const at = await draftPlace();
  const local = readLocal<T>(at, target.key);
  if (at.where !== 'server') return local;
  // The server cannot answer now: the browser copy is the draft.
  const remote = await call<T | null>(`${target.route}?${target.query}`).catch(() => 'unreachable' as const);
  const { draft, stale } = newestCopy(local, remote);
  if (stale) removeLocal(at, target.key);
  return draft;
}

/** Removes the draft of `file` wherever it is kept. */
export const dropDraft = (file: string, options: { closing?: boolean } = {}): Promise<void> =>
  dropDraftAt(entryTarget(file), options);

/** Removes the draft kept at `target` wherever it is kept. */
export async function dropDraftAt(target: DraftTarget, { closing = false } = {}): Promise<void> {
  const at = place ?? (await draftPlace().catch(() => undefined));
  if (!at) return;
  known.delete(target.key);
  removeLocal(at, target.key);
  if (at.where !== 'server') return;
  const drop = () => call(`${target.route}/drop?${target.query}`, { body: {}, keepalive: closing });
  await (closing ? drop() : inTurn(target.key, drop)).catch(() => undefined);
}
