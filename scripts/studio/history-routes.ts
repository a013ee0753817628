// The studio's history requests (plugged into plugin.ts like publishing): an entry's history a page
// at a time, the pages and articles deleted in it, and restoring either as a new change through the
// request's recorder (on the server one commit by the signed-in editor).
import { siteFiles } from '../../shared/confined-files.ts';
import type { RestoreRequest } from '../../shared/history.ts';
import { recorderFor, type SaveCommits } from './commit-save.ts';
import { editableEntryKind } from './entries.ts';
import { checkedPath, StudioError } from './files.ts';
import { deletedEntries, entryHistory } from './history.ts';
import { bringBack, restoreVersion } from './history-restore.ts';
import type { FeatureRoutes } from './http.ts';

export function historyRoutes(root: string, commits: SaveCommits | undefined) {
  const site = siteFiles(root);
  /** Answers a history request, or undefined when `route` ("GET /history") is none of them. */
  const answer: FeatureRoutes = async (req, route, url, body) => {
    switch (route) {
      case 'GET /history': {
        const file = url.searchParams.get('file') ?? '';
        checkedPath(site, file);
        if (!editableEntryKind(file))
          throw new StudioError(404, `site/${file} is not a content file the studio edits.`);
        const head = url.searchParams.get('head') || undefined;
        const skip = Number(url.searchParams.get('skip') ?? 0);
        if (!Number.isSafeInteger(skip) || skip < 0) throw new StudioError(400, 'Skip a whole number of versions.');
        return { status: 200, body: await entryHistory(root, file, { head, skip }) };
      }
      case 'GET /history/deleted':
        return { status: 200, body: await deletedEntries(root) };
      case 'POST /history/restore': {
        const record = recorderFor(req, commits);
        return { status: 200, body: await restoreVersion(root, (await body()) as RestoreRequest, record) };
      }
      case 'POST /history/bring-back': {
        const record = recorderFor(req, commits);
        return { status: 201, body: await bringBack(root, (await body()) as RestoreRequest, record) };
      }
      default:
        return undefined;
    }
  };
  return answer;
}
