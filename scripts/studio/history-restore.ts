// Restoring from the history: an earlier version of an entry, or a deleted page or article, written
// whole as a new change — never a rewrite of the history. Refused in words when the version is not
// one of this site's history, when the file changed since the history was shown, when a deleted
// entry's place is taken, or when the version would not be valid with the site as it is now (the
// check a save runs). On the server the write is one commit by the editor ("Restored Home as of …");
// on the laptop it is an uncommitted change the review shows.
import { ConfinedFileError, readConfined, siteFiles } from '../../shared/confined-files.ts';
import { removeFile, replaceFile } from '../../shared/confined-writes.ts';
import type { RestoreRequest } from '../../shared/history.ts';
import { loadSite } from '../content/load-site.ts';
import { readContent, titleOf } from './changes.ts';
import type { Recorder } from './commit-save.ts';
import { judge, editableEntryKind } from './entries.ts';
import { asStudioError, checkedPath, createNew, StudioError, versionOf } from './files.ts';
import { gitIn } from './git-client.ts';
import { fileAt, inHistory, knownCommit, noHistory } from './history.ts';
import { plainName } from './entry-name.ts';

/** "27 Nov 2026, 22:14 UTC": the server says a version's time the same way to everyone. */
export function historyDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'an unknown date';
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

const changedMeanwhile = (file: string) =>
  new StudioError(
    409,
    `${plainName(file)} was saved again since its history was shown. Nothing was restored: look at its history again.`,
  );

/** What a restore request asks for, checked: a content file, a version given by its commit. */
function checked(request: RestoreRequest): { file: string; from: string; commit: string } {
  const { file, commit, from = request?.file } = request ?? {};
  if (typeof file !== 'string' || typeof from !== 'string') throw new StudioError(400, 'Say which entry to restore.');
  if (typeof commit !== 'string' || !commit) throw new StudioError(400, 'Say which version to restore.');
  if (request.version !== undefined && typeof request.version !== 'string')
    throw new StudioError(400, 'The version must be text.');
  return { file, from, commit };
}

interface Found {
  file: string;
  bytes: Buffer;
  title: string;
  /** The version's commit, its time and subject (for the message). */
  commit: string;
  at: string;
  subject: string;
}

/** The version asked for, read from git after every check that needs no file on disk. */
async function findVersion(root: string, request: RestoreRequest): Promise<Found> {
  const { file, from, commit } = checked(request);
  const site = siteFiles(root);
  checkedPath(site, file);
  checkedPath(site, from);
  const kind = editableEntryKind(file);
  if (!kind) throw new StudioError(404, `${plainName(file)} is not something the studio edits.`);
  if (editableEntryKind(from) !== kind)
    throw new StudioError(400, `${plainName(from)} is not the same kind of entry as ${plainName(file)}.`);
  const problem = await noHistory(root);
  if (problem) throw new StudioError(409, problem);
  const git = gitIn(root);
  const full = await knownCommit(git, commit);
  if (!full)
    throw new StudioError(
      404,
      `There is no version "${commit.slice(0, 40)}" in the site's history. Nothing was restored.`,
    );
  if (!(await inHistory(git, full)))
    throw new StudioError(
      409,
      `Version ${full.slice(0, 7)} is not part of the site's history as it is now (it is on another branch, or was left behind). Nothing was restored.`,
    );
  const bytes = await fileAt(git, full, from);
  if (bytes === undefined)
    throw new StudioError(404, `${plainName(from)} is not in that version. Nothing was restored.`);
  const [at = '', subject = ''] = (await git.raw(['show', '-s', '--format=%aI%x00%s', full])).trim().split('\0');
  const content = readContent(file, kind, bytes.toString('utf8'));
  return {
    file,
    bytes,
    title: titleOf(file, kind, 'problem' in content ? undefined : content.data),
    commit: full,
    at,
    subject,
  };
}

/** Refused with the compiler's words when the version would not be valid with the site as it is now. */
async function checkValid(root: string, file: string, bytes: Buffer): Promise<void> {
  const baseline = await loadSite({ root, includeDrafts: true });
  const verdict = await judge(root, file, bytes.toString('utf8'), baseline);
  const lines = [...verdict.errors.map((error) => error.text), ...verdict.elsewhere];
  if (lines.length)
    throw new StudioError(
      422,
      `Not restored: this version would not be valid with the site as it is now (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.join('\n')}\nOpen the entry and make the change by hand instead.`,
      { errors: verdict.errors, elsewhere: verdict.elsewhere },
    );
}

const messageOf = (found: Found, kind: 'restore' | 'bring back') =>
  `Restored ${found.title} as of ${historyDate(found.at)}\n\n${
    kind === 'bring back' ? 'It had been deleted. ' : ''
  }The version of commit ${found.commit.slice(0, 7)}${found.subject ? ` ("${found.subject}")` : ''}, written whole as a new change.\n`;

async function onDisk(root: string, file: string): Promise<Buffer | undefined> {
  return readConfined(siteFiles(root), file).catch((error: unknown) => {
    if (error instanceof ConfinedFileError && error.code === 'missing') return undefined;
    throw asStudioError(error);
  });
}

/** An earlier version of an existing entry, written whole over the file it is now (if that is still `version`). */
export async function restoreVersion(
  root: string,
  request: RestoreRequest,
  record: Recorder,
): Promise<{ file: string; version: string }> {
  const found = await findVersion(root, request);
  const { file, bytes } = found;
  const now = await onDisk(root, file);
  if (now === undefined)
    throw new StudioError(
      404,
      `${plainName(file)} does not exist now: bring it back from the deleted pages and articles.`,
    );
  if (typeof request.version !== 'string' || versionOf(now.toString('utf8')) !== request.version)
    throw changedMeanwhile(file);
  if (now.equals(bytes))
    throw new StudioError(409, `${plainName(file)} is already exactly this version: nothing to restore.`);
  await checkValid(root, file, bytes);
  const site = siteFiles(root);
  await record({
    write: () =>
      replaceFile(site, file, bytes, {
        expect: (current) => {
          if (current === undefined || versionOf(current.toString('utf8')) !== request.version)
            throw changedMeanwhile(file);
        },
      }).catch((error: unknown) => {
        throw asStudioError(error);
      }),
    files: () => [file],
    undo: () => replaceFile(site, file, now),
    message: () => messageOf(found, 'restore'),
  });
  return { file, version: versionOf(bytes.toString('utf8')) };
}

/** A deleted page or article brought back as its last version, only where no file is now. */
export async function bringBack(
  root: string,
  request: RestoreRequest,
  record: Recorder,
): Promise<{ file: string; version: string }> {
  const found = await findVersion(root, { ...request, from: request?.file, version: undefined });
  const { file, bytes } = found;
  const taken = `site/${file} exists now, so nothing was brought back over it: open it and restore an earlier version from its history instead.`;
  if ((await onDisk(root, file)) !== undefined) throw new StudioError(409, taken);
  await checkValid(root, file, bytes);
  const site = siteFiles(root);
  await record({
    // Created exclusively: a file made there meanwhile is someone's work, never overwritten.
    write: () => createNew(site, file, bytes, taken),
    files: () => [file],
    undo: () => removeFile(site, file),
    message: () => messageOf(found, 'bring back'),
  });
  return { file, version: versionOf(bytes.toString('utf8')) };
}
