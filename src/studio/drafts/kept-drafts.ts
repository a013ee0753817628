// Where unsaved drafts are kept, and the three things done with them: keep, read back, drop. The
// laptop studio keeps them in this browser (localStorage). The studio on the server keeps them on
// the server, per signed-in editor, and also in this browser: typed while the server cannot be
// reached, a draft still survives a reload there, and on open the newer of the two copies wins.
// A browser copy the server once acknowledged loses to the server's answer: if the server has no
// draft any more, it was saved or dropped elsewhere, and the copy here is stale.
import { notifications } from '@mantine/notifications';
import { call, StudioRequestError } from '../api.ts';
import type { DraftPlace, StoredDraft } from '../../../shared/studio-protocol.ts';
import { newestCopy, type LocalCopy } from './newest-copy.ts';

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
const localKey = (at: DraftPlace, file: string) => `studio-draft:${at.owner}:${file}`;

function readLocal(at: DraftPlace, file: string): LocalCopy | undefined {
  try {
    const copy = JSON.parse(localStorage.getItem(localKey(at, file)) ?? 'null') as LocalCopy | null;
    return copy?.file === file && typeof copy.at === 'number' ? copy : undefined;
  } catch {
    return undefined;
  }
}

function writeLocal(at: DraftPlace, copy: LocalCopy): void {
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
  const at = place;
  // Where drafts go is not known yet (the first question failed): asked again for the next keystroke.
  if (!at) return void draftPlace().catch(() => undefined);
  known.add(draft.file);
  writeLocal(at, draft);
  if (at.where !== 'server') return;
  const body = JSON.stringify(draft);
  const send = () =>
    call(`draft?${q(draft.file)}`, { body: draft, keepalive: closing && body.length < keepaliveLimit }).then(
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
export async function readDraft(file: string): Promise<StoredDraft | undefined> {
  const found = await newestDraft(file);
  if (found) known.add(file);
  return found;
}

async function newestDraft(file: string): Promise<StoredDraft | undefined> {
  const at = await draftPlace();
  const local = readLocal(at, file);
  if (at.where !== 'server') return local;
  // The server cannot answer now: the browser copy is the draft.
  const remote = await call<StoredDraft | null>(`draft?${q(file)}`).catch(() => 'unreachable' as const);
  const { draft, stale } = newestCopy(local, remote);
  if (stale) removeLocal(at, file);
  return draft;
}

/** Removes the draft of `file` wherever it is kept. */
export async function dropDraft(file: string, { closing = false } = {}): Promise<void> {
  const at = place ?? (await draftPlace().catch(() => undefined));
  if (!at) return;
  known.delete(file);
  removeLocal(at, file);
  if (at.where !== 'server') return;
  const drop = () => call(`draft/drop?${q(file)}`, { body: {}, keepalive: closing });
  await (closing ? drop() : inTurn(file, drop)).catch(() => undefined);
}
