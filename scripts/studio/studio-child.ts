// The studio's own process, forked by the visitors' server (studio-process.ts) with a memory limit
// of its own: whatever the studio does (checks, previews, publishing builds) and however much
// memory it takes, the visitors' process goes on serving. It listens on a Unix socket and answers
// only requests that carry its parent's secret (parent-trust.ts). It ends with its parent: when
// asked (SIGTERM) or when the channel to the parent closes.
import { rm } from 'node:fs/promises';
import Fastify, { LogController } from 'fastify';
import type { ServerConfig } from '../../server/config.ts';
import { answerError } from '../../server/app.ts';
import { studioOnServer, type StudioOnServerOptions } from './on-server.ts';
import { trustParentOnly } from './parent-trust.ts';

/** What the parent sends first, over the fork's channel (never in the environment or arguments). */
export interface StudioChildStart {
  root: string;
  config: ServerConfig;
  socket: string;
  secret: string;
  options: StudioOnServerOptions;
}

/** What the child tells its parent. */
export type StudioChildMessage = { kind: 'ready' };

async function run({ root, config, socket, secret, options }: StudioChildStart): Promise<void> {
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL || 'info' },
    // The parent logs each request it forwards.
    logController: new LogController({ disableRequestLogging: true }),
    // Only the parent reaches handlers (trustParentOnly runs first), and it names the client.
    trustProxy: true,
    bodyLimit: 16 * 1024,
    // A change stream would hold the close; the parent has ended its side already.
    forceCloseConnections: true,
  });
  app.setErrorHandler(answerError);
  app.addHook('onRequest', trustParentOnly(secret));
  const studio = await studioOnServer(root, config, options);
  // Its parsers and limits are the studio's own (an image upload is larger than the default).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'error'));
    await scope.register(studio.routes);
  });
  app.addHook('onClose', async () => studio.close());
  await studio.start();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= app
      .close()
      .catch(() => undefined)
      .finally(() => process.exit(0)));
  process.once('SIGTERM', close);
  process.once('disconnect', close);
  await rm(socket, { force: true });
  await app.listen({ path: socket, listenTextResolver: () => 'studio: ready' });
  process.send?.({ kind: 'ready' } satisfies StudioChildMessage);
}

process.once('message', (start: StudioChildStart) => {
  run(start).catch((error: unknown) => {
    console.error(`The studio could not start: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  });
});
