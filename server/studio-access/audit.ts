// The audit log of the studio on the server: who signed in and out, saved, discarded, published and
// rolled back, and the owner's changes to the editors list; the site owner reads it with
// `npm run editors -- log`. One JSON object per line in DATA_DIR/audit.log. Each event is one
// write() on a file opened with O_APPEND, then fsynced: the kernel appends a write to a regular file
// whole, so lines from several processes (instances, the owner's command) never interleave, and an
// event the caller was told about survives a crash. A crash mid-write can leave a cut-off last
// line, which the next event is appended to: reading finds that event at its own `{"at":` (a value
// holding those characters is escaped, so they start an event only) and skips and counts the rest.
// Appends never look at the end of the file first: another process's write may be half-visible then.
import { constants } from 'node:fs';
import { mkdir, open, readFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { syncFolder } from '../../shared/sync-folder.ts';

export const auditActions = [
  'sign-in',
  'sign-out',
  'save',
  'discard',
  'publish',
  'publish-failed',
  'rollback',
  'schedule',
  'schedule-moved',
  'schedule-cancelled',
  'schedule-failed',
  'scheduled-live',
  'editor-added',
  'editor-removed',
  'role-changed',
  'share',
  'share-revoked',
  'review-asked',
  'review-note',
  'review-approved',
  'review-changes-asked',
  'leads-access',
  'lead-status',
  'leads-exported',
  'lead-retried',
  'leads-erased',
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditEvent {
  /** When (ISO 8601, UTC). */
  at: string;
  /** The editor's e-mail address, or "owner" for the site owner's command. */
  who: string;
  action: AuditAction;
  /** What, in words: the entry and field saved, the release published, how someone signed in. */
  detail: string;
}

export const auditFile = (dataDir: string) => path.join(dataDir, 'audit.log');

/** A detail longer than this is cut: a line stays readable, and one write stays small. */
const MAX_DETAIL = 2000;

/** Appends one event (stamped now) and returns it once it is on disk. */
export async function appendAudit(
  dataDir: string,
  event: Omit<AuditEvent, 'at'>,
  now = new Date(),
): Promise<AuditEvent> {
  const detail = event.detail.length > MAX_DETAIL ? `${event.detail.slice(0, MAX_DETAIL - 1)}…` : event.detail;
  const stamped: AuditEvent = { at: now.toISOString(), who: event.who, action: event.action, detail };
  // JSON.stringify escapes line breaks inside values: one event is always exactly one line.
  const line = `${JSON.stringify(stamped)}\n`;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const { handle, created } = await openLog(auditFile(dataDir));
  try {
    const data = Buffer.from(line);
    const { bytesWritten } = await handle.write(data);
    if (bytesWritten !== data.length)
      throw new Error(`The audit log ${auditFile(dataDir)} could not be written whole (is the disk full?).`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  // A new file's name is in the folder: synced too, or a crash could lose the whole log.
  if (created) await syncFolder(dataDir);
  return stamped;
}

/** Every readable event, oldest first ([] when there is no log yet). */
export async function readAudit(dataDir: string): Promise<AuditEvent[]> {
  return (await readAuditLog(dataDir)).events;
}

/** The events, and how many lines were skipped because they did not parse (a write cut off by a crash). */
export async function readAuditLog(dataDir: string): Promise<{ events: AuditEvent[]; skipped: number }> {
  let text: string;
  try {
    text = await readFile(auditFile(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { events: [], skipped: 0 };
    throw error;
  }
  const events: AuditEvent[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const event = parseEvent(line);
    if (event) {
      events.push(event);
      continue;
    }
    skipped++;
    // An event appended to a line a crash cut off: the event is whole after the cut.
    const start = line.lastIndexOf(eventStart);
    const appended = start > 0 ? parseEvent(line.slice(start)) : undefined;
    if (appended) events.push(appended);
  }
  return { events, skipped };
}

/** How every event's line begins (JSON.stringify of AuditEvent, `at` first). */
const eventStart = '{"at":';

function parseEvent(line: string): AuditEvent | undefined {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const { at, who, action, detail } = data as Record<string, unknown>;
  const valid =
    typeof at === 'string' &&
    !Number.isNaN(Date.parse(at)) &&
    typeof who === 'string' &&
    auditActions.includes(action as AuditAction) &&
    typeof detail === 'string';
  return valid ? { at, who, action: action as AuditAction, detail } : undefined;
}

async function openLog(file: string): Promise<{ handle: FileHandle; created: boolean }> {
  const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;
  try {
    return { handle: await open(file, flags | constants.O_EXCL, 0o600), created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { handle: await open(file, flags), created: false };
  }
}
