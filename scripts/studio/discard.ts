// Discarding from the review: a whole file back as last committed (a new file removed, a deleted
// one restored), or one change put back. Every write goes through the confined module under the
// file's lock and only if the file still has the version the review showed, as a save does. One
// change is put back in the data and written by the studio's YAML writer, so only its lines change
// (the last change put back gives the committed text byte for byte).
// On the server a discard is a write like a save, through the editor's recorder: committed as them
// when the file differs from the last commit afterwards, and in the audit log either way. There, a
// file the history has never held is someone's work that nothing could bring back: never deleted.
import type { DiscardRequest } from '../../shared/review.ts';
import { siteFiles, readConfined, ConfinedFileError, type Confinement } from '../../shared/confined-files.ts';
import { removeFile, replaceFile } from '../../shared/confined-writes.ts';
import type { EntryKind } from '../../shared/studio-protocol.ts';
import { changedKind, contentChanges, readContent } from './changes.ts';
import { revertChanges } from './data-diff.ts';
import { editedText, judge } from './entries.ts';
import { asStudioError, checkedPath, createNew, StudioError, versionOf } from './files.ts';
import { committedOrRefuse } from './git-head.ts';
import type { Recorder, Write } from './commit-save.ts';
import { loadSite } from '../content/load-site.ts';
import { plainName } from './entry-name.ts';

const moved = (file: string) =>
  new StudioError(
    409,
    `${plainName(file)} was changed again since the changes were listed. Nothing was discarded: look at the changes again.`,
  );

const mapped = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw asStudioError(error);
  });

/** Judged under the file's lock: the file on disk must still be the one the review showed. */
const expectVersion = (file: string, version: string | undefined) => (current: Buffer | undefined) => {
  if (current === undefined || versionOf(current) !== version) throw moved(file);
};

function current(site: Confinement, file: string): Promise<Buffer | undefined> {
  return readConfined(site, file).catch((error: unknown) => {
    if (error instanceof ConfinedFileError && error.code === 'missing') return undefined;
    throw asStudioError(error);
  });
}

export const neverCommitted =
  'Not discarded: this was added to the site outside the studio and is not in its history, so discarding it would delete it for good. Ask the site owner about it.';

const laptop: Recorder = (change) => change.write();

/** A discard's write of `file` as the recorder does it, taken back (`before`) if its commit fails. */
function recorded(
  record: Recorder,
  site: Confinement,
  file: string,
  before: Buffer | undefined,
  detail: string,
  write: Write<void>['write'],
): Promise<void> {
  return record({
    write,
    files: () => [file],
    undo: () => (before === undefined ? removeFile(site, file) : replaceFile(site, file, before)),
    audit: { action: 'discard', detail: () => detail },
  });
}

/** The whole file back as committed. */
async function discardFile(root: string, request: DiscardRequest, record: Recorder): Promise<{ version?: string }> {
  const { file, version } = request;
  const site = siteFiles(root);
  const committed = await committedOrRefuse(root, file);
  const onDisk = await current(site, file);
  if (committed === undefined) {
    if (record.committing) throw new StudioError(409, neverCommitted);
    if (onDisk === undefined) return {};
    await mapped(removeFile(site, file, { expect: expectVersion(file, version) }));
    return {};
  }
  const detail = `Discarded every change to site/${file}: back as last committed`;
  if (onDisk === undefined) {
    // Restored exclusively: a file made there meanwhile is someone's work, never overwritten.
    await recorded(record, site, file, undefined, detail, () =>
      createNew(site, file, committed, `${plainName(file)} was made again meanwhile; nothing was discarded.`),
    );
    return { version: versionOf(committed) };
  }
  await recorded(record, site, file, onDisk, detail, () =>
    mapped(replaceFile(site, file, committed, { expect: expectVersion(file, version) })),
  );
  return { version: versionOf(committed) };
}

/** The changes numbered `indexes` (in the review's list of the file) put back, nothing else. */
async function discardChanges(
  root: string,
  request: DiscardRequest,
  indexes: number[],
  record: Recorder,
): Promise<{ version: string }> {
  const { file, version } = request;
  const site = siteFiles(root);
  const kind = changedKind(file);
  const [committed, onDisk] = await Promise.all([committedOrRefuse(root, file), current(site, file)]);
  if (onDisk === undefined || versionOf(onDisk) !== version) throw moved(file);
  if (committed === undefined || kind === 'image' || kind === 'other')
    throw new StudioError(400, `${plainName(file)} has no single changes to discard; discard all of it instead.`);
  const text = onDisk.toString('utf8');
  const before = readContent(file, kind, committed.toString('utf8'));
  const after = readContent(file, kind, text);
  if ('problem' in before || 'problem' in after)
    throw new StudioError(
      422,
      `${plainName(file)} cannot be read by the studio, so only all of its changes can be discarded together.`,
    );
  const changes = contentChanges(before, after);
  const chosen = [...new Set(indexes)].map((i) => changes[i]);
  if (!chosen.length || chosen.some((change) => change === undefined)) throw moved(file);
  // Several at once only inside one object (an image's address, size and text): list items shift.
  if (
    chosen.length > 1 &&
    chosen.some((c) => c.kind === 'moved' || (c.kind !== 'body' && typeof c.path.at(-1) === 'number'))
  )
    throw new StudioError(400, 'Discard list items one at a time.');
  const data = revertChanges(after.data, chosen);
  const body = chosen.some((c) => c.kind === 'body') ? before.body : after.body;
  let next: string;
  try {
    next = editedText(kind as EntryKind, text, { data, body });
  } catch {
    throw new StudioError(
      422,
      `Not discarded: ${plainName(file)} is written in a way the studio cannot change safely here. Discard all of its changes instead, or ask a developer.`,
    );
  }
  // Put back alone, a value may no longer fit the rest (a highlight that must be in the title):
  // refused with the compiler's words, as a save would be. Problems the file already had are not its doing.
  const baseline = await loadSite({ root, includeDrafts: true });
  const had = new Set(baseline.errors.map((e) => `${e.file} ${e.path} ${e.message}`));
  const verdict = await judge(root, file, next, baseline);
  const problems = [
    ...verdict.errors.filter((e) => !had.has(`${e.file} ${e.path} ${e.message}`)).map((e) => e.text),
    ...verdict.elsewhere,
  ];
  if (problems.length)
    throw new StudioError(
      422,
      `Not discarded: putting this back alone would leave ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n${problems.join('\n')}\nDiscard the change it goes with too, or the whole file.`,
    );
  const detail = `Discarded ${chosen.length === 1 ? 'a change' : `${chosen.length} changes`} to site/${file}`;
  await recorded(record, site, file, onDisk, detail, () =>
    mapped(replaceFile(site, file, next, { expect: expectVersion(file, version) })),
  );
  return { version: versionOf(next) };
}

/**
 * Discards as the review asked. `record` is how the write is done: on the server the signed-in
 * editor's recorder (recorderFor), which commits and audits it; on the laptop it is just written.
 */
export async function discard(
  root: string,
  request: DiscardRequest,
  record: Recorder = laptop,
): Promise<{ version?: string }> {
  if (typeof request?.file !== 'string') throw new StudioError(400, 'Say which file to discard.');
  checkedPath(siteFiles(root), request.file);
  if (request.version !== undefined && typeof request.version !== 'string')
    throw new StudioError(400, 'The version must be text.');
  if (request.changes === undefined) return discardFile(root, request, record);
  if (!Array.isArray(request.changes) || !request.changes.every((i) => Number.isInteger(i) && i >= 0))
    throw new StudioError(400, 'The changes to discard are given by their numbers.');
  return discardChanges(root, request, request.changes, record);
}
