// The studio's history requests: an entry's history a page
// at a time, the pages and articles deleted in it, and restoring either as a new change through the
// request's recorder (on the server one commit by the signed-in editor).
import type { JSONSchemaType } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { siteFiles } from '../../shared/confined-files.ts';
import type { RestoreRequest } from '../../shared/history.ts';
import { recorderFor, type SaveCommits } from './commit-save.ts';
import { editableEntryKind } from './entries.ts';
import { checkedPath, StudioError } from './files.ts';
import { deletedEntries, entryHistory } from './history.ts';
import { bringBack, restoreVersion } from './history-restore.ts';
import type { StudioState } from './studio-state.ts';
import { plainName } from './entry-name.ts';

const restoreBody: JSONSchemaType<RestoreRequest> = {
  type: 'object',
  properties: {
    file: { type: 'string' },
    commit: { type: 'string' },
    from: { type: 'string', nullable: true },
    version: { type: 'string', nullable: true },
  },
  required: ['file', 'commit'],
};

interface HistoryQuery {
  file: string;
  head?: string;
  skip?: string;
}

export async function historyRoutes(app: FastifyInstance, options: { state: StudioState; commits?: SaveCommits }) {
  const { commits } = options;
  const root = options.state.root;
  const site = siteFiles(root);

  app.get<{ Querystring: HistoryQuery }>('/history', async (request) => {
    const file = request.query.file ?? '';
    checkedPath(site, file);
    if (!editableEntryKind(file)) throw new StudioError(404, `${plainName(file)} is not something the studio edits.`);
    const head = request.query.head || undefined;
    const skip = Number(request.query.skip ?? 0);
    if (!Number.isSafeInteger(skip) || skip < 0) throw new StudioError(400, 'Skip a whole number of versions.');
    return entryHistory(root, file, { head, skip });
  });

  app.get('/history/deleted', async () => deletedEntries(root));

  app.post<{ Body: RestoreRequest }>('/history/restore', { schema: { body: restoreBody } }, async (request) =>
    restoreVersion(root, request.body, recorderFor(request.raw, commits)),
  );

  app.post<{ Body: RestoreRequest }>('/history/bring-back', { schema: { body: restoreBody } }, async (request, reply) =>
    reply.code(201).send(await bringBack(root, request.body, recorderFor(request.raw, commits))),
  );
}
