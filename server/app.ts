// The application factory: everything the server does, with no port. Tests build it and call
// app.inject(); server/main.ts builds it and listens.
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { SiteManifest } from '../shared/site-manifest.ts';
import { DEFAULT_PAGE_VIEWS_FLUSH_MS, DEFAULT_REQUEST_TIMEOUT_MS, type ServerConfig } from './config.ts';
import { leads } from './leads/plugin.ts';
import { QueueIndex } from './leads/queue-index.ts';
import { Spool } from './leads/spool.ts';
import { health } from './plugins/health.ts';
import { pageViews } from './plugins/page-views.ts';
import { security } from './plugins/security.ts';
import { studioAccess, type StudioHandler } from './studio-access/plugin.ts';
import { site } from './plugins/site.ts';
import { keepPersonalDataPrivate } from './personal-data.ts';
import { sharedPreviews } from './previews/plugin.ts';
import { LiveSite } from './releases/live.ts';
import { withRedactedRequests } from './request-log.ts';
import { Scheduler } from './releases/scheduler.ts';

export interface AppOptions {
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
  /** The build's manifest; read from dist/ when not given (the dev server passes its own). */
  manifest?: SiteManifest;
  /** Serve the built pages too. The dev server only needs the lead endpoints. Default: true. */
  serveSite?: boolean;
  /** How often /healthz may look at the disk. Default: 5 s. */
  healthCheckMs?: number;
  /** The studio, mounted under /_studio/ behind sign-in (scripts/start.ts passes Vite's middleware). */
  studio?: StudioHandler;
  /** The clock of the studio's sign-in and of shared previews (ms since the epoch): tests move it past a link's or a session's expiry. */
  studioClock?: () => number;
  /** How often the releases folder is read for a switch, besides watching it. Default: 1 s. */
  releaseCheckMs?: number;
  /** The scheduled releases' clock (ms since the epoch): tests move it past a schedule's time. */
  scheduleClock?: () => number;
  /** How often scheduled releases are looked at. Default: 1 s. */
  scheduleCheckMs?: number;
}

/** Fastify 5.12.1 dropped numeric trustProxy (it now trusts nothing), so a hop count becomes a
 * trust function: the socket peer and the next hops up to the count are proxies. */
function trustProxyOption(trust: ServerConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** The one error shape. Client errors keep their message; server errors are logged and never
 * shown. A file request the static server refuses (an encoded traversal, a NUL byte) is simply not
 * found. */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply | void {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status === 403 && (request.method === 'GET' || request.method === 'HEAD')) return reply.callNotFound();
  if (status >= 500) {
    request.log.error(error);
    return reply.code(500).send({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
    });
  }
  return reply
    .code(status)
    .send({ statusCode: status, code: error.code, error: STATUS_CODES[status], message: error.message });
}

export async function buildApp({
  config,
  logger = false,
  manifest: given,
  serveSite = true,
  healthCheckMs,
  studio,
  studioClock,
  releaseCheckMs,
  scheduleClock,
  scheduleCheckMs,
}: AppOptions): Promise<FastifyInstance> {
  // A request must arrive whole within the timeout (Node answers 408 and closes the socket), so a
  // trickled body or header holds a connection for seconds, not minutes; Node looks for such
  // requests every connectionsCheckingInterval (30 s by default, too late to matter).
  const requestTimeout = config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    // A sign-in link's token is a secret: the request log shows its address without the query.
    logger: withRedactedRequests(logger),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 16 * 1024,
    return503OnClosing: true,
    requestTimeout,
    http: { headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout / 4) },
  });
  // An answer sent before the request's body has arrived (a refusal: cross-site, rate limited,
  // wrong type, too large) closes the connection: keeping it alive would mean reading, and
  // discarding, whatever the client still sends.
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
  });
  app.setErrorHandler(answerError);
  // Before anything is written: DATA_DIR and the personal data in it readable by this user alone.
  const fixed = await keepPersonalDataPrivate(config.dataDir, (message) => app.log.warn(message));
  if (fixed) app.log.info(`${fixed} file(s) and folder(s) with personal data in DATA_DIR made private (0600, 0700)`);
  // The live release (or dist/ before the first publish); the dev server brings its own manifest.
  const releasesDir = config.releasesDir ?? path.join(config.dataDir, 'releases');
  const live =
    serveSite || !given
      ? await LiveSite.open({
          distDir: config.distDir,
          releasesDir,
          checkEveryMs: releaseCheckMs,
          log: app.log,
        })
      : undefined;
  const manifest = () => live?.current.manifest ?? given!;
  await app.register(security);
  const spool = new Spool(path.join(config.dataDir, 'spool'));
  await spool.init();
  const queue = new QueueIndex();
  await app.register(health, {
    spool,
    queue,
    routes: serveSite ? () => manifest().routes.length : undefined,
    release: live && serveSite ? () => live.current.id ?? null : undefined,
    checkEveryMs: healthCheckMs,
  });
  await app.register(leads, { config, manifest, spool, queue });
  if (live) app.addHook('onClose', async () => live.close());
  // Every instance serving releases makes scheduled ones live at their time (the first to take the
  // lock switches, the others follow `current`); a schedule missed while none ran goes live now.
  if (live && serveSite) {
    const scheduler = new Scheduler({
      releasesDir,
      dataDir: config.dataDir,
      now: scheduleClock,
      checkEveryMs: scheduleCheckMs,
      log: app.log,
      // This instance switches at once; the others on their next look at `current`.
      onSwitched: () => live.check(),
    });
    await scheduler.start();
    app.addHook('onClose', async () => scheduler.stop());
  }
  // The studio's sign-in is always there: with nobody on the editors list (read at each request)
  // /_studio/ answers the site's own 404, so it lives in the site's scope, whose 404 sends its page.
  const studioOptions = { config, manifest, studio, now: studioClock };
  // On the app itself, not in a plugin's scope: its hook sees every page the site serves.
  if (live && serveSite)
    await pageViews(app, {
      dataDir: config.dataDir,
      flushMs: config.pageViewsFlushMs ?? DEFAULT_PAGE_VIEWS_FLUSH_MS,
    });
  if (live && serveSite)
    await app.register(async (scope) => {
      await site(scope, { live });
      await scope.register(sharedPreviews, {
        dataDir: config.dataDir,
        siteName: () => manifest().site.name,
        now: studioClock,
      });
      await scope.register(studioAccess, studioOptions);
    });
  else await app.register(studioAccess, studioOptions);
  return app;
}
