// The gate in front of everything under /_studio/, run on each request before its body is read:
// 1. no editors on the list → the site's own 404, exactly as if there were no studio;
// 2. a request that changes something (not GET or HEAD) from another site → 403;
// 3. the sign-in routes pass; every other route needs a session of someone still on the list —
//    without one, a page is redirected to the sign-in page and anything else is answered 401;
// 4. the editor rides on the request (request-editor.ts) for the studio's middleware, and the
//    response is held under its session (open-streams.ts): a change stream ends with the session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Editor, EditorsError, readEditors } from './editors.ts';
import { SIGN_IN_PATH } from './links.ts';
import { messagePage, SIGN_OUT_PATH } from './pages.ts';
import { setEditor } from './request-editor.ts';
import { type AccessContext, editorOfSession, SESSION_COOKIE } from './sessions.ts';

const reads = new Set(['GET', 'HEAD']);

/** The sign-in routes (the mailed link's and an OpenID provider's too) and sign-out need no session. */
export const isOpenRoute = (route: string | undefined) =>
  route === SIGN_IN_PATH || route === SIGN_OUT_PATH || route?.startsWith(`${SIGN_IN_PATH}/`) === true;

/**
 * Whether a request comes from the studio's own pages. Browsers say where a request comes from
 * (Sec-Fetch-Site, Origin); a request that says neither is refused too, since every browser that
 * could carry the cookie sends Origin with a POST.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = request.headers.origin?.toLowerCase();
  if (origin === undefined) return site === 'same-origin';
  return origin === `${request.protocol}://${request.host}`.toLowerCase() || origin === publicUrl;
}

/** A browser opening a page (not a script asking for data): it is sent to sign in rather than told 401. */
const isPageRequest = (request: FastifyRequest) =>
  reads.has(request.method) &&
  (request.headers['sec-fetch-dest'] === 'document' || (request.headers.accept ?? '').includes('text/html'));

export function studioGate(context: AccessContext) {
  return async function gate(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    // Read at each request: an editor added or removed with `npm run editors` counts at once.
    let editors: Editor[];
    try {
      editors = await readEditors(context.dataDir);
    } catch (error) {
      if (!(error instanceof EditorsError)) throw error;
      // A damaged list closes the studio (better than letting the wrong people in); the log says why.
      request.log.error(`studio: closed, ${error.message}`);
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          messagePage(
            { siteName: context.siteName() },
            'The studio is closed for now',
            "Its list of editors cannot be read. The site's owner can see why in the server's log.",
          ),
        );
    }
    if (editors.length === 0) return reply.callNotFound();
    if (!reads.has(request.method) && !isSameOrigin(request, context.publicUrl))
      return reply
        .code(403)
        .send({ statusCode: 403, error: 'Forbidden', message: 'The studio accepts changes from its own pages only.' });
    if (isOpenRoute(request.routeOptions.url)) return;
    const id = request.cookies[SESSION_COOKIE];
    const editor = await editorOfSession(id, context, editors);
    if (editor && id !== undefined) {
      setEditor(request.raw, editor);
      // Held until answered; a change stream, which lasts, ends when the session does.
      context.streams.hold(id, reply.raw);
      return;
    }
    if (isPageRequest(request)) return reply.redirect(SIGN_IN_PATH, 303);
    return reply.code(401).send({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Your session has ended: sign in to the studio again.',
    });
  };
}
