// Who may use the studio on the server: passwordless sign-in by a mailed one-time link, server-side
// sessions, and the gate (gate.ts) in front of everything under /_studio/, behind which the studio
// itself is mounted. Registered always; whether there is a studio at all is read from the editors
// list at each request, so `npm run editors -- add` opens it on a running server, no restart.
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import type { ServerConfig } from '../config.ts';
import { sender } from '../leads/compose.ts';
import { mailerFor } from '../leads/mailer.ts';
import { EditorsError, findEditor, normaliseEmail, readEditors } from './editors.ts';
import { studioGate } from './gate.ts';
import { LINK_LIFETIME_MS, LINK_PATH, linkOrigin, linkRecords, linkUrl, SIGN_IN_PATH } from './links.ts';
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
import {
  endSession,
  sessionRecords,
  signedInEditor,
  startSession,
  STUDIO_PATH,
  type AccessContext,
} from './sessions.ts';
import { composeSignInMail } from './sign-in-mail.ts';

export { startSession } from './sessions.ts';

/** Sign-in requests allowed per client address, and per e-mail address, in each window. */
export const SIGN_IN_LIMITS = { perIp: 20, perAddress: 5, windowMs: 15 * 60_000 } as const;

/** The studio itself (Vite's middleware), answering what passes the gate. */
export interface StudioHandler {
  handler(req: IncomingMessage, res: ServerResponse, next: () => void): void;
}

export interface StudioAccessOptions {
  config: ServerConfig;
  /** The live build's manifest: the site's name and address for the pages and the mail. */
  manifest: () => SiteManifest;
  studio?: StudioHandler;
  /** The clock (ms since the epoch); tests move it past a link's or a session's expiry. */
  now?: () => number;
}

const minutes = (ms: number) => Math.ceil(ms / 60_000);

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
  };
  const links = linkRecords(config.dataDir);
  const mailer = mailerFor(config);
  const pageContext = (): PageContext => ({ siteName: context.siteName() });

  await app.register(cookie);
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  app.decorate('studioAccess', context);
  app.addHook('onRequest', studioGate(context));

  // Mail goes out after the answer, so an editor's address and anyone else's take the same time;
  // closing the app waits for the mail still on its way.
  const sending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(sending);
    mailer.close();
  });

  const addresses = new WeakMap<FastifyRequest, string>();
  const window = { timeWindow: SIGN_IN_LIMITS.windowMs };
  const perIp = app.createRateLimit({ ...window, max: SIGN_IN_LIMITS.perIp, keyGenerator: (r) => `ip:${r.ip}` });
  const perAddress = app.createRateLimit({
    ...window,
    max: SIGN_IN_LIMITS.perAddress,
    keyGenerator: (r) => `address:${addresses.get(r) ?? ''}`,
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

  async function sendLink(email: string, origin: string, log: FastifyRequest['log']): Promise<void> {
    const editor = await findEditor(config.dataDir, email);
    if (!editor) {
      log.info(
        { address: email },
        'studio: a sign-in link was asked for an address that is not an editor; no mail sent',
      );
      return;
    }
    const token = await links.create({ email: editor.email, expires: now() + LINK_LIFETIME_MS }, now());
    const { site } = options.manifest();
    await mailer.send(
      composeSignInMail({
        to: editor.email,
        link: linkUrl(origin, token),
        from: sender(config.mailFrom, site),
        siteName: site.name,
        minutes: minutes(LINK_LIFETIME_MS),
        messageIdDomain: new URL(site.url).hostname,
      }),
    );
    log.info({ editor: editor.email }, 'studio: sign-in link sent');
  }

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
    addresses.set(request, email);
    const byAddress = await perAddress(request);
    if (!byAddress.isAllowed && byAddress.isExceeded) return tooMany(reply, byAddress.ttl);
    const work = sendLink(email, origin, request.log)
      .catch((error: unknown) => request.log.error({ err: error }, 'studio: the sign-in link could not be sent'))
      .finally(() => sending.delete(work));
    sending.add(work);
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
    if (!editor)
      return sendPage(
        reply,
        403,
        messagePage(pageContext(), 'Not an editor any more', `${link.email} is no longer an editor of this site.`),
      );
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

  await app.register(async (mount) => {
    // The studio reads request bodies itself (an image upload is larger than the site's 16 KiB
    // limit for leads): nothing is parsed here, the stream is handed over untouched.
    mount.removeAllContentTypeParsers();
    mount.addContentTypeParser('*', (_request, _payload, done) => done(null));
    mount.all(`${STUDIO_PATH}*`, (request, reply) => {
      const { studio } = options;
      if (studio) {
        // The headers set so far (security headers, no-store) go along; the studio may replace them.
        for (const [name, value] of Object.entries(reply.getHeaders()))
          if (value !== undefined) reply.raw.setHeader(name, value);
        reply.hijack();
        studio.handler(request.raw, reply.raw, () => {
          if (reply.raw.headersSent) return reply.raw.end();
          reply.raw.statusCode = 404;
          reply.raw.setHeader('content-type', 'application/json; charset=utf-8');
          reply.raw.end(
            JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Nothing in the studio here.' }),
          );
        });
        return;
      }
      const editor = editorOf(request.raw);
      const home = request.url.split('?')[0] === STUDIO_PATH;
      if (home && editor && (request.method === 'GET' || request.method === 'HEAD'))
        return sendPage(reply, 200, signedInPage(pageContext(), editor.email, editor.role));
      return reply.callNotFound();
    });
  });
}
