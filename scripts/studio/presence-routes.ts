// Who else has an entry open, and who saved the version a save met. Each studio window
// says every ~15 s which entry it shows (POST api/presence) and is answered with the others there;
// the server keeps this in memory only and forgets a window silent for 45 s, or at once when it
// leaves (the page closing). On the server a person is the signed-in editor's address (their own
// other windows are not "someone else"); on the laptop studio every other window is someone.
// GET api/saved-by names the editor whose commit holds the file as it is now (on the server only).
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import { siteFiles } from '../../shared/confined-files.ts';
import type { Presence, SavedBy } from '../../shared/studio-protocol.ts';
import type { SaveCommits } from './commit-save.ts';
import { editableEntryKind } from './entries.ts';
import { checkedPath, StudioError } from './files.ts';
import { gitIn } from './git-client.ts';

/** A window silent this long has closed (or slept) and is no longer shown. */
export const forgetAfterMs = 45_000;
/** At most this many windows are remembered; the longest silent goes first. */
const mostWindows = 500;

export const anotherWindow = 'another studio window';

interface Seen {
  file: string;
  /** Who: the editor's address on the server, the window itself on the laptop. */
  person: string;
  name: string;
  at: number;
}

export interface PresenceOptions {
  root: string;
  /** Inside `npm start`: people are the signed-in editors. */
  onServer?: boolean;
  /** Saves are commits: who saved the file as it is now is read from git, in turn with the saves. */
  commits?: SaveCommits;
  now?: () => number;
}

export async function presenceRoutes(app: FastifyInstance, options: PresenceOptions) {
  const { root, now = Date.now } = options;
  const site = siteFiles(root);
  const windows = new Map<string, Seen>();

  const entryFile = (file: unknown): string => {
    if (typeof file !== 'string' || !editableEntryKind(file)) throw new StudioError(400, 'No entry was named.');
    checkedPath(site, file);
    return file;
  };

  function forgetSilent() {
    const oldest = now() - forgetAfterMs;
    for (const [key, seen] of windows) if (seen.at < oldest) windows.delete(key);
  }

  function present(req: IncomingMessage, body: { file?: unknown; window?: unknown; leave?: unknown }): Presence {
    if (typeof body.window !== 'string' || !/^[\w-]{8,64}$/.test(body.window))
      throw new StudioError(400, 'The studio window has no name: reload the page.');
    const editor = editorOf(req)?.email;
    if (options.onServer && !editor) throw new StudioError(401, 'You are not signed in. Sign in again.');
    const person = editor ?? body.window;
    const key = `${person}\n${body.window}`;
    forgetSilent();
    windows.delete(key);
    if (body.leave === true) return { others: [] };
    const file = entryFile(body.file);
    windows.set(key, { file, person, name: editor ?? anotherWindow, at: now() });
    if (windows.size > mostWindows) windows.delete(windows.keys().next().value!);
    const others = [...windows.values()].filter((seen) => seen.file === file && seen.person !== person);
    // One name per person, however many windows they have open; every other window on the laptop.
    const names = editor ? [...new Set(others.map((seen) => seen.name))].sort() : others.map((seen) => seen.name);
    return { others: names };
  }

  /**
   * The author of the last commit of the file, when the file is as that commit left it. Asked in
   * turn with the saves, so a save whose file is written is also committed when this reads git.
   */
  function savedBy(file: string): Promise<SavedBy> {
    return options.commits ? options.commits.exclusive(() => lastAuthor(file)) : Promise.resolve({});
  }

  async function lastAuthor(file: string): Promise<SavedBy> {
    const git = gitIn(root);
    const pathspec = `site/${file}`;
    const changed = await git.raw(['status', '--porcelain', '--', pathspec]).catch(() => 'unknown');
    if (changed.trim()) return {};
    const log = await git.raw(['log', '-1', '--format=%ae%x00%aI', '--', pathspec]).catch(() => '');
    const [by, at] = log.trim().split('\0');
    return by ? { by, at } : {};
  }

  app.post<{ Body: Record<string, unknown> }>('/presence', { schema: { body: { type: 'object' } } }, async (request) =>
    present(request.raw, request.body),
  );
  app.get<{ Querystring: { file?: string } }>('/saved-by', async (request) => savedBy(entryFile(request.query.file)));
}
