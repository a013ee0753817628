// GET /healthz for load balancers and monitoring: 200 while the build is loaded and the spool takes
// writes, 503 with a reason otherwise. Counts only, no personal data; never cached by anyone else;
// it is outside the lead routes, so the rate limit never applies. However often it is asked, the
// disk is probed (a file written and removed, dead/ counted) at most once per `checkEveryMs`; the
// queue's size and age come from the delivery worker's in-memory index.
import { healthPath } from '../../shared/reserved-addresses.ts';
import type { FastifyInstance } from 'fastify';
import type { QueueIndex } from '../leads/queue-index.ts';
import type { Spool } from '../leads/spool.ts';

export interface HealthOptions {
  spool: Spool;
  queue: QueueIndex;
  /** Routes the live build serves (asked per request: a publish changes it), or undefined when
   * this app serves no pages (the dev server). */
  routes?: () => number;
  /** The live release's id (null before the first publish): instances sharing a releases folder show the same. */
  release?: () => string | null;
  /** The disk is looked at no more often than this. Default: 5 s. */
  checkEveryMs?: number;
}

type DiskState = { ok: true; dead: number } | { ok: false; code: string };

export async function health(
  app: FastifyInstance,
  { spool, queue, routes, release, checkEveryMs = 5_000 }: HealthOptions,
) {
  // One probe at a time: the requests that arrive while it runs share its answer.
  let last: { at: number; state: Promise<DiskState> } | undefined;
  const disk = (): Promise<DiskState> => {
    if (last && Date.now() - last.at < checkEveryMs) return last.state;
    const state = (async (): Promise<DiskState> => {
      try {
        await spool.probeWritable();
        return { ok: true, dead: await spool.count('dead') };
      } catch (error) {
        return { ok: false, code: (error as NodeJS.ErrnoException).code ?? 'error' };
      }
    })();
    last = { at: Date.now(), state };
    return state;
  };

  app.get(healthPath, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const state = await disk();
    if (!state.ok)
      return reply
        .code(503)
        .send({ status: 'unavailable', reason: `the lead spool does not accept writes (${state.code})` });
    const oldest = queue.oldestReceivedAt();
    return {
      status: 'ok',
      ...(routes !== undefined && { routes: routes() }),
      ...(release !== undefined && { release: release() }),
      queue: queue.size,
      dead: state.dead,
      oldestQueuedSeconds: oldest === undefined ? null : Math.max(0, Math.round((Date.now() - oldest) / 1000)),
      // Per destination ("mail", "webhook-…"): the queued leads it has yet to take.
      pending: queue.pendingCounts(),
    };
  });
}
