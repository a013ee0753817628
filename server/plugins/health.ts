// GET /healthz for load balancers and monitoring: 200 while the build is loaded and the spool takes
// writes, 503 with a reason otherwise. Counts only, no personal data; never cached; it is outside
// the lead routes, so the rate limit never applies.
import type { FastifyInstance } from 'fastify';
import { receivedAtOf, type Spool } from '../leads/spool.ts';

export interface HealthOptions {
  spool: Spool;
  /** Routes the build serves, or undefined when this app serves no pages (the dev server). */
  routes?: number;
}

export async function health(app: FastifyInstance, { spool, routes }: HealthOptions) {
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await spool.probeWritable();
      const [queue, dead] = await Promise.all([spool.list('queue'), spool.count('dead')]);
      const oldest = queue.length ? receivedAtOf(queue[0]) : undefined;
      return {
        status: 'ok',
        ...(routes !== undefined && { routes }),
        queue: queue.length,
        dead,
        oldestQueuedSeconds: oldest === undefined ? null : Math.max(0, Math.round((Date.now() - oldest) / 1000)),
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      return reply.code(503).send({ status: 'unavailable', reason: `the lead spool does not accept writes (${code})` });
    }
  });
}
