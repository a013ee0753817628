// The studio server's move and delete requests (scripts/studio/rename-routes.ts).
import type { DeleteRequest, MoveAnswer, MoveRequest } from '../../../shared/rename-protocol.ts';
import { call } from '../api.ts';

export type { MoveAnswer };

export const renameApi = {
  move: (request: MoveRequest) => call<MoveAnswer>('move', { body: request }),
  remove: (request: DeleteRequest) => call<MoveAnswer>('delete', { body: request }),
};
