// Which copy of a draft the studio on the server offers: the browser's or the server's. The newer
// wins, except that a browser copy the server acknowledged loses to the server's answer: when the
// server no longer has it (or has a newer one), it was saved, dropped or typed on elsewhere.
import type { StoredDraft } from '../../../shared/studio-protocol.ts';

/** What every kept draft has: what it is a draft of (its key), and when it was typed. */
export interface KeptDraft {
  file: string;
  at: number;
}

/** A browser copy, and whether the server acknowledged it. */
export type LocalCopy<T extends KeptDraft = StoredDraft> = T & { synced?: boolean };

/**
 * The draft to offer (undefined: none), and whether the browser copy is stale and goes.
 * `remote`: the server's draft, null when it has none, 'unreachable' when it could not answer.
 */
export function newestCopy<T extends KeptDraft = StoredDraft>(
  local: LocalCopy<T> | undefined,
  remote: T | null | 'unreachable',
): { draft?: T; stale: boolean } {
  const plain = local && (({ synced: _synced, ...draft }: LocalCopy<T>): T => draft as unknown as T)(local);
  if (remote === 'unreachable') return { draft: plain, stale: false };
  if (local?.synced && (!remote || remote.at >= local.at)) return { draft: remote ?? undefined, stale: !remote };
  if (!plain) return { draft: remote ?? undefined, stale: false };
  return { draft: remote && remote.at > plain.at ? remote : plain, stale: false };
}
