// The studio's requests for moving, renaming and deleting a page or an article (move-plan.ts makes
// and judges the change): a dry run says what links there and what would change; the real one writes
// every file of the change or none (on the server as one commit by the editor, commit-save.ts).
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { siteFiles, type Confinement } from '../../shared/confined-files.ts';
import { removeFile } from '../../shared/confined-writes.ts';
import type { DeleteRequest, MoveAnswer, MoveRequest } from '../../shared/rename-protocol.ts';
import { recorderFor, type SaveCommits } from './commit-save.ts';
import type { Judgement } from './entries.ts';
import { asStudioError, createNew, readVersioned, replaceVersioned, StudioError, versionOf } from './files.ts';
import type { EntryEdit } from '../../shared/studio-protocol.ts';
import { planDelete, planMove, type FileChange, type Plan } from './move-plan.ts';
import type { StudioState } from './studio-state.ts';
import { plainName } from './entry-name.ts';

const mapped = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw asStudioError(error);
  });

const changedMeanwhile = (file: string) =>
  new StudioError(
    409,
    `site/${file} changed on disk since the studio read it (edited elsewhere?). Nothing was changed: try again.`,
  );

/** One file's step, each under the file's lock and only if it is still as read. */
function apply(site: Confinement, change: FileChange): Promise<void> {
  const { file, before, after } = change;
  if (!before) return createNew(site, file, after!, `site/${file} was made meanwhile. Nothing was changed: try again.`);
  if (after === undefined)
    return mapped(
      removeFile(site, file, {
        expect: (current) => {
          if (!current || versionOf(current) !== before.version) throw changedMeanwhile(file);
        },
      }),
    );
  return replaceVersioned(site, file, after, before.version);
}

/** The step taken back: the file as it was. */
function undo(site: Confinement, change: FileChange): Promise<void> {
  const { file, before, after } = change;
  if (!before) return mapped(removeFile(site, file));
  if (after === undefined) return createNew(site, file, before.text, `site/${file} was made again meanwhile.`);
  return replaceVersioned(site, file, before.text, versionOf(after));
}

/** Every file of the change, or none: a step refused takes back the steps before it. */
export async function applyAll(site: Confinement, changes: FileChange[]): Promise<void> {
  const done: FileChange[] = [];
  try {
    for (const change of changes) {
      await apply(site, change);
      done.push(change);
    }
  } catch (error) {
    for (const change of done.reverse()) await undo(site, change).catch(() => undefined);
    throw error;
  }
}

export async function undoAll(site: Confinement, changes: FileChange[]): Promise<void> {
  for (const change of [...changes].reverse()) await undo(site, change);
}

function answer(plan: Plan, done: boolean): MoveAnswer {
  return {
    file: plan.file,
    from: plan.from,
    to: plan.to,
    links: plan.links.map(({ file, title, where, href }) => ({ file, title, where, href })),
    files: plan.changes.map((change) => change.file),
    problems: plan.problems,
    done,
  };
}

/** Moves and deletions; after one, the saved site is read anew and every preview ends. */
export async function renameRoutes(app: FastifyInstance, options: { state: StudioState; commits?: SaveCommits }) {
  const { state, commits } = options;
  const root = state.root;
  const site = siteFiles(root);
  const carryOut = async (req: IncomingMessage, plan: Plan, dryRun: unknown): Promise<MoveAnswer> => {
    if (dryRun === true) return answer(plan, false);
    if (plan.problems.length)
      throw new StudioError(
        422,
        `Nothing was changed: ${plan.problems.length} problem${plan.problems.length === 1 ? '' : 's'} to fix first.\n${plan.problems.join('\n')}`,
        { problems: plan.problems },
      );
    const record = recorderFor(req, commits);
    await record({
      write: () => applyAll(site, plan.changes),
      files: () => plan.changes.map((change) => change.file),
      undo: () => undoAll(site, plan.changes),
    });
    state.siteRewritten();
    return answer(plan, true);
  };
  const which = { type: 'object', required: ['file'] } as const;
  app.post<{ Body: MoveRequest }>('/move', { schema: { body: which } }, async (request) =>
    carryOut(request.raw, await planMove(root, request.body), request.body.dryRun),
  );
  app.post<{ Body: DeleteRequest }>('/delete', { schema: { body: which } }, async (request) =>
    carryOut(request.raw, await planDelete(root, request.body), request.body.dryRun),
  );
}

/**
 * The live check of a page whose address the editor changed: Save will offer the redirect and the
 * updated links, so the links to the old address are not problems; what the move itself would meet
 * (made with both, as Save offers) is. Any other edit keeps its judgement.
 */
export async function judgedAsMove(
  root: string,
  file: string,
  edit: EntryEdit,
  verdict: Judgement,
): Promise<Judgement> {
  const data = edit?.data;
  const address = data && typeof data === 'object' && !Array.isArray(data) ? data.path : undefined;
  if (!verdict.elsewhere.length || !file.startsWith('pages/') || typeof address !== 'string') return verdict;
  try {
    const { version } = await readVersioned(siteFiles(root), file);
    const plan = await planMove(root, { file, version, address, edit });
    return { ...verdict, elsewhere: plan.problems.filter((problem) => !problem.startsWith(`${plainName(file)}: `)) };
  } catch {
    // Not a move (the same address), or one the dialog will refuse in words: the check as it was.
    return verdict;
  }
}
