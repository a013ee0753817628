// "Sign in with <provider>": the studio's sign-in through OpenID Connect (Google Workspace,
// Microsoft Entra ID, Okta or any certified provider). openid-client does the protocol: the
// authorization code flow with PKCE, state and nonce, and the ID token's signature, issuer,
// audience and expiry. The provider says who someone is; the editors list says whether they may in.
//
// What a started sign-in must remember (state, nonce, PKCE verifier) stays on the server under
// DATA_DIR/studio/oidc/, as the mailed links and sessions do (secret-records.ts); the browser holds
// only a random id in a cookie. So the callback takes it exactly once (a replayed callback finds
// nothing, before its code reaches the provider), there is no signing key to keep or rotate, and
// the verifier never leaves the server.
import type { FastifyInstance, FastifyReply } from 'fastify';
import path from 'node:path';
import * as client from 'openid-client';
import type { OidcConfig } from '../config.ts';
import { EditorsError, findEditor, normaliseEmail } from './editors.ts';
import { SIGN_IN_PATH } from './links.ts';
import { type PageContext, signInPage } from './pages.ts';
import { type Expiring, SecretRecords } from './secret-records.ts';
import { startSession } from './sessions.ts';

export const OIDC_START_PATH = `${SIGN_IN_PATH}/oidc`;
export const OIDC_CALLBACK_PATH = `${OIDC_START_PATH}/callback`;
/** Sent back only to the two routes above. */
const FLOW_COOKIE = 'studio_oidc';
/** Long enough to pick an account and pass a second factor; an older sign-in is refused. */
export const FLOW_LIFETIME_MS = 10 * 60_000;
/** Sign-ins started per client address in each window: each keeps a small file until it ends or expires. */
export const OIDC_START_LIMIT = { max: 30, windowMs: 15 * 60_000 } as const;

interface Flow extends Expiring {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const isFlow = (value: unknown): value is Flow => {
  const v = value as Partial<Flow> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.state === 'string' &&
    typeof v.nonce === 'string' &&
    typeof v.codeVerifier === 'string' &&
    typeof v.expires === 'number'
  );
};

export const flowsDir = (dataDir: string) => path.join(dataDir, 'studio', 'oidc');

/** The name on the button, from the issuer's host: the providers documented by name, any other by its host. */
export function providerName(issuer: string): string {
  const url = new URL(issuer);
  const host = url.hostname.toLowerCase();
  const under = (...domains: string[]) => domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
  if (under('google.com')) return 'Google';
  if (under('microsoftonline.com', 'microsoftonline.us', 'windows.net', 'ciamlogin.com')) return 'Microsoft';
  if (under('okta.com', 'oktapreview.com', 'okta-emea.com', 'okta-gov.com')) return 'Okta';
  return url.host.replace(/^www\./, '');
}

/** The sign-in page's "Sign in with <provider>" button, where a provider is set up. */
export function oidcButton(oidc: OidcConfig | undefined): { label: string; href: string } | undefined {
  return oidc && { label: `Sign in with ${providerName(oidc.issuer)}`, href: OIDC_START_PATH };
}

/** Where the provider sends the browser back: the address to register with it. */
export const redirectUri = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${OIDC_CALLBACK_PATH}`;

/**
 * Reads the provider's discovery document when a sign-in first needs it, not at start (a provider
 * down at boot must not keep the site from starting), and again after a failure.
 */
function discoverer(oidc: OidcConfig): () => Promise<client.Configuration> {
  let found: Promise<client.Configuration> | undefined;
  return () => {
    found ??= client
      .discovery(new URL(oidc.issuer), oidc.clientId, undefined, client.ClientSecretBasic(oidc.clientSecret), {
        timeout: 10,
        // config.ts allows plain http only to a provider on this machine.
        execute: new URL(oidc.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        found = undefined;
        throw error;
      });
    return found;
  };
}

type Tokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

/** A claim that says yes: JSON true, or "true" from a provider that sends its booleans as text. */
const isYes = (value: unknown) => value === true || value === 'true';

/**
 * Whether the provider vouches that the address belongs to whoever signed in. `email_verified:
 * true` (Google, Okta and every provider that checks addresses); or, from Microsoft Entra ID,
 * which never sends that claim and lets a tenant's administrators set any address on a user, the
 * optional `xms_edov` claim: the address's domain is one the tenant has proved it owns, so only the
 * organisation that owns the address can have put it there. Nothing else counts, the absence of a
 * claim included.
 */
export function isVouched(claims: Record<string, unknown>): boolean {
  return isYes(claims.email_verified) || isYes(claims.xms_edov);
}

/** The address the provider vouches for: in the ID token, or at userinfo when the token carries none (Okta). */
async function vouchedEmail(configuration: client.Configuration, tokens: Tokens): Promise<string | undefined> {
  const fromToken = tokens.claims();
  if (!fromToken) return undefined;
  const claims: Record<string, unknown> =
    fromToken.email === undefined
      ? await client.fetchUserInfo(configuration, tokens.access_token, fromToken.sub)
      : fromToken;
  return typeof claims.email === 'string' && isVouched(claims) ? claims.email : undefined;
}

export interface OidcSignInOptions {
  oidc: OidcConfig;
  /** PUBLIC_URL: the redirect URI registered with the provider is built on it. */
  publicUrl: string;
  dataDir: string;
  pageContext: () => PageContext;
  now?: () => number;
}

/** Registered inside the studioAccess plugin (its gate, cookies, rate limits and sessions). */
export async function oidcSignIn(app: FastifyInstance, options: OidcSignInOptions): Promise<void> {
  const { oidc, dataDir, pageContext } = options;
  const now = options.now ?? Date.now;
  const name = providerName(oidc.issuer);
  const button = oidcButton(oidc);
  const discover = discoverer(oidc);
  const callback = redirectUri(options.publicUrl);
  const flows = new SecretRecords(flowsDir(dataDir), isFlow);
  const cookieOptions = {
    path: OIDC_START_PATH,
    httpOnly: true,
    // Lax, not Strict: the provider sends the browser back from its own site, and a Strict cookie
    // would stay behind on that navigation.
    sameSite: 'lax',
    secure: options.publicUrl.startsWith('https:'),
  } as const;
  const perIp = app.createRateLimit({
    max: OIDC_START_LIMIT.max,
    timeWindow: OIDC_START_LIMIT.windowMs,
    keyGenerator: (request) => `oidc:${request.ip}`,
  });

  const refuse = (reply: FastifyReply, status: number, error: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .send(signInPage(pageContext(), { error, provider: button }));

  app.get(OIDC_START_PATH, async (request, reply) => {
    const limit = await perIp(request);
    if (!limit.isAllowed && limit.isExceeded)
      return refuse(
        reply.header('retry-after', Math.ceil(limit.ttl / 1000)),
        429,
        `Too many sign-ins were started from here just now. Please wait ${Math.ceil(limit.ttl / 60_000)} minutes, then try again.`,
      );
    let configuration: client.Configuration;
    try {
      configuration = await discover();
    } catch (error) {
      request.log.warn({ err: error }, `studio: the OpenID provider ${oidc.issuer} could not be reached`);
      return refuse(reply, 502, `${name} cannot be reached just now. Please try again in a few minutes.`);
    }
    const flow: Flow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      expires: now() + FLOW_LIFETIME_MS,
    };
    const id = await flows.create(flow, now());
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: callback,
      scope: 'openid email',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
    });
    reply.setCookie(FLOW_COOKIE, id, { ...cookieOptions, maxAge: FLOW_LIFETIME_MS / 1000 });
    return reply.redirect(url.href, 303);
  });

  // startSession answers an 'oidc' sign-in with a page that moves on by itself, not a redirect: this
  // navigation began at the provider's site, and the SameSite=Strict session cookie would not
  // come along on a redirect of it.
  app.get(OIDC_CALLBACK_PATH, async (request, reply) => {
    const id = request.cookies[FLOW_COOKIE];
    reply.clearCookie(FLOW_COOKIE, cookieOptions);
    const flow = await flows.take(id, now());
    if (!flow)
      return refuse(reply, 400, `That sign-in with ${name} has expired or was already used. Please start again.`);

    let email: string | undefined;
    try {
      const configuration = await discover();
      // Read as it arrived at the registered address, whatever Host a proxy passed on.
      const at = request.url.indexOf('?');
      const query = at === -1 ? '' : request.url.slice(at);
      const tokens = await client.authorizationCodeGrant(configuration, new URL(callback + query), {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      });
      email = await vouchedEmail(configuration, tokens);
    } catch (error) {
      if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied')
        return refuse(reply, 400, `Signing in with ${name} was cancelled. You can start again, or ask for a link.`);
      request.log.warn({ err: error }, `studio: a sign-in with ${oidc.issuer} was refused`);
      return refuse(reply, 400, `Signing in with ${name} did not succeed. Please start again.`);
    }

    let address: string | undefined;
    try {
      address = email === undefined ? undefined : normaliseEmail(email);
    } catch (error) {
      if (!(error instanceof EditorsError)) throw error;
    }
    if (address === undefined)
      return refuse(reply, 403, `${name} did not confirm an e-mail address for this account, so it cannot sign in.`);
    const editor = await findEditor(dataDir, address);
    if (!editor) {
      request.log.info({ address }, 'studio: an OpenID sign-in by an address that is not an editor was refused');
      return refuse(
        reply,
        403,
        `${address} is not an editor of this site. Ask the site's owner to add you, then sign in again.`,
      );
    }
    return startSession(request, reply, editor, 'oidc');
  });
}
