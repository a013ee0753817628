// The change stream: one JSON line `{ "file": … }` for every file under site/ that changes while a
// studio page is open (a save, a git pull, another editor), so the page can check its draft again.
// Every stream ends as the app starts closing (preClose: the server's close waits for open
// responses), so shutting the server down never waits for an open page.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { StudioState } from './studio-state.ts';

export async function eventRoutes(app: FastifyInstance, { state }: { state: StudioState }) {
  const open = new Set<PassThrough>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.get('/events', async (request, reply) => {
    const stream = new PassThrough();
    const stop = state.onFileChange((file) => stream.write(`${JSON.stringify({ file })}\n`));
    open.add(stream);
    const end = () => {
      stop();
      open.delete(stream);
      stream.end();
    };
    request.raw.once('close', end);
    stream.once('close', end);
    // A first line at once, so the page knows the stream is open before any change.
    stream.write('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(stream);
  });
}
