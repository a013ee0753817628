// Who may use the studio on the server: passwordless sign-in by a mailed one-time link, server-side
// sessions, and the gate (gate.ts) in front of everything under /_studio/, behind which the studio
// itself is mounted. Registered always; whether there is a studio at all is read from the editors
// list at each request, so `npm run editors -- add` opens it on a running server, no restart.
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import type { ServerConfig } from '../config.ts';
import { EditorsError, findEditor, normaliseEmail, readEditors } from './editors.ts';
import { studioGate } from './gate.ts';
import { linkMailing, minutes, SIGN_IN_LIMITS } from './link-mailing.ts';
import { LINK_LIFETIME_MS, LINK_PATH, linkOrigin, linkRecords, SIGN_IN_PATH } from './links.ts';
import {
  confirmPage,
  linkInvalidPage,
  linkSentPage,
  messagePage,
  type PageContext,
  SIGN_OUT_PATH,
  signedInPage,
  signInPage,
} from './pages.ts';
import { oidcButton, oidcSignIn } from './oidc.ts';
import { editorOf } from './request-editor.ts';
import { OpenStreams } from './open-streams.ts';
import {
  editorOfSession,
  endSession,
  isSameEditor,
  sessionRecords,
  signedInEditor,
  startSession,
  STUDIO_PATH,
  type AccessContext,
} from './sessions.ts';

export { startSession } from './sessions.ts';
export { SIGN_IN_LIMITS } from './link-mailing.ts';

/** The studio itself: its routes (page, API, preview), registered behind the gate. */
export interface StudioHandler {
  routes: FastifyPluginAsync;
}

export interface StudioAccessOptions {
  config: ServerConfig;
  /** The live build's manifest: the site's name and address for the pages and the mail. */
  manifest: () => SiteManifest;
  studio?: StudioHandler;
  /** The clock (ms since the epoch); tests move it past a link's or a session's expiry. */
  now?: () => number;
  /** Where the streams and websockets each session holds open are kept (the server's websockets too). */
  streams?: OpenStreams;
}

function sendPage(reply: FastifyReply, status: number, page: string): FastifyReply {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').send(page);
}

export async function studioAccess(app: FastifyInstance, options: StudioAccessOptions): Promise<void> {
  const { config } = options;
  const now = options.now ?? Date.now;
  const context: AccessContext = {
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
    siteName: () => options.manifest().site.name,
    now,
    sessions: sessionRecords(config.dataDir),
    streams: options.streams ?? new OpenStreams(),
  };
  // A session's streams end once it no longer counts: expired, signed out elsewhere, or its
  // editor removed by the owner's command (which only writes the editors list).
  context.streams.watch(async (ids) => {
    const editors = await readEditors(config.dataDir);
    const alive = new Set<string>();
    for (const id of ids) if (await editorOfSession(id, context, editors)) alive.add(id);
    return alive;
  });
  // Ended before the server stops listening, which waits for open connections: a change stream
  // never ends by itself.
  app.addHook('preClose', async () => context.streams.close());
  const links = linkRecords(config.dataDir);
  const mailing = linkMailing({ config, manifest: options.manifest, links, now });
  const pageContext = (): PageContext => ({ siteName: context.siteName() });

  await app.register(cookie);
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  app.decorate('studioAccess', context);
  app.addHook('onRequest', studioGate(context));

  // Closing the app waits for the mail still on its way.
  app.addHook('onClose', async () => mailing.close());

  const perIp = app.createRateLimit({
    timeWindow: SIGN_IN_LIMITS.windowMs,
    max: SIGN_IN_LIMITS.perIp,
    keyGenerator: (r) => `ip:${r.ip}`,
  });
  const tooMany = (reply: FastifyReply, ttl: number) =>
    sendPage(
      reply.header('retry-after', Math.ceil(ttl / 1000)),
      429,
      messagePage(
        pageContext(),
        'Too many sign-in requests',
        `Too many sign-in links were asked for just now. Please wait ${minutes(ttl)} minutes, then ask again.`,
      ),
    );

  app.get(SIGN_IN_PATH, async (request, reply) => {
    if (await signedInEditor(request, context, await readEditors(config.dataDir)))
      return reply.redirect(STUDIO_PATH, 303);
    const signedOut = (request.query as Record<string, unknown>)['signed-out'] !== undefined;
    return sendPage(
      reply,
      200,
      signInPage(pageContext(), {
        notice: signedOut ? 'You have signed out.' : undefined,
        provider: oidcButton(config.oidc),
      }),
    );
  });

  app.post(SIGN_IN_PATH, async (request, reply) => {
    const byIp = await perIp(request);
    if (!byIp.isAllowed && byIp.isExceeded) return tooMany(reply, byIp.ttl);
    const origin = linkOrigin(request, config.publicUrl);
    if (!origin) {
      request.log.error(
        'studio: no sign-in link sent: set PUBLIC_URL to the site address (https://…), which the links are built on',
      );
      return sendPage(
        reply,
        503,
        messagePage(
          pageContext(),
          'Sign-in by e-mail is not set up yet',
          'This server does not know its own web address yet, so it cannot send sign-in links. Its owner can see why in its log.',
        ),
      );
    }
    const typed = (request.body as Record<string, unknown> | undefined)?.email;
    let email: string;
    try {
      email = normaliseEmail(typeof typed === 'string' ? typed : '');
    } catch (error) {
      if (!(error instanceof EditorsError)) throw error;
      const shown = typeof typed === 'string' ? typed : '';
      return sendPage(
        reply,
        400,
        signInPage(pageContext(), { email: shown, error: error.message, provider: oidcButton(config.oidc) }),
      );
    }
    mailing.request(email, origin, request.log);
    return sendPage(reply, 200, linkSentPage(pageContext(), minutes(LINK_LIFETIME_MS)));
  });

  // Opening the link only shows a button: mail scanners fetch links to check them, and a link
  // spent by a GET would be used up before the editor clicks it.
  app.get(LINK_PATH, async (request, reply) => {
    const token = (request.query as Record<string, unknown>).token;
    const link = await links.read(token, now());
    if (!link || typeof token !== 'string')
      return sendPage(reply, 410, linkInvalidPage(pageContext(), minutes(LINK_LIFETIME_MS)));
    return sendPage(reply, 200, confirmPage(pageContext(), link.email, token));
  });

  app.post(LINK_PATH, async (request, reply) => {
    const link = await links.take((request.body as Record<string, unknown> | undefined)?.token, now());
    if (!link) return sendPage(reply, 410, linkInvalidPage(pageContext(), minutes(LINK_LIFETIME_MS)));
    const editor = await findEditor(config.dataDir, link.email);
    // A link mailed before its editor was removed and added again signs no one in.
    if (editor && !isSameEditor(editor, link))
      return sendPage(reply, 410, linkInvalidPage(pageContext(), minutes(LINK_LIFETIME_MS)));
    if (!editor)
      return sendPage(
        reply,
        403,
        messagePage(pageContext(), 'Not an editor any more', `${link.email} is no longer an editor of this site.`),
      );
    // The mailbox's owner used its link: the next one may go at once (signed out, another device).
    mailing.used(editor.email);
    return startSession(request, reply, editor, 'link');
  });

  app.post(SIGN_OUT_PATH, async (request, reply) => {
    await endSession(request, reply, context);
    return reply.redirect(`${SIGN_IN_PATH}?signed-out`, 303);
  });

  app.get('/_studio', async (_request, reply) => reply.redirect(STUDIO_PATH, 303));

  // "Sign in with <provider>" (oidc.ts), where OIDC_* and PUBLIC_URL are set.
  if (config.oidc && config.publicUrl)
    await app.register(oidcSignIn, {
      oidc: config.oidc,
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      pageContext,
      now,
    });

  if (options.studio) {
    // The studio's own scope: its parsers and limits are its own (an image upload is larger than
    // the site's 16 KiB limit for leads).
    await app.register(async (studio) => {
      studio.removeAllContentTypeParsers();
      studio.addContentTypeParser(
        'application/json',
        { parseAs: 'string' },
        studio.getDefaultJsonParser('error', 'error'),
      );
      await studio.register(options.studio!.routes);
    });
    return;
  }
  await app.register(async (mount) => {
    mount.all(`${STUDIO_PATH}*`, (request, reply) => {
      const editor = editorOf(request.raw);
      const home = request.url.split('?')[0] === STUDIO_PATH;
      if (home && editor && (request.method === 'GET' || request.method === 'HEAD'))
        return sendPage(reply, 200, signedInPage(pageContext(), editor.email, editor.role));
      return reply.callNotFound();
    });
  });
}
