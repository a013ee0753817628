// Server-side sessions of the studio: the browser holds a random id in an HttpOnly cookie, the
// server keeps who it belongs to and until when under DATA_DIR/studio/sessions/ (secret-records.ts).
// A session lasts 12 hours from sign-in, ends on the server at sign-out, and counts only while its
// editor is still on the editors list, as the same editor: someone the owner removes is out at
// their next request, and stays out when added again later (a session from before they were added
// is not theirs any more). What a session holds open ends with it (open-streams.ts).
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import path from 'node:path';
import { appendAudit } from './audit.ts';
import type { Editor } from './editors.ts';
import type { OpenStreams } from './open-streams.ts';
import { linkRecords } from './links.ts';
import { signedInMovingOnPage } from './pages.ts';
import { SecretRecords } from './secret-records.ts';

export const SESSION_COOKIE = 'studio_session';
export const SESSION_LIFETIME_MS = 12 * 3600_000;
/** Where the studio lives; the session cookie is sent nowhere else. */
export const STUDIO_PATH = '/_studio/';

export type SignInMethod = 'link' | 'oidc';

export interface Session {
  email: string;
  method: SignInMethod;
  /** When the editor signed in (ms since the epoch). */
  created: number;
  expires: number;
  /** The `added` of the editor signed in: the session is theirs only while the list holds that addition. */
  editorAdded?: string;
}

const isSession = (value: unknown): value is Session => {
  const v = value as Partial<Session> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.email === 'string' &&
    (v.method === 'link' || v.method === 'oidc') &&
    typeof v.created === 'number' &&
    typeof v.expires === 'number' &&
    (v.editorAdded === undefined || typeof v.editorAdded === 'string')
  );
};

/** What the routes of the studio's access share: the folders, the clock and the site's address. */
export interface AccessContext {
  dataDir: string;
  publicUrl?: string;
  /** The site's name, for the pages (from the live build). */
  siteName: () => string;
  now: () => number;
  sessions: SecretRecords<Session>;
  /** The change streams each session holds open, ended with it. */
  streams: OpenStreams;
}

export const sessionsDir = (dataDir: string) => path.join(dataDir, 'studio', 'sessions');

export function sessionRecords(dataDir: string): SecretRecords<Session> {
  return new SecretRecords(sessionsDir(dataDir), isSession);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the studioAccess plugin for its routes, the studio API's included. */
    studioAccess?: AccessContext;
  }
}

function contextOf(request: FastifyRequest): AccessContext {
  const context = request.server.studioAccess;
  if (!context) throw new Error('startSession is for routes registered inside the studioAccess plugin');
  return context;
}

/**
 * Secure whenever the browser is on HTTPS: the request came over it (X-Forwarded-Proto counts
 * with TRUST_PROXY), or the site's public address is https:// (a proxy terminating TLS that
 * nobody told the server about; the sign-in link always lands on that address).
 */
function cookieOptions(request: FastifyRequest, context: AccessContext, maxAge: number): CookieSerializeOptions {
  const secure = request.protocol === 'https' || context.publicUrl?.startsWith('https:') === true;
  return { path: STUDIO_PATH, httpOnly: true, sameSite: 'strict', secure, maxAge };
}

/**
 * Starts a session for an editor who has just proved who they are (a mailed link, or an OpenID
 * provider), records the sign-in in the audit log, and answers with a redirect into the studio.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  editor: Editor,
  method: SignInMethod,
): Promise<FastifyReply> {
  const context = contextOf(request);
  // A session this browser already had (someone else's, perhaps) ends: one browser, one session.
  await context.sessions.remove(request.cookies[SESSION_COOKIE]);
  const created = context.now();
  const session: Session = {
    email: editor.email,
    method,
    created,
    expires: created + SESSION_LIFETIME_MS,
    editorAdded: editor.added,
  };
  const id = await context.sessions.create(session, created);
  await appendAudit(context.dataDir, {
    who: editor.email,
    action: 'sign-in',
    detail: method === 'link' ? 'with a mailed link' : 'with OpenID Connect',
  });
  request.log.info({ editor: editor.email, method }, 'studio: signed in');
  reply
    .setCookie(SESSION_COOKIE, id, cookieOptions(request, context, SESSION_LIFETIME_MS / 1000))
    .header('cache-control', 'no-store');
  // The link's button posts from this site's own page, so a redirect brings the cookie along; a
  // provider's callback is a navigation another site started, in which it would be held back.
  if (method === 'link') return reply.redirect(STUDIO_PATH, 303);
  return reply
    .type('text/html; charset=utf-8')
    .send(signedInMovingOnPage({ siteName: context.siteName() }, editor.email, STUDIO_PATH));
}

/**
 * Whether someone on the list is the editor a record (a session, a sign-in link) was made for: the
 * same address, and the same addition to the list. An editor removed and added again is a new
 * editor (a new `added`), and what was made for them before no longer counts. A record without
 * `editorAdded` was made before records carried it; removing its editor deletes it (forgetEditor).
 */
export function isSameEditor(editor: Editor, record: { email: string; editorAdded?: string }): boolean {
  return editor.email === record.email && (record.editorAdded === undefined || record.editorAdded === editor.added);
}

/**
 * The editor whose session this is, as the editors list has them now (a changed role counts at
 * once), or undefined. The session of someone no longer on the list is ended.
 */
export async function editorOfSession(
  id: unknown,
  context: AccessContext,
  editors: readonly Editor[],
): Promise<Editor | undefined> {
  const session = await context.sessions.read(id, context.now());
  if (!session) return undefined;
  const editor = editors.find((candidate) => isSameEditor(candidate, session));
  if (!editor) await context.sessions.remove(id);
  return editor;
}

/** The editor whose session this request carries (editorOfSession). */
export async function signedInEditor(
  request: FastifyRequest,
  context: AccessContext,
  editors: readonly Editor[],
): Promise<Editor | undefined> {
  return editorOfSession(request.cookies[SESSION_COOKIE], context, editors);
}

/** Removes every session and unused sign-in link of this address (its editor was removed). */
export async function forgetEditor(dataDir: string, email: string): Promise<void> {
  await sessionRecords(dataDir).removeWhere((session) => session.email === email);
  await linkRecords(dataDir).removeWhere((link) => link.email === email);
}

/** Ends the request's session on the server (audited) and tells the browser to forget the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply, context: AccessContext): Promise<void> {
  const id = request.cookies[SESSION_COOKIE];
  const session = await context.sessions.read(id, context.now());
  await context.sessions.remove(id);
  if (typeof id === 'string') context.streams.end(id);
  if (session) {
    await appendAudit(context.dataDir, { who: session.email, action: 'sign-out', detail: 'from the studio' });
    request.log.info({ editor: session.email }, 'studio: signed out');
  }
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request, context, 0));
}
