// On the server every save is a commit: the studio writes a file as it always does, then
// commits exactly the files it wrote — nothing else in the working tree — as the signed-in editor,
// with the server as committer and a message naming the entry and the fields (commit-message.ts).
// Writes and commits of one repository take turns (a lock across write, add and commit), so the
// file committed is the one this save wrote and two saves at once make two commits. A commit that
// fails takes the write back and leaves nothing staged: the editor is told, and nothing changed.
import type { IncomingMessage } from 'node:http';
import { appendAudit, type AuditAction } from '../../server/studio-access/audit.ts';
import type { Editor } from '../../server/studio-access/editors.ts';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import { ensureDebianPackages } from '../debian-packages.ts';
import { compareFile } from './changes.ts';
import { commitMessage } from './commit-message.ts';
import { StudioError } from './files.ts';
import { gitIn, type Person } from './git-client.ts';
import type { ChangedFile } from '../../shared/review.ts';

export type { Person };

export const defaultCommitter: Person = { name: 'Studio', email: 'studio@localhost' };

/** The editor as a commit's author: the address's part before the @ as the name, the address as e-mail. */
export function authorOf(editor: Pick<Editor, 'email'>): Person {
  const at = editor.email.lastIndexOf('@');
  return { name: at > 0 ? editor.email.slice(0, at) : editor.email, email: editor.email };
}

/** A write for `record`: doing it, the files it wrote (paths under site/), and taking it back. */
export interface Write<T> {
  write: () => Promise<T>;
  files: (done: T) => string[];
  undo: (done: T) => Promise<void>;
  /** The commit's message, when the review's description of the files would not say it (a restore). */
  message?: (done: T) => string;
  /**
   * The audit log's line when the write is not a save (a discard): logged even when the files came
   * back as the last commit holds them and there was nothing to commit.
   */
  audit?: { action: AuditAction; detail: (done: T) => string };
}

/**
 * How a write is done: in commit mode, in turn and committed (SaveCommits.record), marked
 * `committing`; else just done.
 */
export type Recorder = (<T>(write: Write<T>) => Promise<T>) & { readonly committing?: true };

export const notSignedIn =
  'Nothing was changed: you are not signed in (your session may have ended). Sign in again, then do it once more.';

/**
 * How this request writes: in commit mode as its signed-in editor (a 401 without one, before
 * anything is read or written), otherwise as the laptop studio always has.
 */
export function recorderFor(request: IncomingMessage, commits: SaveCommits | undefined): Recorder {
  if (!commits) return (change) => change.write();
  return commits.recorderAs(signedInAuthor(request));
}

function signedInAuthor(request: IncomingMessage): Person {
  const editor = editorOf(request);
  if (!editor) throw new StudioError(401, notSignedIn);
  return authorOf(editor);
}

// One turn at a time per repository, in this process. Only one instance edits (the generated nginx
// config routes /_studio/ to it); git's own index lock refuses anything else that writes at once,
// and such a refusal is a failed commit like any other.
const turns = new Map<string, Promise<unknown>>();

function inTurn<T>(root: string, work: () => Promise<T>): Promise<T> {
  const result = (turns.get(root) ?? Promise.resolve()).catch(() => undefined).then(work);
  turns.set(root, result);
  const forget = () => {
    if (turns.get(root) === result) turns.delete(root);
  };
  result.then(forget, forget);
  return result;
}

const gitSays = (error: unknown) =>
  String((error as Error).message ?? error)
    .trim()
    .split('\n')
    .filter(Boolean)
    .slice(0, 3)
    .join(' ');

export class SaveCommits {
  readonly root: string;
  readonly committer: Person;
  /** Where the audit log is (DATA_DIR), when saves are logged there. */
  readonly auditDir: string | undefined;
  constructor(root: string, committer: Person = defaultCommitter, auditDir?: string) {
    this.root = root;
    this.committer = committer;
    this.auditDir = auditDir;
  }

  /** Git is Debian's package: installed when missing (as root), else the exact command is said. */
  static ensureGit(): void {
    ensureDebianPackages('git', ['/usr/bin/git'], ['git']);
  }

  /** Why saves cannot be committed here (no repository), or undefined when they can. */
  async problem(): Promise<string | undefined> {
    const inside = await gitIn(this.root)
      .raw(['rev-parse', '--is-inside-work-tree'])
      .catch(() => '');
    return inside.trim() === 'true'
      ? undefined
      : `${this.root} is not a git repository: every save on the server is a commit, so saves are refused until it is one (git clone the site there, or git init and commit).`;
  }

  /** Every write through this recorder committed as `author`. */
  recorderAs(author: Person): Recorder {
    const record = <T>(change: Write<T>) => this.record(author, change);
    return Object.assign(record, { committing: true as const });
  }

  /** Work that writes under site/ without a commit (a discard back to the last commit) in the same turns. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return inTurn(this.root, work);
  }

  /**
   * Does the write, then commits its files as `author`. A write that is refused (a conflict, a
   * taken name) commits nothing; a commit that fails undoes the write and is reported (500).
   */
  record<T>(author: Person, { write, files, undo, message, audit }: Write<T>): Promise<T> {
    return inTurn(this.root, async () => {
      const result = await write();
      const written = files(result);
      let committed: { commit: string; message: string } | undefined;
      try {
        committed = await this.commit(author, written, message?.(result));
      } catch (error) {
        const paths = written.map((file) => `site/${file}`);
        // Nothing of this save stays staged: the index of these paths back to the last commit.
        await gitIn(this.root)
          .raw(['reset', '-q', '--', ...paths])
          .catch(() => gitIn(this.root).raw(['rm', '-q', '--cached', '--ignore-unmatch', '--', ...paths]))
          .catch(() => undefined);
        const putBack = await undo(result).then(
          () => 'Nothing was changed',
          () => 'The file could not be put back as it was either: tell the site owner',
        );
        throw new StudioError(
          500,
          `Not saved: the change could not be recorded in the site's history (git said: ${gitSays(error)}). ${putBack}.`,
        );
      }
      // The save is made and committed: the log says who made it, and which commit holds it (a
      // discard is logged even with nothing to commit). A log that cannot be written does not undo
      // a write that is made (a committed one's author is in the commit).
      if ((committed || audit) && this.auditDir) {
        const said = audit ? audit.detail(result) : committed?.message.split('\n')[0];
        await appendAudit(this.auditDir, {
          who: author.email,
          action: audit?.action ?? 'save',
          detail: committed ? `${said} (commit ${committed.commit.slice(0, 7)})` : (said ?? ''),
        }).catch((error: unknown) =>
          console.error(
            `Studio: the ${audit?.action ?? 'save'} of ${committed ? `commit ${committed.commit}` : written.join(', ')} is not in the audit log: ${String(error)}`,
          ),
        );
      }
      return result;
    });
  }

  /** Commits exactly `files` as they are on disk now; nothing when they equal the last commit. Returns the commit and its message. */
  private async commit(
    author: Person,
    files: string[],
    given?: string,
  ): Promise<{ commit: string; message: string } | undefined> {
    const git = gitIn(this.root, { author, committer: this.committer });
    const paths = files.map((file) => `site/${file}`);
    await git.raw(['add', '--', ...paths]);
    const staged = await git.raw(['status', '--porcelain', '-z', '--untracked-files=no', '--', ...paths]);
    if (!staged.split('\0').some((record) => record.length > 3 && record[0] !== ' ')) return undefined;
    const compared = given ? [] : await Promise.all(files.map((file) => compareFile(this.root, file)));
    const message = given ?? commitMessage(compared.filter((file): file is ChangedFile => file !== undefined));
    const before = await git.revparse(['--verify', '--quiet', 'HEAD']).catch(() => '');
    // --only: the commit holds these paths as they are now, whatever else is staged or changed.
    await git.raw(['commit', '--only', '--quiet', '-m', message, '--', ...paths]);
    const after = await git.revparse(['--verify', 'HEAD']);
    // git answers "nothing to commit" with no error output: a commit that did not happen is a failure.
    if (after.trim() === before.trim()) throw new Error('git made no commit');
    return { commit: after.trim(), message };
  }
}
