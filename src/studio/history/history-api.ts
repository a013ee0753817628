// The history's calls (scripts/studio/history-routes.ts): an entry's versions a page at a time, the
// deleted pages and articles, and restoring either as a new change.
import type { DeletedAnswer, HistoryAnswer, RestoreRequest } from '../../../shared/history.ts';
import { call } from '../api.ts';

export const historyApi = {
  /** The newest page of site/`file`'s versions, or (with `head` and `skip`) the next older one. */
  versions: (file: string, page?: { head: string; skip: number }) =>
    call<HistoryAnswer>(
      `history?${new URLSearchParams({ file, ...(page && { head: page.head, skip: String(page.skip) }) })}`,
    ),
  deleted: () => call<DeletedAnswer>('history/deleted'),
  restore: (request: RestoreRequest) => call<{ file: string; version: string }>('history/restore', { body: request }),
  bringBack: (request: RestoreRequest) =>
    call<{ file: string; version: string }>('history/bring-back', { body: request }),
};
